import { sql } from 'drizzle-orm';
import type { DbLike } from '../../db/client';
import { reusableSql } from '../../db/reusable';
import { readInOpening } from '../tenancy/tenant-tx';

/**
 * Names that records look up (species, cage, keeper…) kept in memory per tenant and per version of the tables they
 * come from (docs/decisions/0033). Every write statement on those tables raises the version in the same
 * transaction (migration 0026: sys_row_count per tenant, sys_table_version for the platform's species catalogue).
 * A list or detail reads the versions in its opening (or, when that has left, with its own rows in its first
 * message); a lookup whose rows are all known at those versions then sends nothing, so a warm page is one message
 * to PostgreSQL instead of two.
 *
 * Nothing is trusted across versions: a set of rows is kept under the versions it was read at and dropped when a
 * request reads others, so a name changed on any instance is shown by the next request that starts after the
 * change committed. Without a version read in the request (other callers, cross-tenant calls) lookups query as
 * before.
 */
const versionRows = reusableSql<{ t: string; v: string }>(sql`select table_name as t, version::text as v from sys_row_count
  where table_name = any(${sql.placeholder('tables')})
  union all select table_name, version::text from sys_table_version where table_name = any(${sql.placeholder('tables')})`);

/** The same read as a column of the request's opening, one statement fewer (migration 0028: as the owner). */
const VERSIONS_COLUMN = 'lookup_versions($1, $2::text[])';

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

/** `tables` as an array's text (`{"a","b"}`, cast by the column), written once per resource's list of tables. */
const arrayTexts = new WeakMap<readonly string[], string>();
function arrayText(tables: readonly string[]): string {
  let text = arrayTexts.get(tables);
  if (text === undefined) arrayTexts.set(tables, (text = `{${tables.map((t) => `"${t.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`));
  return text;
}

/**
 * The versions column (JSON, table → version) as a map. Between writes every request of a tenant reads the same
 * text, so the last few texts keep their maps (read only, never changed): parsing it was 1.5 % of a detail's CPU.
 */
const parsed = new Map<string, ReadonlyMap<string, string>>();
function versionsOf(json: string): ReadonlyMap<string, string> {
  let map = parsed.get(json);
  if (!map) {
    if (parsed.size >= 64) parsed.delete(parsed.keys().next().value!);
    parsed.set(json, (map = new Map(Object.entries(JSON.parse(json) as Record<string, string>))));
  }
  return map;
}

/**
 * Reads the versions of `tables` as seen by the request's tenant, issued now so that it leaves with the caller's
 * next statements (one message). `scope` is the request (the batch loaders' scope).
 */
export function readLookupVersions(scope: object, db: DbLike, tenant: string, tables: readonly string[]): void {
  const inOpening = readInOpening(db, VERSIONS_COLUMN, [tenant, arrayText(tables)]);
  const versions = inOpening
    ? inOpening.then((json) => versionsOf((json as string | null) ?? '{}'))
    : versionRows(db, { tables: [...tables] }).then((rows) => new Map(rows.map((r) => [r.t, r.v])));
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
