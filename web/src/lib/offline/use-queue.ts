import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { offlineDb, type QueuedEntry } from './db';
import { useSession } from '../session';

/**
 * The signed-in user's queued entries, live (Dexie's liveQuery re-runs on every change of the table). Another user
 * signing in on the device sees their own entries only (decision 0046: the queue is kept per user).
 */
export function useQueue(): QueuedEntry[] {
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const userId = useSession((s) => s.userInfo?.user_id ?? '');
  useEffect(() => {
    const sub = liveQuery(() => offlineDb.queue.where('userId').equals(userId).sortBy('seq')).subscribe({ next: setEntries, error: () => setEntries([]) });
    return () => sub.unsubscribe();
  }, [userId]);
  return entries;
}

/** Whether the browser says it has a network, live. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}
