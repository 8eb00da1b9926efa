import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Endpoint } from '@zoo/contract';
import { NOT_FOUND } from './crud-routes';
import { BizError } from './errors';
import { mapFilters, orderBy } from './list-filter';
import { countOptions, pageOf, selectPage, type CountMode } from './paging';
import { route } from './route';

/**
 * List and detail of a read-only resource (logs): the `defineReadonly` counterpart of crudRoutes' list and
 * detail, without data scopes, trees or record mapping.
 */
export interface ReadOptions<T extends PgTable> {
  table: T;
  /** Filter keys of the contract (bare = LIKE; suffixed keys allow exactly that filter). */
  filters: readonly string[];
  /** How `total` is counted (platform/paging.ts). */
  count?: CountMode;
}

export function readonlyRoutes<T extends PgTable>(app: FastifyInstance, eps: { list: Endpoint; detail: Endpoint }, o: ReadOptions<T>): void {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;

  route(app, eps.list, async (call) => {
    const q = call.query as Record<string, unknown> & { current: number; size: number; ascs?: string; descs?: string };
    const where = and(...mapFilters(o.table, q, o.filters));
    const order = orderBy(o.table, q.ascs, q.descs);
    const { rows, total } = await selectPage(call.db, o.table, where, order.length ? order : [desc(cols.id!)], q, countOptions(app, eps.list, call.session, o.count));
    return pageOf(rows, total, q) as never;
  });

  route(app, eps.detail, async (call) => {
    const [row] = await call.db.select().from(o.table as PgTable).where(eq(cols.id!, (call.query as { id: string }).id));
    if (!row) throw new BizError(NOT_FOUND);
    return row as never;
  });
}
