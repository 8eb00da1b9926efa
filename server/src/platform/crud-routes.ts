import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CrudDefinition } from '@zoo/contract';
import { BizError } from './errors';
import { detailRoute, findLive, listRoute, NOT_FOUND, type Ctx } from './list-routes';
import { invalidateCounts, type CountMode } from './paging';
import { checkAccess } from './permissions';
import { route } from './route';

export { NOT_FOUND } from './list-routes';

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
  /** How the list counts `total` (platform/paging.ts). With 'cached', submit and remove invalidate it. */
  count?: CountMode;
}

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
  const { endpoints: ep } = o.def;
  const registered = crudRegistry.get(app) ?? [];
  registered.push({ def: o.def, table: o.table, tenantScoped: Boolean(cols.tenantId) });
  crudRegistry.set(app, registered);
  const toRecord = o.toRecord as ((row: T['$inferSelect'], ctx: Ctx) => unknown) | undefined;
  const afterWrite = async (ctx: Ctx) => {
    if (o.count === 'cached') await invalidateCounts(app.zoo.cache, ctx.db, o.table);
    await o.afterWrite?.(ctx);
  };

  listRoute(app, ep.list, { ...o, toRecord, filters: Object.keys(o.def.filters.shape) });
  detailRoute(app, ep.detail, { table: o.table, toRecord });

  // Create needs the add button, update the edit button, unless the contract sets one rule for both.
  const explicitSubmit = o.def.access?.submit;
  route(app, { ...ep.submit, access: explicitSubmit ?? 'login' }, async (call) => {
    const input = call.body as z.output<D['input']> & { id?: string };
    if (!explicitSubmit) await checkAccess(call.db, call.session, { perm: input.id ? o.def.perms.edit : o.def.perms.add });
    const { id, ...rest } = input;
    if (id) {
      const existing = await findLive(call, o.table, id);
      if (!existing) throw new BizError(NOT_FOUND);
      const values = o.beforeSave ? await o.beforeSave(input, call, existing) : rest;
      const audit = cols.updateTime ? { updateTime: sql`localtimestamp(0)`, updateUser: call.session.userId } : {};
      await call.db.update(o.table).set({ ...values, ...audit } as never).where(eq(idCol, id));
    } else {
      const values = o.beforeSave ? await o.beforeSave(input, call) : rest;
      await call.db.insert(o.table).values(values as never);
    }
    await afterWrite(call);
    return {} as never;
  });

  route(app, ep.remove, async (call) => {
    const ids = (call.query as { ids: string[] }).ids;
    await o.beforeRemove?.(ids, call);
    if (deleted) await call.db.update(o.table).set({ isDeleted: 1 } as never).where(and(inArray(idCol, ids), live));
    else await call.db.delete(o.table).where(inArray(idCol, ids));
    await afterWrite(call);
    return {} as never;
  });
}
