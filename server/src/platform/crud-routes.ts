import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CrudDefinition } from '@zoo/contract';
import { dataScopeWhere, registerScopedResource } from './data-scope';
import { BizError } from './errors';
import { mapFilters, orderBy } from './list-filter';
import { countOptions, invalidateCounts, pageOf, selectPage, type CountMode } from './paging';
import { checkAccess, DENIED } from './permissions';
import { route, type AuthedCall } from './route';
import { PLATFORM_TENANT } from './session';
import { buildForest } from './tree';

export type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session' | 'req'>;

type Rec<D extends CrudDefinition> = z.output<D['record']>;

export interface CrudOptions<T extends PgTable, D extends CrudDefinition> {
  table: T;
  def: D;
  /** Row → record shape of the contract (defaults to the row itself). */
  toRecord?: (row: T['$inferSelect'], ctx: Ctx) => Rec<D> | Promise<Rec<D>>;
  /** Rows → records in one go (parent names, dictionary labels…); wins over `toRecord`. */
  toRecords?: (rows: T['$inferSelect'][], ctx: Ctx) => Promise<Rec<D>[]>;
  /** The detail call's record when it carries more than list rows (e.g. MenuVO's *Name fields). */
  detailRecord?: (row: T['$inferSelect'], ctx: Ctx) => Promise<Rec<D>>;
  /** Checks and derived values; returns what is written. Throw BizError to refuse. */
  beforeSave?: (input: z.output<D['input']>, ctx: Ctx, existing?: T['$inferSelect']) => Promise<Partial<T['$inferInsert']>>;
  beforeRemove?: (ids: string[], ctx: Ctx) => Promise<void>;
  /** After any write, inside the same transaction (cache invalidation, ledgers…). */
  afterWrite?: (ctx: Ctx) => Promise<void>;
  /** What submit answers for the saved row (contract `submitData`); default `{}`. */
  submitResult?: (id: string, ctx: Ctx) => Promise<unknown>;
  /** Extra list conditions of the module (data scopes are applied here anyway). */
  listScope?: (ctx: Ctx) => Promise<SQL | undefined>;
  defaultOrder?: (cols: Record<string, PgColumn>) => SQL[];
  /** How the list counts `total` (platform/paging.ts); with 'cached', submit and remove invalidate it. */
  count?: CountMode;
}

export const NOT_FOUND = '数据不存在或已被删除';

export interface CrudRegistration {
  def: CrudDefinition;
  table: PgTable;
  tenantScoped: boolean;
}
/** Every CRUD resource the app registered; the tenant-isolation test walks this list. */
export const crudRegistry = new WeakMap<FastifyInstance, CrudRegistration[]>();

/** Data scopes of the caller for a resource's list (also for hand-written list endpoints). */
export const listDataScope = (ctx: Ctx, resource: string) => dataScopeWhere({ db: ctx.db, session: ctx.session, cache: ctx.req.server.zoo.cache }, resource);

/**
 * The one generic list/detail/submit/remove implementation. Tenant isolation comes from the request
 * transaction (row-level security), so nothing here filters by tenant. Lists apply the caller's data scopes
 * for the resource (`def.name`). Platform-wide tables (no tenant column) are written only by the platform
 * tenant: another tenant's user must never change rows every tenant shares.
 */
