import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Endpoint, Permission, ResourceDefinition } from '@zoo/contract';
import { assertInDataScope, dataScopeWhere, registerScopedResource } from '../access/data-scope';
import { checkAccess } from '../access/permissions';
import { BizError } from '../http/errors';
import { route, type AuthedCall, type Wire } from '../http/route';
import { columnValues } from './column-values';
import { mapFilters, orderBy } from './list-filter';
import { countOptions, invalidateCounts, pageOf, selectPage, type CountMode } from './paging';
import { register } from './registry';
import { buildForest } from './tree';
import { readLookupVersions } from './lookup-cache';
import { rowById } from './whole-rows';
import { acrossTenants } from '../auth/session';
import { finalStatement } from '../tenancy/tenant-tx';

export type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session' | 'req'>;

type Rec<D extends ResourceDefinition> = Wire<z.output<D['record']>>;
type Input<D extends ResourceDefinition> = z.output<D['input']>;
/** The list query as validated: paging, the contract's filters and the resource's own parameters (`params`). */
export type ListQuery<D extends ResourceDefinition> = z.output<D['params']> & { [K in keyof z.output<D['filters']>]?: z.output<D['filters']>[K] } & {
  current: number;
  size: number;
  ascs?: string;
  descs?: string;
};

export interface ResourceOptions<T extends PgTable, D extends ResourceDefinition> {
  table: T;
  def: D;
  /** Row → record shape of the contract (default: the row itself; nulls render as ""). */
  toRecord?: (row: T['$inferSelect'], ctx: Ctx) => Rec<D> | Promise<Rec<D>>;
  /** Rows → records in one go (parent names, dictionary labels…); wins over `toRecord`. */
  toRecords?: (rows: T['$inferSelect'][], ctx: Ctx) => Promise<Rec<D>[]>;
  /** The detail call's record when it carries more than list rows (e.g. MenuVO's *Name fields). */
  detailRecord?: (row: T['$inferSelect'], ctx: Ctx) => Promise<Rec<D>>;
  /**
   * The resource's rules for a write: throw BizError to refuse; return what the rules derive (computed columns,
   * normalised values). Input fields named like columns are copied without it (platform/resource/column-values.ts).
   * `existing` is the locked row on an update.
   */
  beforeSave?: (input: Input<D>, ctx: Ctx, existing?: T['$inferSelect']) => Promise<Partial<T['$inferInsert']> | void>;
  /**
   * A create the module takes elsewhere instead (an outgoing transfer held for approval): its answer, or null to
   * insert the row as usual.
   */
  divertCreate?: (input: Input<D>, ctx: Ctx) => Promise<unknown>;
  beforeRemove?: (ids: string[], ctx: Ctx) => Promise<void>;
  /** Replaces the default delete (a ledger reverses its latest row instead of deleting anything). */
  onRemove?: (ids: string[], ctx: Ctx) => Promise<void>;
  /** After any write, inside the same transaction (cache invalidation, derived stock…). */
  afterWrite?: (ctx: Ctx, id?: string) => Promise<void>;
  /** What submit / update / create answer for the saved row (contract `submitData`); default `{}`. */
  submitResult?: (id: string, ctx: Ctx) => Promise<unknown>;
  /**
   * The tables the record mapping looks names up in (platform/resource/lookup-cache.ts): list and detail read
   * their versions with their rows, and names known at those versions are not asked again.
   */
  lookupTables?: readonly string[];
  /**
   * Extra list conditions of the module (data scopes are applied anyway), from the validated list query: the
   * resource's `params` arrive parsed and typed (never read `req.query`).
   */
  listScope?: (ctx: Ctx, query: ListQuery<D>) => Promise<SQL | undefined>;
  defaultOrder?: (cols: Record<string, PgColumn>) => SQL[];
  /** How the list counts `total` (platform/resource/paging.ts); with 'cached', writes invalidate it. */
  count?: CountMode;
  /**
   * Every verb, reads too, is the platform tenant's alone (developer tools reach databases with this server's
   * network rights). Writes of a platform-wide table (no tenant column) are platform-only anyway.
   */
  platformOnly?: boolean;
  /**
   * Update and remove keep to the caller's data scope for the resource, as its list does: a row the scope does not
   * reach is refused (OUT_OF_SCOPE). Off by default (decision 0003: like BladeX, only lists are narrowed).
   */
  scopedWrites?: boolean;
}

export const NOT_FOUND = '数据不存在或已被删除';

