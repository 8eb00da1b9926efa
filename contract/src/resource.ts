import { z } from 'zod';
import { Empty, Id, IdList, Page, PageQuery, treeOf, type TreeRec } from './common';
import { endpoint, type Access, type Endpoint } from './endpoint';
import { updateId } from './fields';
import type { Permission } from './menus';

/**
 * One way to declare a resource: its record, input and filters, and which verbs it has. The server registers
 * exactly these verbs with one builder (`resourceRoutes`), the web renders them (`<CrudPage>`), OpenAPI and
 * validation come from the same schemas.
 *
 * - list, detail: a page (or a tree) of records, one record by id
 * - submit: create (no id) or update (with id), the BladeX way
 * - update: update only (`/update`, id required), the same rules as submit's update
 * - create: append only (a ledger: rows are never edited)
 * - remove: logical delete, physical delete, or what the resource's server hook does instead (a ledger's reversal)
 *
 * A verb that means something else on a resource (the ledger's `remove` appends a reversal, a transfer's `create`
 * is a proposal and its `remove` a withdrawal) says so in `named`: its own operation name and summary in the
 * contract and OpenAPI, and its own key in `endpoints`, while its path stays the verb's.
 */
export type Verb = 'list' | 'detail' | 'submit' | 'update' | 'create' | 'remove';
export const CRUD_VERBS = ['list', 'detail', 'submit', 'remove'] as const;
export const READONLY_VERBS = ['list', 'detail'] as const;

export interface CrudPerms {
  add: string;
  edit: string;
  delete: string;
  view: string;
}
export type DefaultPerms<N extends string> = { add: `${N}_add`; edit: `${N}_edit`; delete: `${N}_delete`; view: `${N}_view` };

/** A resource's button codes: the defaults `<name>_add` … unless the spec names its own. */
export type PermsOf<N extends string, P> = { [K in keyof CrudPerms]: K extends keyof P ? Exclude<P[K], undefined> : DefaultPerms<N>[K] };

/** What a verb is called on a resource whose verb means something else: endpoint key and OpenAPI operationId, summary. */
export interface VerbName<K extends string = string> {
  as: K;
  summary: string;
}

export interface ResourceSpec<
  N extends string,
  Rec extends z.ZodObject,
  In extends z.ZodObject,
  F extends z.ZodObject,
  P extends Partial<CrudPerms> = Partial<CrudPerms>,
  Pa extends z.ZodObject = z.ZodObject<Record<never, never>>,
> {
  /** Resource name: the menu code its button codes derive from, and the data-scope resource code. */
  name: N;
  /** Base path under /api, e.g. /blade-system/param */
  base: string;
  /** Human name used in messages and docs. */
  title: string;
  record: Rec;
  /** What submit / update / create accept. */
  input?: In;
  /** List filters (map-style: bare key LIKE, suffixes per the contract). */
  filters: F;
  /**
   * List parameters that are not column filters (a park through its venues, either side of a move, which side of
   * a transfer): validated and documented with the list query, handed typed to the server's `listScope` hook.
   */
  params?: Pa;
  /**
   * `map` (default): a bare filter key means LIKE (`@RequestParam Map` endpoints).
   * `entity`: a bare key means equality (endpoints bound to an entity, contract §1.2).
   */
  filterMode?: 'map' | 'entity';
  /** Button permission codes; default `<name>_add` … */
  perms?: P;
  /** Overrides of the access rule per verb. */
  access?: Partial<Record<Verb, Access>>;
  /** Platform administrators see all tenants' rows: in every call, or only in the listed ones. */
  crossTenant?: boolean | readonly Verb[];
  /** What submit / update / create answer (default: an empty object). */
  submitData?: z.ZodType;
  /** Path segment of a verb when it is not the verb's own name (e.g. a ledger's `create` at `born_enroll`). */
  paths?: Partial<Record<Verb, string>>;
  /** Verbs that mean something else here: their own name and summary (the path stays the verb's). */
  named?: Partial<Record<Verb, VerbName>>;
}

type ListData<Rec extends z.ZodObject, T extends boolean> = T extends true ? z.ZodArray<z.ZodType<TreeRec<z.output<Rec>>>> : ReturnType<typeof Page<Rec>>;

export function defineResource<
  const N extends string,
  Rec extends z.ZodObject,
  F extends z.ZodObject,
  const V extends readonly Verb[],
  In extends z.ZodObject = z.ZodObject<z.ZodRawShape>,
  const T extends boolean = false,
  const P extends Partial<CrudPerms> = Record<never, never>,
  Pa extends z.ZodObject = z.ZodObject<Record<never, never>>,
  const Nm extends Partial<Record<Verb, VerbName>> = Record<never, never>,