export function crudRoutes<T extends PgTable, D extends CrudDefinition>(app: FastifyInstance, o: CrudOptions<T, D>): void {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const deleted = cols.isDeleted;
  const live = deleted ? eq(deleted, 0) : undefined;
  const tenantScoped = Boolean(cols.tenantId);
  const filterable = Object.keys(o.def.filters.shape);
  const toRecords = async (rows: T['$inferSelect'][], ctx: Ctx): Promise<Rec<D>[]> => {
    if (o.toRecords) return o.toRecords(rows, ctx);
    // Sequential: a toRecord that queries shares the request's single connection.
    const out: Rec<D>[] = [];
    for (const r of rows) out.push(o.toRecord ? await o.toRecord(r, ctx) : (r as Rec<D>));
    return out;
  };
  const { endpoints: ep } = o.def;
  const registered = crudRegistry.get(app) ?? [];
  registered.push({ def: o.def, table: o.table, tenantScoped });
  crudRegistry.set(app, registered);
  registerScopedResource(o.def.name, o.table, Object.keys(o.def.record.shape));

  const findOne = async (ctx: Ctx, id: string) => {
    const [row] = await ctx.db.select().from(o.table as PgTable).where(and(eq(idCol, id), live));
    return row as T['$inferSelect'] | undefined;
  };
  const afterWrite = async (ctx: Ctx) => {
    if (o.count === 'cached') await invalidateCounts(app.zoo.cache, ctx.db, o.table);
    await o.afterWrite?.(ctx);
  };
  const platformWrite = (ctx: Ctx) => {
    if (!tenantScoped && ctx.session.tenantId !== PLATFORM_TENANT) throw new BizError(DENIED, 403);
  };

  route(app, ep.list, async (call) => {
    const q = call.query as Record<string, unknown> & { current: number; size: number; ascs?: string; descs?: string };
    const scope = await listDataScope(call, o.def.name);
    const extra = o.listScope ? await o.listScope(call) : undefined;
    const where = and(live, scope, extra, ...mapFilters(o.table, q, filterable, o.def.filterMode));
    const order = orderBy(o.table, q.ascs, q.descs);
    if (o.def.tree) {
      const sortCol = cols.sort;
      const rows = await call.db.select().from(o.table as PgTable).where(where).orderBy(...(sortCol ? [asc(sortCol)] : []), asc(idCol));
      return buildForest((await toRecords(rows as T['$inferSelect'][], call)) as never[]) as never;
    }
    const fallback = o.defaultOrder ? o.defaultOrder(cols) : [desc(idCol)];
    const { rows, total } = await selectPage(call.db, o.table, where, order.length ? order : fallback, q, countOptions(app, ep.list, call.session, o.count));
    return pageOf(await toRecords(rows, call), total, q) as never;
  });

  route(app, ep.detail, async (call) => {
    const row = await findOne(call, (call.query as { id: string }).id);
    if (!row) throw new BizError(NOT_FOUND);
    return (o.detailRecord ? await o.detailRecord(row, call) : (await toRecords([row], call))[0]) as never;
  });

  // Create needs the add button, update the edit button, unless the contract sets one rule for both.
  const explicitSubmit = o.def.access?.submit;
  route(app, { ...ep.submit, access: explicitSubmit ?? 'login' }, async (call) => {
    const input = call.body as z.output<D['input']> & { id?: string };
    if (!explicitSubmit) await checkAccess(call.db, call.session, { perm: input.id ? o.def.perms.edit : o.def.perms.add });
    platformWrite(call);
    const { id, ...rest } = input;
    let savedId: string;
    if (id) {
      const existing = await findOne(call, id);
      if (!existing) throw new BizError(NOT_FOUND);
      const values = o.beforeSave ? await o.beforeSave(input, call, existing) : rest;
      const audit = cols.updateTime ? { updateTime: sql`localtimestamp(0)`, updateUser: call.session.userId } : {};
      await call.db.update(o.table).set({ ...values, ...audit } as never).where(eq(idCol, id));
      savedId = id;
    } else {
      const values = o.beforeSave ? await o.beforeSave(input, call) : rest;
      const [row] = (await call.db.insert(o.table).values(values as never).returning({ id: idCol })) as Array<{ id: string }>;
      savedId = row!.id;
    }
    await afterWrite(call);
    return (o.submitResult ? await o.submitResult(savedId, call) : {}) as never;
  });

  route(app, ep.remove, async (call) => {
    const ids = (call.query as { ids: string[] }).ids;
    platformWrite(call);
    await o.beforeRemove?.(ids, call);
    if (deleted) await call.db.update(o.table).set({ isDeleted: 1 } as never).where(and(inArray(idCol, ids), live));
    else await call.db.delete(o.table).where(inArray(idCol, ids));
    await afterWrite(call);
    return {} as never;
  });
}
