import type { PageOf } from '@zoo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../lib/request';
import type { AnyCrudPageDef, AnyRow, CrudPageDef, CrudResource, RowOf } from './types';

/** Cache keys per resource; a write refreshes its lists (not the detail the open dialog still shows). */
export const crudKeys = {
  all: (name: string) => ['crud', name] as const,
  lists: (name: string) => ['crud', name, 'list'] as const,
  /** Keyed by path too: one resource may be listed through several calls (list, lazy-list, parent-list). */
  list: (name: string, path: string, query: object) => ['crud', name, 'list', path, query] as const,
  detail: (name: string, id: string) => ['crud', name, 'detail', id] as const,
};

/** Cache prefix of tree-select sources (`FieldDef.tree`). */
export const CRUD_TREE_KEY = ['crud-tree'] as const;

export interface ListParams {
  current: number;
  size: number;
  filters: Record<string, unknown>;
}

export const listEndpoint = (def: AnyCrudPageDef) => def.list ?? def.crud.endpoints.list;

/** What a list call answers: a page of the resource's records, or every one of them (tree lists, lazy levels). */
export type ListAnswer<Row> = PageOf<Row> | Row[];

/**
 * One list call, cached under the resource so every write refreshes it. Its answer is typed here, once: `call`
 * knows the endpoint, not that a page's `list` (or its own list call) answers the resource's records.
 */
export const listQueryOptions = <C extends CrudResource>(def: CrudPageDef<C>, query: Record<string, unknown>) => ({
  queryKey: crudKeys.list(def.crud.name, listEndpoint(def).path, query),
  queryFn: () => call(listEndpoint(def), { query }) as Promise<ListAnswer<RowOf<C>>>,
});

/** The list call; paged lists send current/size, tree lists (pagination false) answer arrays. */
export function useCrudList<C extends CrudResource>(def: CrudPageDef<C>, { current, size, filters }: ListParams, enabled = true) {
  const query = def.pagination === false || def.lazy ? { ...def.baseQuery, ...filters } : { current, size, ...def.baseQuery, ...filters };
  const result = useQuery({ ...listQueryOptions(def, query), placeholderData: keepPreviousData, enabled });
  const data = result.data;
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  return { rows, total, loading: result.isFetching, refetch: result.refetch };
}

/** Whether the screen can read one record (its resource's `detail`, or the page's own call). */
export const hasDetail = (def: AnyCrudPageDef) => Boolean(def.detail ?? def.crud.endpoints.detail);
/** Whether the screen can delete (its resource's `remove`, or the page's own call). */
export const hasRemove = (def: AnyCrudPageDef) => Boolean(def.remove ?? def.crud.endpoints.remove);

/** A call the resource does not declare: the screen never shows the button that would need it. */
const undeclared = (def: AnyCrudPageDef, verb: string) => new Error(`${def.crud.name} declares no ${verb}`);

export function useCrudDetail(def: AnyCrudPageDef, id: string | undefined) {
  const ep = def.crud.endpoints.detail;
  return useQuery({
    queryKey: crudKeys.detail(def.crud.name, id ?? ''),
    queryFn: () => {
      if (def.detail) return def.detail(id!);
      if (!ep) throw undeclared(def, 'detail');
      return call(ep, { query: { id } }) as Promise<AnyRow>;
    },
    enabled: Boolean(id) && hasDetail(def),
    gcTime: 0,
  });
}

/** A write changes the resource's lists and may change any tree picker (a new parent, a renamed node). */
const invalidateLists = (client: QueryClient, def: AnyCrudPageDef) =>
  Promise.all([client.invalidateQueries({ queryKey: crudKeys.lists(def.crud.name) }), client.invalidateQueries({ queryKey: CRUD_TREE_KEY })]);

export function useCrudSubmit(def: AnyCrudPageDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnyRow) => {
      const ep = def.crud.endpoints.submit;
      if (!ep) throw undeclared(def, 'submit');
      return call(ep, { body });
    },
    onSuccess: () => invalidateLists(client, def),
  });
}

export function useCrudRemoveCall(def: AnyCrudPageDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => {
      if (def.remove) return def.remove(ids);
      const ep = def.crud.endpoints.remove;
      if (!ep) throw undeclared(def, 'remove');
      return call(ep, { query: { ids: ids.join(',') } });
    },
    onSuccess: () => invalidateLists(client, def),
  });
}
