import type { SyncResult } from '@zoo/contract';
import { withJitlessZod } from '../zod-jitless';
import { call } from '../request';
import { offlineDb, type QueuedEntry } from './db';
import { currentUser } from './user';

// The shell loads the contract (zod schemas) only when it sends, jitless first (lib/zod-jitless.ts): zod probes
// eval when a schema is built, a CSP violation on every page if the contract came with the shell.
const contract = withJitlessZod(() => import('@zoo/contract'));

const BATCH = 50;
const listeners = new Set<() => void>();
/** Screens showing server data refresh after a sync applied something (the round's query, the header count). */
export const onSynced = (fn: () => void) => {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
};

/**
 * Queues an entry made on the round. A second edit of the same thing while the first is unsent replaces it (one
 * key, the latest values), so the server sees one change per thing, not a history of taps.
 */
export async function enqueue(e: Pick<QueuedEntry, 'kind' | 'target' | 'base' | 'body' | 'label'>): Promise<void> {
  const userId = currentUser();
  await offlineDb.transaction('rw', offlineDb.queue, async () => {
    const same = await offlineDb.queue
      .where('target')
      .equals(e.target)
      .filter((q) => q.userId === userId && q.status === 'pending')
      .first();
    if (same && !inFlight.has(same.key)) await offlineDb.queue.update(same.seq!, { body: e.body, label: e.label });
    else await offlineDb.queue.add({ ...e, key: crypto.randomUUID(), userId, status: 'pending', createdAt: Date.now() });
  });
  void flush();
}

const inFlight = new Set<string>();
let running: Promise<void> | undefined;

/** Sends the user's pending entries in order, a batch at a time; keeps them when the network is gone. */
export function flush(): Promise<void> {
  // Without IndexedDB (a locked-down browser, tests) there is no queue to send: nothing to report.
  running ??= send()
    .catch(() => undefined)
    .finally(() => (running = undefined));
  return running;
}

async function send(): Promise<void> {
  const userId = currentUser();
  if (!userId || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  let applied = false;
  for (;;) {
    const batch = (await offlineDb.queue.where('userId').equals(userId).sortBy('seq')).filter((q) => q.status === 'pending').slice(0, BATCH);
    if (!batch.length) break;
    batch.forEach((q) => inFlight.add(q.key));
    let results: SyncResult[];
    try {
      const { dietEndpoints } = await contract();
      ({ results } = await call(dietEndpoints.sync, {
        body: { entries: batch.map((q) => ({ key: q.key, kind: q.kind, base: q.base, body: q.body })) as never },
      }));
    } catch {
      // Offline, timed out or signed out (401): the entries stay queued and go when the network is back or the
      // same user has signed in again (the login page asks for the password; the queue is not touched).
      break;
    } finally {
      batch.forEach((q) => inFlight.delete(q.key));
    }
    await offlineDb.transaction('rw', offlineDb.queue, async () => {
      for (const r of results) {
        const q = batch.find((b) => b.key === r.key);
        if (!q) continue;
        if (r.status === 'applied' || r.status === 'duplicate') {
          applied = true;
          await offlineDb.queue.delete(q.seq!);
        } else await offlineDb.queue.update(q.seq!, { status: r.status, server: r.server, msg: r.msg });
      }
    });
  }
  if (applied) listeners.forEach((fn) => fn());
}

/** The keeper keeps the device's version: sent again on the server's version, under a new key. */
export async function keepMine(q: QueuedEntry): Promise<void> {
  await offlineDb.queue.update(q.seq!, {
    key: crypto.randomUUID(),
    base: Number(q.server?.rowVersion ?? q.base),
    status: 'pending',
    server: undefined,
    msg: undefined,
  });
  void flush();
}

/** The keeper takes the server's version (or drops a refused entry): the device's entry is discarded. */
export async function discard(q: QueuedEntry): Promise<void> {
  await offlineDb.queue.delete(q.seq!);
  listeners.forEach((fn) => fn());
}

let started = false;
/** Sends when the network comes back, and now. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flush());
  void flush();
}
