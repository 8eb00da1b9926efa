import { z } from 'zod';
import { Empty, Id, IdList, Page, PageQuery } from './common';
import { endpoint, type Access, type Endpoint } from './endpoint';

export interface CrudPerms {
  add: string;
  edit: string;
  delete: string;
  view: string;
}

export interface CrudSpec<
  Rec extends z.ZodObject,
  In extends z.ZodObject,
  F extends z.ZodObject,
> {
  /** Resource name, also the menu code the button codes derive from. */
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
  /** Button permission codes; defaults to `<name>_add` … */
  perms?: Partial<CrudPerms>;
  /** Overrides of the access rule per call. */
  access?: Partial<Record<'list' | 'detail' | 'submit' | 'remove', Access>>;
  /** Platform administrators see all tenants' rows in list/detail. */
  crossTenant?: boolean;
}

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
  const endpoints = readEndpoints(spec, listQuery, spec.access?.list ?? { perm: view }, spec.access?.detail ?? { perm: view });
  return { ...spec, perms: { view }, listQuery, endpoints };
}
export type ReadonlyDefinition = ReturnType<typeof defineReadonly>;

function readEndpoints<Rec extends z.ZodObject, LQ extends z.ZodType>(
  spec: { base: string; title: string; record: Rec; crossTenant?: boolean },
  listQuery: LQ,
  list: Access,
  detail: Access,
) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${spec.base}/list`,
      summary: `${spec.title}分页`,
      access: list,
      query: listQuery,
      data: Page(spec.record),
      crossTenant: spec.crossTenant,
    }),
    detail: endpoint({
      method: 'GET',
      path: `${spec.base}/detail`,
      summary: `${spec.title}详情`,
      access: detail,
      query: z.object({ id: Id }),
      data: spec.record,
      crossTenant: spec.crossTenant,
    }),
  };
}

export function defineCrud<Rec extends z.ZodObject, In extends z.ZodObject, F extends z.ZodObject>(
  spec: CrudSpec<Rec, In, F>,
) {
  const perms: CrudPerms = {
    add: `${spec.name}_add`,
    edit: `${spec.name}_edit`,
    delete: `${spec.name}_delete`,
    view: `${spec.name}_view`,
    ...spec.perms,
  };
  const acc = (k: 'list' | 'detail' | 'submit' | 'remove', d: Access): Access => spec.access?.[k] ?? d;
  const listQuery = PageQuery.extend(spec.filters.shape).loose();
  const endpoints = {
    ...readEndpoints(spec, listQuery, acc('list', 'login'), acc('detail', 'login')),
    submit: endpoint({
      method: 'POST',
      path: `${spec.base}/submit`,
      summary: `新增或修改${spec.title}`,
      access: acc('submit', { perm: perms.add }),
      body: spec.input,
      data: Empty,
      crossTenant: spec.crossTenant,
    }),
    remove: endpoint({
      method: 'POST',
      path: `${spec.base}/remove`,
      summary: `删除${spec.title}`,
      access: acc('remove', { perm: perms.delete }),
      query: z.object({ ids: IdList }),
      data: Empty,
      crossTenant: spec.crossTenant,
    }),
  } satisfies Record<string, Endpoint>;
  return { ...spec, perms, listQuery, endpoints };
}

export type CrudDefinition = ReturnType<typeof defineCrud>;
