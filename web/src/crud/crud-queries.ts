import type { PageOf } from '@zoo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/request';
import type { AnyCrudPageDef, AnyRow } from './types';

/** Cache keys per resource; a write refreshes its lists (not the detail the open dialog still shows). */
export const crudKeys = {
  all: (name: string) => ['crud', name] as const,
  lists: (name: string) => ['crud', name, 'list'] as const,
  list: (name: string, query: object) => ['crud', name, 'list', query] as const,
  detail: (name: string, id: string) => ['crud', name, 'detail', id] as const,
};

export interface ListParams {
  current: number;
  size: number;
  filters: Record<string, unknown>;
}

/** The list call; paged lists send current/size, tree lists (pagination false) answer arrays. */
export function useCrudList(def: AnyCrudPageDef, { current, size, filters }: ListParams) {
  const query = def.pagination === false
    ? { ...def.baseQuery, ...filters }
    : { current, size, ...def.baseQuery, ...filters };
  const result = useQuery({
    queryKey: crudKeys.list(def.crud.name, query),
    queryFn: () => call(def.crud.endpoints.list, { query }) as Promise<PageOf<AnyRow> | AnyRow[]>,
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  return { rows, total, loading: result.isFetching, refetch: result.refetch };
}

export function useCrudDetail(def: AnyCrudPageDef, id: string | undefined) {
  return useQuery({
    queryKey: crudKeys.detail(def.crud.name, id ?? ''),
    queryFn: () => call(def.crud.endpoints.detail, { query: { id } }) as Promise<AnyRow>,
    enabled: Boolean(id),
    gcTime: 0,
  });
}

export function useCrudSubmit(def: AnyCrudPageDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnyRow) => call(def.crud.endpoints.submit, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: crudKeys.lists(def.crud.name) }),
  });
}

export function useCrudRemoveCall(def: AnyCrudPageDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(def.crud.endpoints.remove, { query: { ids: ids.join(',') } }),
    onSuccess: () => client.invalidateQueries({ queryKey: crudKeys.lists(def.crud.name) }),
  });
}
