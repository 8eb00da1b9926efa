import { TOP_PARENT_ID } from '@zoo/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listQueryOptions, type ListAnswer } from './crud-queries';
import type { CrudPageDef, CrudResource, RowOf } from './types';

/** A level's rows: lazy lists answer arrays; a paged list (a resource's own list with a parentId filter) its records. */
const rowsOf = <Row>(data: ListAnswer<Row> | undefined): Row[] => (Array.isArray(data) ? data : (data?.records ?? []));

/**
 * A lazy tree list (`def.lazy`): the roots, or a search's hits, plus the children of every expanded row.
 * Each level is a cached call of its own, so a write refreshes every open level. Child calls carry no
 * search filters, because a filtered call answers hits from every level instead of children.
 */
export function useLazyList<C extends CrudResource>(def: CrudPageDef<C>, filters: Record<string, unknown>, enabled: boolean) {
  const rowKey = def.rowKey ?? 'id';
  const filterKey = JSON.stringify(filters);
  // Expanded rows belong to one search: a new search starts collapsed.
  const [open, setOpen] = useState<{ filterKey: string; keys: string[] }>({ filterKey, keys: [] });
  const expanded = open.filterKey === filterKey ? open.keys : [];
  const parent = def.lazyParent ?? { key: 'parentId', root: TOP_PARENT_ID };
  const level = (parentId: string, extra: Record<string, unknown> = {}) => listQueryOptions(def, { ...def.baseQuery, ...extra, [parent.key]: parentId });

  // `searchAllLevels`: a search is sent without a parent (lists whose parentId filter would confine it to roots).
  const searchWide = Boolean(def.searchAllLevels) && Object.keys(filters).length > 0;
  const rootOptions = searchWide ? listQueryOptions(def, { ...def.baseQuery, ...filters }) : level(parent.root, filters);
  const root = useQuery({ ...rootOptions, placeholderData: keepPreviousData, enabled });
  const levels = useQueries({ queries: expanded.map((id) => ({ ...level(id), enabled })) });
  const children = new Map(expanded.map((id, i) => [id, rowsOf(levels[i]?.data)]));

  // `children: []` on an unloaded parent is what makes the table draw its expand icon; a row without children gets
  // none (the table draws no icon for an undefined `children`).
  const attach = (rows: RowOf<C>[]): RowOf<C>[] =>
    rows.map((row) => ({ ...row, children: row.hasChildren ? attach(children.get(String(row[rowKey])) ?? []) : undefined }));

  const rows = attach(rowsOf(root.data));
  return {
    rows,
    total: rows.length,
    loading: root.isFetching || levels.some((l) => l.isFetching),
    refetch: () => Promise.all([root.refetch(), ...levels.map((l) => l.refetch())]),
    expandable: {
      expandedRowKeys: expanded,
      onExpand: (isOpen: boolean, row: RowOf<C>) => {
        const key = String(row[rowKey]);
        setOpen({ filterKey, keys: isOpen ? [...expanded, key] : expanded.filter((k) => k !== key) });
      },
    },
  };
}
