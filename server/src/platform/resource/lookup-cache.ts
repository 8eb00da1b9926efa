import { sql } from 'drizzle-orm';
import { rowsOf, type DbLike } from '../../db/client';

/**
 * Names that records look up (species, cage, keeper…) kept in memory per tenant and per version of the tables they
 * come from (docs/decisions/0033). Every write statement on those tables raises the version in the same
 * transaction (migration 0026: sys_row_count per tenant, sys_table_version for the platform's species catalogue).
 * A list or detail reads the versions with its first statements (pipelined: the same round trip); a lookup whose
 * rows are all known at those versions then sends nothing.
 *
 * Nothing is trusted across versions: a set of rows is kept under the versions it was read at and dropped when a
 * request reads others, so a name changed on any instance is shown by the next request that starts after the
 * change committed. Without a version read in the request (other callers, cross-tenant calls) lookups query as
 * before.
 */
/** The versions of `tables` the caller's tenant sees (row-level security on sys_row_count), and the platform's. */
const versionRows = (db: DbLike, tables: readonly string[]) =>
  rowsOf<{ t: string; v: string }>(
    db,
    sql`select table_name as t, version::text as v from sys_row_count where table_name = any(${sql.param(tables)})
    union all select table_name, version::text from sys_table_version where table_name = any(${sql.param(tables)})`,
  );

interface Read {
  tenant: string;
  versions: Promise<ReadonlyMap<string, string>>;
  /** The versions once they are in (heldLookup reads them without waiting). */
  known?: ReadonlyMap<string, string>;
}
const perRequest = new WeakMap<object, Read>();

/** Memory bounds: rows per set (then the set starts over) and sets in all (least recently used go first). */
const MAX_ROWS = 5_000;
const MAX_SETS = 2_000;
const sets = new Map<string, { at: string; rows: Map<string, unknown> }>();

/**
 * Reads the versions of `tables` as seen by the request's tenant, issued now so that it leaves with the caller's
 * next statements (one round trip). `scope` is the request (the batch loaders' scope).
 */
export function readLookupVersions(scope: object, db: DbLike, tenant: string, tables: readonly string[]): void {
  const versions = versionRows(db, tables).then((rows) => new Map(rows.map((r) => [r.t, r.v])) as ReadonlyMap<string, string>);
  const read: Read = { tenant, versions };
  // Awaited by the lookups; a failure also fails the statements of the same message, which the caller awaits.
  versions.then((v) => (read.known = v)).catch(() => undefined);
  perRequest.set(scope, read);
}

/** The key of a set's versions: those of every table its statement reads. */
const versionKey = (versions: ReadonlyMap<string, string>, tables: readonly string[]): string =>
  tables.length === 1 ? (versions.get(tables[0]!) ?? '0') : tables.map((t) => versions.get(t) ?? '0').join('.');

/**
 * A row `cachedLookup` holds for `id` at the versions this request read — `{ value }`, undefined meaning known
 * not to exist — or undefined when it would have to ask (versions not in yet, another version, an id not seen).
 * The same answer cachedLookup gives, without a promise, a batch or a turn of the event loop: a warm detail's five
 * names cost that much each. It leaves the set's place in the least-recently-used order alone: a set evicted while
 * only read here is loaded again once.
 */
export function heldLookup<V>(scope: object, name: string, tables: readonly string[], id: string): { value: V | undefined } | undefined {
  const read = perRequest.get(scope);
  if (!read?.known) return undefined;
  const set = sets.get(`${read.tenant}:${name}`);
  if (set?.at !== versionKey(read.known, tables) || !set.rows.has(id)) return undefined;
  return { value: set.rows.get(id) as V | undefined };
}

/**
 * Wraps a lookup's loader (ids → rows by id) with the cache. `tables` are every table its statement reads (a
 * cage's name comes with its venue's).
 */
export function cachedLookup<V>(scope: object, name: string, tables: readonly string[], load: (ids: string[]) => Promise<Map<string, V>>) {
  return async (ids: string[]): Promise<Map<string, V>> => {
    const read = perRequest.get(scope);
    if (!read) return load(ids);
    const versions = await read.versions;
    const at = versionKey(versions, tables);
    const key = `${read.tenant}:${name}`;
    let set = sets.get(key);
    if (set?.at !== at) set = { at, rows: new Map() };
    sets.delete(key);
    sets.set(key, set);
    if (sets.size > MAX_SETS) sets.delete(sets.keys().next().value!);
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const id of ids) {
      if (!set.rows.has(id)) missing.push(id);
      else if (set.rows.get(id) !== undefined) out.set(id, set.rows.get(id) as V);
    }
    if (!missing.length) return out;
    const found = await load(missing);
    if (set.rows.size + missing.length > MAX_ROWS) set.rows.clear();
    // An id found nowhere is remembered too: creating it raises the version.
    for (const id of missing) {
      const v = found.get(id);
      set.rows.set(id, v);
      if (v !== undefined) out.set(id, v);
    }
    return out;
  };
}
