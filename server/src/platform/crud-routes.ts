import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CrudDefinition } from '@zoo/contract';
import { BizError } from './errors';
import { mapFilters, orderBy } from './list-filter';
import { pageOf, selectPage } from './paging';
import { checkAccess } from './permissions';
import { route, type AuthedCall } from './route';

type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session' | 'req'>;

export interface CrudOptions<T extends PgTable, D extends CrudDefinition> {
  table: T;
  def: D;
  /** Row → record shape of the contract (defaults to the row itself). */
  toRecord?: (row: T['$inferSelect'], ctx: Ctx) => z.output<D['record']> | Promise<z.output<D['record']>>;
  /** Checks and derived values; returns what is written. Throw BizError to refuse. */
  beforeSave?: (input: z.output<D['input']>, ctx: Ctx, existing?: T['$inferSelect']) => Promise<Partial<T['$inferInsert']>>;
  beforeRemove?: (ids: string[], ctx: Ctx) => Promise<void>;
  /** After any write, inside the same transaction (cache invalidation, ledgers…). */
  afterWrite?: (ctx: Ctx) => Promise<void>;
  /** Extra list conditions computed by the platform (e.g. data scopes). */
  listScope?: (ctx: Ctx) => Promise<SQL | undefined>;
  defaultOrder?: (cols: Record<string, PgColumn>) => SQL[];
}

export const NOT_FOUND = '数据不存在或已被删除';

export interface CrudRegistration {
  def: CrudDefinition;
  table: PgTable;
  tenantScoped: boolean;
}
/** Every CRUD resource the app registered; the tenant-isolation test walks this list. */
export const crudRegistry = new WeakMap<FastifyInstance, CrudRegistration[]>();

/**
 * The one generic list/detail/submit/remove implementation. Tenant isolation comes from the request
 * transaction (row-level security), so nothing here filters by tenant.
 */
export function crudRoutes<T extends PgTable, D extends CrudDefinition>(app: FastifyInstance, o: CrudOptions<T, D>): void {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const deleted = cols.isDeleted;
  const live = deleted ? eq(deleted, 0) : undefined;
  const filterable = Object.keys(o.def.filters.shape);
  const toRecord = async (row: T['$inferSelect'], ctx: Ctx) => (o.toRecord ? o.toRecord(row, ctx) : row);
  const { endpoints: ep } = o.def;
  const registered = crudRegistry.get(app) ?? [];
  registered.push({ def: o.def, table: o.table, tenantScoped: Boolean(cols.tenantId) });
  crudRegistry.set(app, registered);

  const findOne = async (ctx: Ctx, id: string) => {
    const [row] = await ctx.db.select().from(o.table as PgTable).where(and(eq(idCol, id), live));
    return row as T['$inferSelect'] | undefined;
  };

  route(app, ep.list, async (call) => {
    const q = call.query as Record<string, unknown> & { current: number; size: number; ascs?: string; descs?: string };
    const scope = o.listScope ? await o.listScope(call) : undefined;
    const where = and(live, scope, ...mapFilters(o.table, q, filterable));
    const order = orderBy(o.table, q.ascs, q.descs);
    const fallback = o.defaultOrder ? o.defaultOrder(cols) : [desc(idCol)];
    const { rows, total } = await selectPage(call.db, o.table, where, order.length ? order : fallback, q);
    return pageOf(await Promise.all(rows.map((r) => toRecord(r, call))), total, q) as never;
  });

  route(app, ep.detail, async (call) => {
    const row = await findOne(call, (call.query as { id: string }).id);
    if (!row) throw new BizError(NOT_FOUND);
    return (await toRecord(row, call)) as never;
  });

  // Create needs the add button, update the edit button, unless the contract sets one rule for both.
  const explicitSubmit = o.def.access?.submit;
  route(app, { ...ep.submit, access: explicitSubmit ?? 'login' }, async (call) => {
    const input = call.body as z.output<D['input']> & { id?: string };
    if (!explicitSubmit) await checkAccess(call.db, call.session, { perm: input.id ? o.def.perms.edit : o.def.perms.add });
    const { id, ...rest } = input;
    if (id) {
      const existing = await findOne(call, id);
      if (!existing) throw new BizError(NOT_FOUND);
      const values = o.beforeSave ? await o.beforeSave(input, call, existing) : rest;
      const audit = cols.updateTime ? { updateTime: sql`localtimestamp(0)`, updateUser: call.session.userId } : {};
      await call.db.update(o.table).set({ ...values, ...audit } as never).where(eq(idCol, id));
    } else {
      const values = o.beforeSave ? await o.beforeSave(input, call) : rest;
      await call.db.insert(o.table).values(values as never);
    }
    await o.afterWrite?.(call);
    return {} as never;
  });

  route(app, ep.remove, async (call) => {
    const ids = (call.query as { ids: string[] }).ids;
    await o.beforeRemove?.(ids, call);
    if (deleted) await call.db.update(o.table).set({ isDeleted: 1 } as never).where(and(inArray(idCol, ids), live));
    else await call.db.delete(o.table).where(inArray(idCol, ids));
    await o.afterWrite?.(call);
    return {} as never;
  });
}
