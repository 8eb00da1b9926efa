import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FILTER_SUFFIXES, type Endpoint } from '@zoo/contract';
import { BizError } from './errors';
import { mapFilters, orderBy } from './list-filter';
import { pageOf, selectPage, type CountMode } from './paging';
import { route, type AuthedCall } from './route';
import { isPlatformAdministrator } from './session';

export type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session' | 'req'>;

export interface ReadOptions<T extends PgTable> {
  table: T;
  /** Filter keys of the contract (bare = LIKE; suffixes per contract §1.2). */
  filters: readonly string[];
  /** Row → record shape of the contract (defaults to the row itself). */
  toRecord?: (row: T['$inferSelect'], ctx: Ctx) => unknown;
  /** Extra list conditions computed by the platform (e.g. data scopes). */
  listScope?: (ctx: Ctx) => Promise<SQL | undefined>;
  defaultOrder?: (cols: Record<string, PgColumn>) => SQL[];
  /** How `total` is counted (platform/paging.ts); exact unless the list opts in. */
  count?: CountMode;
}

export const NOT_FOUND = '数据不存在或已被删除';

const liveOf = (table: PgTable) => {
  const deleted = (getTableColumns(table) as Record<string, PgColumn>).isDeleted;
  return deleted ? eq(deleted, 0) : undefined;
};

/** GET list: page of the table under the map filters, in the caller's tenant (row-level security). */
export function listRoute<T extends PgTable>(app: FastifyInstance, ep: Endpoint, o: ReadOptions<T>): void {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const live = liveOf(o.table);
  // A declared `createTime_dategt` enables the field `createTime` for every suffix.
  const fields = [...new Set(o.filters.map((k) => k.slice(0, k.length - (FILTER_SUFFIXES.find((s) => k.endsWith(s))?.length ?? 0))))];
  route(app, ep, async (call) => {
    const q = call.query as Record<string, unknown> & { current: number; size: number; ascs?: string; descs?: string };
    const scope = o.listScope ? await o.listScope(call) : undefined;
    const where = and(live, scope, ...mapFilters(o.table, q, fields));
    const order = orderBy(o.table, q.ascs, q.descs);
    const fallback = o.defaultOrder ? o.defaultOrder(cols) : [desc(cols.id!)];
    const count = o.count && {
      mode: o.count,
      cache: app.zoo.cache,
      scope: ep.crossTenant && isPlatformAdministrator(call.session) ? '*' : call.session.tenantId,
    };
    const { rows, total } = await selectPage(call.db, o.table, where, order.length ? order : fallback, q, count);
    const records = await Promise.all(rows.map((r) => (o.toRecord ? o.toRecord(r, call) : r)));
    return pageOf(records, total, q) as never;
  });
}

/** One live row by id in the caller's tenant, or undefined. */
export async function findLive<T extends PgTable>(ctx: Pick<Ctx, 'db'>, table: T, id: string): Promise<T['$inferSelect'] | undefined> {
  const idCol = (getTableColumns(table) as Record<string, PgColumn>).id!;
  const [row] = await ctx.db.select().from(table as PgTable).where(and(eq(idCol, id), liveOf(table)));
  return row as T['$inferSelect'] | undefined;
}

/** GET detail?id: the record, or 400 "数据不存在或已被删除". */
export function detailRoute<T extends PgTable>(app: FastifyInstance, ep: Endpoint, o: Pick<ReadOptions<T>, 'table' | 'toRecord'>): void {
  route(app, ep, async (call) => {
    const row = await findLive(call, o.table, (call.query as { id: string }).id);
    if (!row) throw new BizError(NOT_FOUND);
    return (o.toRecord ? await o.toRecord(row, call) : row) as never;
  });
}