/** Data scopes of the caller for a resource's list (also for hand-written list endpoints). */
export const listDataScope = (ctx: Ctx, resource: string) => dataScopeWhere({ db: ctx.db, session: ctx.session, cache: ctx.req.server.zoo.cache }, resource);

/** Refuses a write of rows of `table` outside the caller's data scope for `resource` (see `scopedWrites`). */
export const writeDataScope = (ctx: Ctx, resource: string, table: PgTable, ids: string[]) =>
  assertInDataScope({ db: ctx.db, session: ctx.session, cache: ctx.req.server.zoo.cache }, resource, table, ids);

/**
 * The one resource builder: registers exactly the verbs the contract declares (list, detail, submit, update,
 * create, remove) with the same access rules, data scopes, hooks and registry entry. Tenant isolation comes from
 * the request transaction (row-level security); update stamps and the audit trail from database triggers
 * (db/conventions.ts) — nothing here filters by tenant or writes either. Platform-wide tables (no tenant column)
 * are written only by the platform tenant.
 */
export function resourceRoutes<T extends PgTable, D extends ResourceDefinition>(app: FastifyInstance, o: ResourceOptions<T, D>): void {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const deleted = cols.isDeleted;
  // Written in, not a parameter: a generic plan can then use the partial indexes on `is_deleted = 0` (paging.ts).
  const live = deleted ? sql`${deleted} = 0` : undefined;
  const { def } = o;
  // By verb: a verb the contract names otherwise (a ledger's reversal at `remove`) is registered at its path all the same.
  const eps = def.byVerb;
  const reg = register(app, def, o.table);
  registerScopedResource(def.name, o.table, Object.keys(def.record.shape));

  const toRecords = async (rows: T['$inferSelect'][], ctx: Ctx): Promise<Rec<D>[]> => {
    if (o.toRecords) return o.toRecords(rows, ctx);
    // All rows at once: what their toRecord calls read leaves together (pipelined on the request's connection).
    return Promise.all(rows.map((r) => (o.toRecord ? o.toRecord(r, ctx) : (r as Rec<D>))));
  };
  const byId = rowById<T['$inferSelect']>(o.table, idCol, live);
  // Versions for the lookup cache, read with the call's first statements; not in cross-tenant calls, whose names
  // come from other tenants than the one whose versions would be read.
  const lookupVersions = (call: Ctx, ep: Endpoint) => {
    if (o.lookupTables && !acrossTenants(ep, call.session)) readLookupVersions(call.req, call.db, call.session.tenantId, o.lookupTables);
  };
  const findOne = (ctx: Ctx, id: string, lock = false) => byId(ctx.db, id, lock);
  const afterWrite = async (ctx: Ctx, id?: string) => {
    if (o.count === 'cached') await invalidateCounts(app.zoo.cache, ctx.db, o.table);
    await o.afterWrite?.(ctx, id);
  };
  // Declared on the route (route() refuses before the input is read; /api/openapi.json says `x-platform-only`).
  const read = { platformOnly: Boolean(o.platformOnly) };
  const write = { platformOnly: Boolean(o.platformOnly) || !reg.tenantScoped };
  const fields = Object.keys(def.input.shape);
  const values = async (input: Input<D>, ctx: Ctx, existing?: T['$inferSelect']) => ({
    ...columnValues(o.table, input as Record<string, unknown>, existing ? fields : undefined),
    ...((await o.beforeSave?.(input, ctx, existing)) ?? {}),
  });
  // Nothing follows a write in its transaction when the resource has no after-write work: its COMMIT leaves with
  // it (finalStatement), so the row locks it takes are held for no further round trip to this server.
  const writeIsLast = !o.afterWrite && o.count !== 'cached' && !o.submitResult;
  const insert = async (input: Input<D>, ctx: Ctx) => {
    const q = ctx.db
      .insert(o.table)
      .values((await values(input, ctx)) as never)
      .returning({ id: idCol });
    const [row] = writeIsLast ? await finalStatement<{ id: string }>(ctx.db, q.getSQL()) : ((await q) as Array<{ id: string }>);
    return String(row!.id);
  };
  const update = async (id: string, input: Input<D>, ctx: Ctx) => {
    const existing = await findOne(ctx, id, true);
    if (!existing) throw new BizError(NOT_FOUND);
    if (o.scopedWrites) await writeDataScope(ctx, def.name, o.table, [id]);
    const set = await values(input, ctx, existing);
    if (Object.keys(set).length) {
      const q = ctx.db
        .update(o.table)
        .set(set as never)
        .where(eq(idCol, id));
      await (writeIsLast ? finalStatement(ctx.db, q.getSQL()) : q);
    }
    return id;
  };
  const answer = async (id: string, ctx: Ctx) => {
    await afterWrite(ctx, id);
    return (o.submitResult ? await o.submitResult(id, ctx) : {}) as never;
  };
  // A new record, unless the module takes the create elsewhere (divertCreate answers instead).
  const create = async (input: Input<D>, ctx: Ctx): Promise<unknown> => (await o.divertCreate?.(input, ctx)) ?? answer(await insert(input, ctx), ctx);

  if (eps.list)
    route(
      app,
      eps.list,
      async (call) => {
        const q = call.query as ListQuery<D>;
        const scope = await listDataScope(call, def.name);
        const extra = o.listScope ? await o.listScope(call, q) : undefined;
        const filters = mapFilters(o.table, q, Object.keys(def.filters.shape), def.filterMode);
        const where = and(live, scope, extra, ...filters);
        const order = orderBy(o.table, q.ascs, q.descs);
        if (def.tree) {
          const sortCol = cols.sort;
          const rows = await call.db
            .select()
            .from(o.table as PgTable)
            .where(where)
            .orderBy(...(sortCol ? [asc(sortCol)] : []), asc(idCol));
          return buildForest((await toRecords(rows as T['$inferSelect'][], call)) as never[]) as never;
        }
        const fallback = o.defaultOrder ? o.defaultOrder(cols) : [desc(idCol)];
        lookupVersions(call, eps.list!);
        const { rows, total } = await selectPage(
          call.db,
          o.table,
          where,
          order.length ? order : fallback,
          q,
          countOptions(app, eps.list!, call.session, o.count, {
            unfiltered: !!live && !scope && !extra && filters.length === 0,
            scoped: !!scope || !!extra,
          }),
        );
        return pageOf(await toRecords(rows as T['$inferSelect'][], call), total, q) as never;
      },
      read,
    );

  if (eps.detail)
    route(
      app,
      eps.detail,
      async (call) => {
        lookupVersions(call, eps.detail!);
        const row = await findOne(call, (call.query as { id: string }).id);
        if (!row) throw new BizError(NOT_FOUND);
        return (o.detailRecord ? await o.detailRecord(row, call) : (await toRecords([row], call))[0]) as never;
      },
      read,
    );

  // Create needs the add button, update the edit button, unless the contract sets one rule for the call. The
  // button is checked on the raw body (before validation): a caller without it gets 403, not a field message.
  if (eps.submit) {
    const explicit = def.access?.submit;
    const rawId = (body: unknown) => (body && typeof body === 'object' && 'id' in body ? (body as { id: unknown }).id : undefined);
    route(
      app,
      { ...eps.submit, access: explicit ?? 'login' },
      async (call) => {
        const input = call.body as Input<D> & { id?: string };
        return (input.id ? answer(await update(input.id, input, call), call) : await create(input, call)) as never;
      },
      {
        ...write,
        ...(explicit
          ? {}
          : {
              accessDoc: `perm:${def.perms.add}|${def.perms.edit}`,
              authorize: ({ db, session, req }) =>
                checkAccess(app.zoo.cache, db, session, { perm: (rawId(req.body) ? def.perms.edit : def.perms.add) as Permission }),
            }),
      },
    );
  }

  if (eps.update)
    route(
      app,
      eps.update,
      async (call) => {
        const input = call.body as Input<D> & { id: string };
        return answer(await update(input.id, input, call), call);
      },
      write,
    );

  if (eps.create) route(app, eps.create, async (call) => (await create(call.body as Input<D>, call)) as never, write);

  if (eps.remove)
    route(
      app,
      eps.remove,
      async (call) => {
        const ids = (call.query as { ids: string[] }).ids;
        if (o.scopedWrites) await writeDataScope(call, def.name, o.table, ids);
        await o.beforeRemove?.(ids, call);
        if (o.onRemove) await o.onRemove(ids, call);
        else if (deleted)
          await call.db
            .update(o.table)
            .set({ isDeleted: 1 } as never)
            .where(and(inArray(idCol, ids), live));
        else await call.db.delete(o.table).where(inArray(idCol, ids));
        await afterWrite(call);
        return {} as never;
      },
      write,
    );
}
