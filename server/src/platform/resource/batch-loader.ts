/**
 * Per-request batching for record lookups: CRUD lists map each row through `toRecord`, and a lookup per row
 * (species name, cage name, parent animal…) would be one query per row. Keys asked for in the same turn of the
 * event loop are loaded with one query; results are memoised for the rest of the request.
 */
type Load<V> = (keys: string[]) => Promise<Map<string, V>>;

interface Loader<V> {
  cache: Map<string, Promise<V | undefined>>;
  pending: Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }>;
  scheduled: boolean;
}

const perRequest = new WeakMap<object, Map<string, Loader<unknown>>>();

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
      setImmediate(() => void flush());
    }
    return p;
  };
}