>(spec: ResourceSpec<N, Rec, In, F, P, Pa> & { verbs: V; tree?: T; named?: Nm }) {
  const perms = { add: `${spec.name}_add`, edit: `${spec.name}_edit`, delete: `${spec.name}_delete`, view: `${spec.name}_view`, ...spec.perms } as PermsOf<
    N,
    P
  >;
  const acc = (k: Verb, d: Access): Access => spec.access?.[k] ?? d;
  // `<name>_add` … are checked against the seeded menu tree by a test (server/src/seed/menus.test.ts):
  // a generic name cannot be proven a Permission at compile time.
  const cross = (k: Verb) => (Array.isArray(spec.crossTenant) ? spec.crossTenant.includes(k) : Boolean(spec.crossTenant));
  const path = (k: Verb) => `${spec.base}/${spec.paths?.[k] ?? k}`;
  const input = (spec.input ?? z.object({})) as In;
  const params = (spec.params ?? z.object({})) as Pa;
  const listQuery = spec.tree ? spec.filters.extend(params.shape).loose() : PageQuery.extend(spec.filters.shape).extend(params.shape).loose();
  const named = (k: Verb, summary: string) => {
    const n = spec.named?.[k];
    return n ? { summary: n.summary, operationId: `${spec.name}_${n.as}` } : { summary };
  };
  const listData = (spec.tree ? z.array(treeOf(spec.record)) : Page(spec.record)) as ListData<Rec, T>;
  const data = spec.submitData ?? Empty;
  const all = {
    list: endpoint({
      method: 'GET',
      path: path('list'),
      ...named('list', spec.tree ? `${spec.title}树形列表` : `${spec.title}分页`),
      access: acc('list', 'login'),
      query: listQuery,
      data: listData,
      crossTenant: cross('list'),
    }),
    detail: endpoint({
      method: 'GET',
      path: path('detail'),
      ...named('detail', `${spec.title}详情`),
      access: acc('detail', 'login'),
      query: z.object({ id: Id }),
      data: spec.record,
      crossTenant: cross('detail'),
    }),
    submit: endpoint({
      method: 'POST',
      path: path('submit'),
      ...named('submit', `新增或修改${spec.title}`),
      access: acc('submit', { perm: perms.add as Permission }),
      body: input,
      data,
      crossTenant: cross('submit'),
    }),
    update: endpoint({
      method: 'POST',
      path: path('update'),
      ...named('update', `修改${spec.title}`),
      access: acc('update', { perm: perms.edit as Permission }),
      body: input.safeExtend({ id: updateId }),
      data,
      crossTenant: cross('update'),
    }),
    create: endpoint({
      method: 'POST',
      path: path('create'),
      ...named('create', `登记${spec.title}`),
      access: acc('create', { perm: perms.add as Permission }),
      body: input,
      data,
      crossTenant: cross('create'),
    }),
    remove: endpoint({
      method: 'POST',
      path: path('remove'),
      ...named('remove', `删除${spec.title}`),
      access: acc('remove', { perm: perms.delete as Permission }),
      query: z.object({ ids: IdList }),
      data: Empty,
      crossTenant: cross('remove'),
    }),
  };
  // A named verb is found under its own name (`endpoints.reverse`), not under the generic one.
  const key = (v: Verb) => spec.named?.[v]?.as ?? v;
  const endpoints = Object.fromEntries(spec.verbs.map((v) => [key(v), all[v]])) as EndpointsOf<typeof all, V[number], Nm>;
  /** The endpoint of each declared verb, whatever it is called (what the server builder registers). */
  const byVerb = Object.fromEntries(spec.verbs.map((v) => [v, all[v]])) as Partial<Record<Verb, Endpoint>>;
  return { ...spec, input, params, verbs: spec.verbs, tree: Boolean(spec.tree) as T, perms, listQuery, endpoints, byVerb };
}

/** A resource's endpoints: each declared verb under its own key, or under its name when `named` gives one. */
export type EndpointsOf<All extends Record<Verb, Endpoint>, V extends Verb, Nm> = {
  [K in V as K extends keyof Nm ? (Nm[K] extends VerbName<infer A> ? A : K) : K]: All[K];
};

/** Any declared resource, whatever its verbs (what the server builder and the web CRUD layer accept). */
export interface ResourceDefinition<V extends Verb = never> {
  name: string;
  base: string;
  title: string;
  record: z.ZodObject;
  input: z.ZodObject;
  filters: z.ZodObject;
  /** List parameters that are not column filters (validated with the list, handed to the server's `listScope`). */
  params: z.ZodObject;
  filterMode?: 'map' | 'entity';
  verbs: readonly Verb[];
  tree: boolean;
  perms: CrudPerms;
  listQuery: z.ZodType;
  access?: Partial<Record<Verb, Access>>;
  crossTenant?: boolean | readonly Verb[];
  endpoints: Partial<Record<Verb, Endpoint>> & Record<V, Endpoint>;
  /** Every declared verb's endpoint under the verb itself, named or not. */
  byVerb: Partial<Record<Verb, Endpoint>>;
}

/** The classic four verbs: list, detail, submit (create or update), remove. */
export function defineCrud<
  const N extends string,
  Rec extends z.ZodObject,
  In extends z.ZodObject,
  F extends z.ZodObject,
  const T extends boolean = false,
  const P extends Partial<CrudPerms> = Record<never, never>,
  Pa extends z.ZodObject = z.ZodObject<Record<never, never>>,
>(spec: ResourceSpec<N, Rec, In, F, P, Pa> & { input: In; tree?: T }) {
  return defineResource({ ...spec, verbs: CRUD_VERBS });
}
export type CrudDefinition = ResourceDefinition<(typeof CRUD_VERBS)[number]>;

/** A resource that is only listed and read (logs, the audit trail): one button code for both calls. */
export function defineReadonly<
  const N extends string,
  Rec extends z.ZodObject,
  F extends z.ZodObject,
  Pa extends z.ZodObject = z.ZodObject<Record<never, never>>,
>(
  spec: Omit<ResourceSpec<N, Rec, z.ZodObject, F, Partial<CrudPerms>, Pa>, 'perms' | 'access' | 'input' | 'named'> & {
    perm?: Permission;
    access?: Partial<Record<'list' | 'detail', Access>>;
  },
) {
  const view = spec.perm ?? `${spec.name}_view`;
  const access = { list: spec.access?.list ?? { perm: view as Permission }, detail: spec.access?.detail ?? { perm: view as Permission } };
  return defineResource({ ...spec, perms: { view }, access, verbs: READONLY_VERBS });
}
export type ReadonlyDefinition = ResourceDefinition<(typeof READONLY_VERBS)[number]>;
