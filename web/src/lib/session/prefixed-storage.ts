import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** One localStorage entry, shaped like Saber's setStore so the `saber-token.datetime` stamp exists. */
interface Entry {
  dataType: string;
  content: unknown;
  datetime: number;
}

const read = (key: string): Entry | null => {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as Entry;
  } catch {
    return null;
  }
};

/**
 * Persists each state key under its own `<name>-<key>` entry (saber-token, saber-menu …) instead of
 * one blob. An entry is rewritten only when its content changed, so its datetime records when that
 * value was set, not when some other key last moved.
 */
export function prefixedStorage<S extends object>(keys: readonly (keyof S & string)[]): PersistStorage<S> {
  return {
    getItem(name) {
      const state: Partial<S> = {};
      let found = false;
      for (const k of keys) {
        const entry = read(`${name}-${k}`);
        if (entry) {
          state[k] = entry.content as S[typeof k];
          found = true;
        }
      }
      return found ? ({ state, version: 0 } as StorageValue<S>) : null;
    },
    setItem(name, value) {
      for (const k of keys) {
        const key = `${name}-${k}`;
        const content = value.state[k];
        if (JSON.stringify(read(key)?.content) === JSON.stringify(content)) continue;
        const entry: Entry = { dataType: typeof content, content, datetime: Date.now() };
        localStorage.setItem(key, JSON.stringify(entry));
      }
    },
    removeItem(name) {
      for (const k of keys) localStorage.removeItem(`${name}-${k}`);
    },
  };
}
