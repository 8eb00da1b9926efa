/**
 * An in-memory stand-in for the device's IndexedDB store (lib/offline/db.ts) and Dexie's liveQuery, for tests of
 * the offline round: jsdom has no IndexedDB. It holds the part of Dexie's API the app uses (where/equals, filter,
 * first, count, sortBy, add, put, get, update, delete, transaction); liveQuery re-runs on every change.
 */
type Row = Record<string, unknown>;
const watchers = new Set<() => void>();
const changed = () => watchers.forEach((w) => w());

class Collection<T extends Row> {
  constructor(private readonly rows: () => T[]) {}
  filter(fn: (r: T) => boolean) {
    return new Collection(() => this.rows().filter(fn));
  }
  async first() {
    const r = this.rows()[0];
    return r && { ...r };
  }
  async count() {
    return this.rows().length;
  }
  async toArray() {
    return this.rows().map((r) => ({ ...r }));
  }
  async sortBy(field: string) {
    return (await this.toArray()).sort((a, b) => Number(a[field]) - Number(b[field]));
  }
}

class Table<T extends Row> {
  readonly rows = new Map<unknown, T>();
  private seq = 0;
  constructor(
    private readonly key: string,
    private readonly auto: boolean,
  ) {}
  async add(r: T) {
    const k = this.auto ? ++this.seq : r[this.key];
    this.rows.set(k, { ...r, [this.key]: k });
    changed();
    return k;
  }
  async put(r: T) {
    this.rows.set(r[this.key], { ...r });
    changed();
  }
  async get(k: unknown) {
    const r = this.rows.get(k);
    return r && { ...r };
  }
  async update(k: unknown, changes: Partial<T>) {
    const r = this.rows.get(k);
    if (!r) return 0;
    this.rows.set(k, { ...r, ...changes });
    changed();
    return 1;
  }
  async delete(k: unknown) {
    this.rows.delete(k);
    changed();
  }
  where(field: string) {
    return { equals: (v: unknown) => new Collection(() => [...this.rows.values()].filter((r) => r[field] === v)) };
  }
  clear() {
    this.rows.clear();
    this.seq = 0;
  }
}

export const stubOfflineDb = {
  queue: new Table<Row>('seq', true),
  snapshots: new Table<Row>('id', false),
  transaction: async (_mode: string, _table: unknown, fn: () => Promise<void>) => fn(),
};

/** Empties the store between tests. */
export const clearOfflineDb = () => {
  stubOfflineDb.queue.clear();
  stubOfflineDb.snapshots.clear();
};

export function liveQuery<T>(query: () => Promise<T>) {
  return {
    subscribe({ next, error }: { next: (v: T) => void; error?: (e: unknown) => void }) {
      const run = () => void query().then(next, error);
      watchers.add(run);
      run();
      return { unsubscribe: () => watchers.delete(run) };
    },
  };
}
