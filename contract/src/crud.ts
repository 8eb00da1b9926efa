import { z } from 'zod';
import { Empty, Id, IdList, Page, PageQuery, treeOf } from './common';
import { endpoint, type Access, type Endpoint } from './endpoint';

export interface CrudPerms {
  add: string;
  edit: string;
  delete: string;
  view: string;
}

export type CrudCall = 'list' | 'detail' | 'submit' | 'remove';

export interface CrudSpec<
  Rec extends z.ZodObject,
  In extends z.ZodObject,
  F extends z.ZodObject,
> {
  /** Resource name, also the menu code the button codes derive from and the data-scope resource code. */
  name: string;
  /** Base path under /api, e.g. /blade-system/param */
  base: string;
  /** Human name used in messages and docs. */
  title: string;
  record: Rec;
  /** What submit accepts (create when no id, update with id). */
  input: In;
  /** List filters (map-style: bare key LIKE, suffixes per the contract). */
  filters: F;
  /**
   * `map` (default): a bare filter key means LIKE (`@RequestParam Map` endpoints).
   * `entity`: a bare key means equality (endpoints bound to an entity, contract §1.2).
   */
  filterMode?: 'map' | 'entity';
  /** Button permission codes; defaults to `<name>_add` … */
  perms?: Partial<CrudPerms>;
  /** Overrides of the access rule per call. */
  access?: Partial<Record<CrudCall, Access>>;
  /** Platform administrators see all tenants' rows: in every call, or only in the listed ones. */
  crossTenant?: boolean | readonly CrudCall[];
  /** What submit answers (default: an empty object). */
  submitData?: z.ZodType;
}

type ListData<Rec extends z.ZodObject, T extends boolean> = T extends true
  ? z.ZodArray<z.ZodType<import('./common').TreeRec<z.output<Rec>>>>
  : ReturnType<typeof Page<Rec>>;

export function defineCrud<Rec extends z.ZodObject, In extends z.ZodObject, F extends z.ZodObject, const T extends boolean = false>(
  spec: CrudSpec<Rec, In, F> & {
    /** The list answers the whole (filtered) tree instead of a page. */
    tree?: T;
  },
) {
  const perms: CrudPerms = {
    add: `${spec.name}_add`,
    edit: `${spec.name}_edit`,
    delete: `${spec.name}_delete`,
    view: `${spec.name}_view`,
    ...spec.perms,
  };
  const acc = (k: CrudCall, d: Access): Access => spec.access?.[k] ?? d;
  const cross = (k: CrudCall) => (Array.isArray(spec.crossTenant) ? spec.crossTenant.includes(k) : Boolean(spec.crossTenant));
  const listQuery = spec.tree ? spec.filters.loose() : PageQuery.extend(spec.filters.shape).loose();
  const listData = (spec.tree ? z.array(treeOf(spec.record)) : Page(spec.record)) as ListData<Rec, T>;
  const endpoints = {
    list: endpoint({
      method: 'GET',
      path: `${spec.base}/list`,
      summary: spec.tree ? `${spec.title}树形列表` : `${spec.title}分页`,
      access: acc('list', 'login'),
      query: listQuery,
      data: listData,
      crossTenant: cross('list'),
    }),
    detail: endpoint({
      method: 'GET',
      path: `${spec.base}/detail`,
      summary: `${spec.title}详情`,
      access: acc('detail', 'login'),
      query: z.object({ id: Id }),
      data: spec.record,
      crossTenant: cross('detail'),
    }),
    submit: endpoint({
      method: 'POST',
      path: `${spec.base}/submit`,
      summary: `新增或修改${spec.title}`,
      access: acc('submit', { perm: perms.add }),
      body: spec.input,
      data: spec.submitData ?? Empty,
      crossTenant: cross('submit'),
    }),
    remove: endpoint({
      method: 'POST',
      path: `${spec.base}/remove`,
      summary: `删除${spec.title}`,
      access: acc('remove', { perm: perms.delete }),
      query: z.object({ ids: IdList }),
      data: Empty,
      crossTenant: cross('remove'),
    }),
  } satisfies Record<string, Endpoint>;
  return { ...spec, tree: Boolean(spec.tree) as T, perms, listQuery, endpoints };
}

export type CrudDefinition = ReturnType<typeof defineCrud>;

export interface ReadonlySpec<Rec extends z.ZodObject, F extends z.ZodObject> {
  name: string;
  base: string;
  title: string;
  record: Rec;
  filters: F;
  /** The one button code both calls need (default `<name>_view`). */
  perm?: string;
  access?: Partial<Record<'list' | 'detail', Access>>;
  crossTenant?: boolean;
}

/** A resource that is only listed and read (logs): list + detail, the same shapes as a CRUD resource's. */
export function defineReadonly<Rec extends z.ZodObject, F extends z.ZodObject>(spec: ReadonlySpec<Rec, F>) {
  const view = spec.perm ?? `${spec.name}_view`;
  const listQuery = PageQuery.extend(spec.filters.shape).loose();
  const endpoints = {
    list: endpoint({
      method: 'GET',
      path: `${spec.base}/list`,
      summary: `${spec.title}分页`,
      access: spec.access?.list ?? { perm: view },
      query: listQuery,
      data: Page(spec.record),
      crossTenant: spec.crossTenant,
    }),
    detail: endpoint({
      method: 'GET',
      path: `${spec.base}/detail`,
      summary: `${spec.title}详情`,
      access: spec.access?.detail ?? { perm: view },
      query: z.object({ id: Id }),
      data: spec.record,
      crossTenant: spec.crossTenant,
    }),
  } satisfies Record<string, Endpoint>;
  return { ...spec, perms: { view }, listQuery, endpoints };
}
export type ReadonlyDefinition = ReturnType<typeof defineReadonly>;
