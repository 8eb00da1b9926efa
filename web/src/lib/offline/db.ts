import Dexie, { type EntityTable } from 'dexie';

/** A queued offline entry (decision 0046): sent to POST /zoo/basicLog/sync with its idempotency key. */
export interface QueuedEntry {
  seq?: number;
  /** Idempotency key (a UUID): the server applies one key once. */
  key: string;
  userId: string;
  kind: 'log' | 'feeding';
  /** What the entry is about, so a second edit of the same thing replaces an unsent one: log:<animal>:<day>, feeding:<plan>:<no>:<day>. */
  target: string;
  /** The row version the keeper saw when making it (0: none). */
  base: number;
  body: Record<string, unknown>;
  /** Shown in the queue and the conflict dialog: the animal and what was done. */
  label: string;
  status: 'pending' | 'conflict' | 'rejected';
  /** conflict: the server's version; rejected: the server's message. */
  server?: Record<string, unknown>;
  msg?: string;
  createdAt: number;
}

/** Data kept for offline use, per user and name (today's round, its feedings…). */
export interface Snapshot {
  id: string;
  data: unknown;
  savedAt: number;
}

export const offlineDb = new Dexie('zoo-offline') as Dexie & {
  queue: EntityTable<QueuedEntry, 'seq'>;
  snapshots: EntityTable<Snapshot, 'id'>;
};
offlineDb.version(1).stores({ queue: '++seq, &key, userId, target, status', snapshots: 'id' });
