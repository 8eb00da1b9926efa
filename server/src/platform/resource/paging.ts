import { and, count, getTableColumns, getTableName, gt, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Endpoint, PageOf, PageQuery } from '@zoo/contract';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type DbLike } from '../../db/client';
import type { Cache } from '../cache';
import { selectWhole } from './whole-rows';
import { acrossTenants, type Session } from '../auth/session';

export function pageOf<T>(records: T[], total: number, q: Pick<PageQuery, 'current' | 'size'>): PageOf<T> {
  return {
    records,
    total,
    size: q.size,
    current: q.current,
    pages: q.size > 0 ? Math.ceil(total / q.size) : 0,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    hitCount: false,
    countId: '',
    maxLimit: -1,
  };
}

/**
 * How a list learns its `total` (docs/decisions/0008-counting-large-lists.md):
 * - exact: count(*) on every page request (small tables);
 * - cached: counted once per filter set and tenant, kept until a write to the table invalidates it
 *   (crudRoutes does so for tables that opt in; other writers call `invalidateCounts`) or 5 minutes pass;
 * - appendOnly: for tables that only grow, with time-ordered ids (logs): the settled part is counted once per
 *   filter set and afterwards only rows newer than the last count are counted, through the primary key;
 * - counted: the table's live rows per tenant are kept in sys_row_count by triggers in the writing transaction
 *   (docs/decisions/0016-counting-at-scale.md). The unfiltered list reads that row; a filtered list counts once
 *   per filter set and table version (bumped by every write statement, read in the request's own transaction:
 *   exact after any write on any instance, no NOTIFY needed); data-scoped or module-scoped lists count exactly.
 */
export type CountMode = 'exact' | 'cached' | 'appendOnly' | 'counted';

export interface CountOptions {
  mode: CountMode;
  cache: Cache;
  /** Whose rows the count sees: the tenant id, or '*' in cross-tenant mode (row-level security decides). */
  scope: string;
  /** appendOnly: age after which an id's row is surely committed (default 10 s). */
  settleSeconds?: number;
  /** counted: the condition is only `is_deleted = 0` (no filter, data scope or module scope). */
  unfiltered?: boolean;
  /** counted: the condition reads other tables (data scope, module scope), so no count of it is kept. */
  scoped?: boolean;
}

/** The count options of a list call: the scope is what row-level security lets the caller see. */
export function countOptions(
  app: FastifyInstance,
  ep: Endpoint,
  session: Session,
  mode: CountMode | undefined,
  shape: Pick<CountOptions, 'unfiltered' | 'scoped'> = {},
): CountOptions | undefined {
  if (!mode || mode === 'exact' || app.zoo.config.listCount === 'exact') return undefined;
  return { mode, cache: app.zoo.cache, scope: acrossTenants(ep, session) ? '*' : session.tenantId, ...shape };
}

const CACHED_TTL_MS = 5 * 60_000;
const APPEND_TTL_MS = 10 * 60_000;
/** Rows whose id is older than this are committed: log rows are inserted by short autocommit statements. */
const SETTLE_SECONDS = 10;
/** next_id(): (ms since this epoch) << 22 | sequence (drizzle/0000_bootstrap.sql). */
const ID_EPOCH_MS = 1577836800000;

const dialect = new PgDialect();
export const countPrefix = (table: PgTable) => `count:${getTableName(table)}:`;

/** Drops cached totals of `table` here and, on commit, on every instance. */
export const invalidateCounts = (cache: Cache, db: DbLike, table: PgTable) => cache.invalidate(db, countPrefix(table));

function countKey(table: PgTable, where: SQL | undefined, o: CountOptions): string {
  const q = where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
  return `${countPrefix(table)}${o.scope}:${q.sql}:${JSON.stringify(q.params)}`;
}

async function exactCount(db: DbLike, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = (await db.select({ n: count() }).from(table).where(where)) as [{ n: number }];
  return Number(row.n);
}

interface AppendEntry {
  /** Id watermark: rows with id <= w are in `base`. */
  w: string;
  base: number;
}

