import { RequestError } from '../request/request-error';
import { currentUser } from './user';
import { offlineDb } from './db';

/** Whether a failure is the network's (offline, timeout), not the server's answer. */
export const isNetworkError = (e: unknown) => e instanceof RequestError && (e.kind === 'network' || e.kind === 'timeout');

/**
 * Reads `name` from the network and keeps it on the device for the signed-in user; without a network, answers
 * the kept copy (with `offline: true`). A screen that works offline reads its data through this.
 */
export async function kept<T>(name: string, fetch: () => Promise<T>): Promise<{ data: T; offline: boolean; savedAt: number }> {
  const id = `${currentUser()}:${name}`;
  // Read beside the network, not after it fails: offline the kept copy is ready when the failure comes.
  const stored = offlineDb.snapshots.get(id).catch(() => undefined);
  try {
    const data = await fetch();
    const savedAt = Date.now();
    // Best effort: without IndexedDB the screen still works online.
    await offlineDb.snapshots.put({ id, data, savedAt }).catch(() => undefined);
    return { data, offline: false, savedAt };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const s = await stored;
    if (!s) throw e;
    return { data: s.data as T, offline: true, savedAt: s.savedAt };
  }
}
