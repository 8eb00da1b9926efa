export { offlineDb, type QueuedEntry } from './db';
export { discard, enqueue, flush, keepMine, onSynced, startSync } from './queue';
export { isNetworkError, kept } from './snapshot';
export { useOnline, useQueue } from './use-queue';
export { currentUser } from './user';