async function appendOnlyCount(db: DbLike, table: PgTable, where: SQL | undefined, o: CountOptions, key: string): Promise<number> {
  const id = getTableColumns(table).id as PgColumn;
  const since = o.cache.epoch;
  const prev = o.cache.peek<AppendEntry>(key);
  // The watermark goes back as a literal so the planner sees the id range and walks the primary key.
  const settle = Math.max(0, Math.floor(o.settleSeconds ?? SETTLE_SECONDS));
  const wm = (await db.execute(
    sql`select ((floor(extract(epoch from now() - make_interval(secs => ${settle})) * 1000)::bigint - ${ID_EPOCH_MS}) << 22)::text as w`,
  )) as unknown as { rows: Array<{ w: string }> };
  const w = wm.rows[0]!.w;
  if (prev && BigInt(w) < BigInt(prev.w)) {
    o.cache.clearLocal(key);
    return appendOnlyCount(db, table, where, o, key);
  }
  const res = (await db.execute(sql`select
    (select count(*) from ${table} where ${and(where, prev ? gt(id, prev.w) : undefined, lte(id, w))}) as settled,
    (select count(*) from ${table} where ${and(where, gt(id, w))}) as recent`)) as unknown as {
    rows: Array<{ settled: string | number; recent: string | number }>;
  };
  const r = res.rows[0]!;
  const base = (prev?.base ?? 0) + Number(r.settled);
  o.cache.set(key, { w, base } satisfies AppendEntry, APPEND_TTL_MS, since);
  return base + Number(r.recent);
}

/**
 * Live rows and version of `table` as row-level security lets the caller see them: one primary-key row for a
 * tenant; the sum over tenants in cross-tenant mode (versions only grow, so their sum changes with any write).
 */
async function liveCounter(db: DbLike, table: PgTable): Promise<{ n: number; v: string }> {
  const [r] = await rowsOf<{ n: string; v: string }>(
    db,
    sql`select coalesce(sum(live), 0)::int8::text as n, coalesce(sum(version), 0)::int8::text as v from sys_row_count where table_name = ${getTableName(table)}`,
  );
  return { n: Number(r!.n), v: r!.v };
}

async function countedCount(db: DbLike, table: PgTable, where: SQL | undefined, o: CountOptions, key: string): Promise<number> {
  if (o.scoped) return exactCount(db, table, where);
  const { n, v } = await liveCounter(db, table);
  if (o.unfiltered) return n;
  return o.cache.get(`${key}:v${v}`, CACHED_TTL_MS, () => exactCount(db, table, where));
}

export async function countRows(db: DbLike, table: PgTable, where: SQL | undefined, o?: CountOptions): Promise<number> {
  if (!o || o.mode === 'exact') return exactCount(db, table, where);
  // The unfiltered counted list reads its kept row: no key to render.
  if (o.mode === 'counted' && o.unfiltered && !o.scoped) return (await liveCounter(db, table)).n;
  const key = countKey(table, where, o);
  if (o.mode === 'cached') return o.cache.get(key, CACHED_TTL_MS, () => exactCount(db, table, where));
  if (o.mode === 'counted') return countedCount(db, table, where, o, key);
  return appendOnlyCount(db, table, where, o, key);
}

/** One page of rows, page size and offset bound like every other value. */
function pageRows(db: DbLike, table: PgTable, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<unknown[]> {
  // The column list's text is kept per table (whole-rows.ts); the condition, order and page are built as before.
  return selectWhole(
    db,
    table,
    sql`${where ? sql`where ${where} ` : sql``}${order.length ? sql`order by ${sql.join(order, sql`, `)} ` : sql``}limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`,
  );
}

/** One page of `table` under `where`, ordered, with its total (counted as `count` says; exact by default). */
export async function selectPage<T extends PgTable>(
  db: DbLike,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  q: Pick<PageQuery, 'current' | 'size'>,
  count?: CountOptions,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Count and page issued together: one message to PostgreSQL (an empty result costs the page query nothing).
  const [n, rows] = await Promise.all([
    countRows(db, table as PgTable, where, count),
    pageRows(db, table as PgTable, where, order, q.size, (q.current - 1) * q.size),
  ]);
  return { rows: n === 0 ? [] : (rows as T['$inferSelect'][]), total: n };
}
