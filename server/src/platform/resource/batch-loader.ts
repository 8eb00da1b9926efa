/**
 * Per-request batching for record lookups: CRUD lists map each row through `toRecord`, and a lookup per row
 * (species name, cage name, parent animal…) would be one query per row. Keys asked for in the same turn of the
 * event loop are loaded with one query; results are memoised for the rest of the request. All the request's
 * loaders with keys waiting flush in one callback, so their queries are issued together and leave as one message
 * to PostgreSQL (platform/tenancy/tenant-tx.ts).
 */
type Load<V> = (keys: string[]) => Promise<Map<string, V>>;

interface Loader<V> {
  cache: Map<string, Promise<V | undefined>>;
  pending: Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }>;
  scheduled: boolean;
}

const perRequest = new WeakMap<object, Map<string, Loader<unknown>>>();
/** Per request scope: the flushes waiting for the end of this turn (one setImmediate runs them all). */
const waiting = new WeakMap<object, Array<() => Promise<void>>>();

function scheduleFlush(scope: object, flush: () => Promise<void>): void {
  let list = waiting.get(scope);
  if (list) return void list.push(flush);
  waiting.set(scope, (list = [flush]));
  setImmediate(() => {
    waiting.delete(scope);
    for (const f of list) void f();
  });
}

export function batchLoader<V>(scope: object, name: string, load: Load<V>): (key: string | null | undefined) => Promise<V | undefined> {
  let loaders = perRequest.get(scope);
  if (!loaders) perRequest.set(scope, (loaders = new Map()));
  let l = loaders.get(name) as Loader<V> | undefined;
  if (!l) loaders.set(name, (l = { cache: new Map(), pending: new Map(), scheduled: false }) as Loader<unknown>);
  const loader = l;

  const flush = async () => {
    loader.scheduled = false;
    const batch = new Map(loader.pending);
    loader.pending.clear();
    try {
      const found = await load([...batch.keys()]);
      for (const [k, p] of batch) p.resolve(found.get(k));
    } catch (e) {
      for (const [k, p] of batch) {
        loader.cache.delete(k);
        p.reject(e);
      }
    }
  };

  return (key) => {
    if (!key) return Promise.resolve(undefined);
    const hit = loader.cache.get(key);
    if (hit) return hit;
    const p = new Promise<V | undefined>((resolve, reject) => loader.pending.set(key, { resolve, reject }));
    loader.cache.set(key, p);
    if (!loader.scheduled) {
      loader.scheduled = true;
      scheduleFlush(scope, flush);
    }
    return p;
  };
}

/** A loader getter; `held` answers a key from memory at once when it can (`{ value }`), else undefined. */
export type Getter<V> = ((key: string | null | undefined) => Promise<V | undefined>) & { held?: (key: string) => { value: V | undefined } | undefined };

/**
 * The values of many keys through one loader getter, as a map: a list maps its rows once every lookup is in,
 * instead of awaiting a few lookups per row (ten rows × five lookups were fifty promises and ten async frames).
 */
export async function loadAll<V>(get: Getter<V>, keys: Iterable<string | null | undefined>): Promise<Map<string, V>> {
  if (get.held) {
    // Every key answered from memory (names held at the request's versions): no promise per key.
    const list = Array.isArray(keys) ? (keys as Array<string | null | undefined>) : [...keys];
    const out = new Map<string, V>();
    let all = true;
    for (const k of list) {
      if (!k || out.has(k)) continue;
      const h = get.held(k);
      if (!h) {
        all = false;
        break;
      }
      if (h.value !== undefined) out.set(k, h.value);
    }
    if (all) return out;
    keys = list;
  }
  const distinct = [...new Set([...keys].filter((k): k is string => !!k))];
  const values = await Promise.all(distinct.map(get));
  const out = new Map<string, V>();
  distinct.forEach((k, i) => {
    if (values[i] !== undefined) out.set(k, values[i] as V);
  });
  return out;
}
