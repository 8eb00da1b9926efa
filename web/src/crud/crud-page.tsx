import type { Permission } from '@zoo/contract';
import { DEFAULT_PAGE_SIZE } from '@zoo/contract';
import { Card } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useCan } from './can';
import { listQueryOptions, useCrudList } from './crud-queries';
import { rememberListRoute } from './list-prefetch';
import { cleanQuery } from './clean-query';
import { CrudFormModal, type FormSlotContext } from './crud-form-modal';
import { CrudRowActions } from './crud-row-actions';
import { CrudSearch } from './crud-search';
import { CrudTable } from './crud-table';
import { CrudToolbar, type CrudAdd } from './crud-toolbar';
import type { AnyCrudPageDef, AnyRow, CrudPageDef, CrudResource, RowOf } from './types';
import { useCrudRemove } from './use-crud-remove';
import { useCrudState, type FormMode } from './use-crud-state';
import { useLazyList } from './use-lazy-list';

/** A list fetched this recently is not fetched again by a hover. */
const PREFETCH_FRESH_MS = 5_000;

/** What page slots get: the selection and the screen's actions. */
export interface CrudContext<Row = AnyRow> {
  selected: Row[];
  refresh: () => void;
  open: (mode: FormMode, row?: Row) => void;
  remove: (rows: Row[]) => void;
  can: (code: Permission) => boolean;
  /** The search's current filters (exports send them). */
  filters: Record<string, unknown>;
}

export interface CrudPageProps<C extends CrudResource> {
  def: CrudPageDef<C>;
  /** The page's own 新增 (shown and acting as the page says) instead of the resource's add form. */
  add?: (ctx: CrudContext<RowOf<C>>) => CrudAdd;
  /** Extra toolbar buttons (after 新增 / 删除). */
  toolbar?: (ctx: CrudContext<RowOf<C>>) => ReactNode;
  /** Extra row operations (after 查看 / 编辑 / 删除). */
  rowActions?: (row: RowOf<C>, ctx: CrudContext<RowOf<C>>) => ReactNode;
  /** Extra dialog buttons (before 取消 / 保存). */
  formFooter?: (ctx: FormSlotContext) => ReactNode;
  /** Content above the search form (tabs, a tree beside the table…). */
  header?: ReactNode;
  /** A click on a row (master/detail screens pick the row to show). */
  onRowClick?: (row: RowOf<C>) => void;
  /** Key of the highlighted row. */
  activeRowKey?: string;
}

/** A whole list screen derived from one CrudPageDef: search, toolbar, table, dialog. */
export function CrudPage<C extends CrudResource>(props: CrudPageProps<C>) {
  const def: AnyCrudPageDef = props.def;
  const state = useCrudState<RowOf<C>>();
  // Both hooks run (hooks may not be conditional); only the one the def asks for calls the server.
  const paged = useCrudList(props.def, state.params, !def.lazy);
  const lazy = useLazyList(props.def, state.params.filters, Boolean(def.lazy));
  const list = def.lazy ? lazy : paged;
  const can = useCan();
  const refresh = () => void list.refetch();
  const remove = useCrudRemove(def, () => state.setSelected([]));
  const ctx: CrudContext<RowOf<C>> = { selected: state.selected, refresh, open: state.open, remove, can: (c) => can(c), filters: state.params.filters };
  // 搜索 with the conditions already shown asks the server again (records may have come in since): the same
  // conditions make the same cache key, which would not fetch by itself.
  const search = (values: Record<string, unknown>) => {
    const same = state.params.current === 1 && JSON.stringify(cleanQuery(values)) === JSON.stringify(state.params.filters);
    if (same) refresh();
    else state.search(values);
  };
  const { pathname } = useLocation();
  useEffect(() => {
    // The page this screen opens with (useCrudList's query for page 1 without filters).
    if (def.lazy || def.pagination === false) return;
    const first = { current: 1, size: DEFAULT_PAGE_SIZE, ...def.baseQuery };
    rememberListRoute(pathname, (client) => client.prefetchQuery({ ...listQueryOptions(def, first), staleTime: PREFETCH_FRESH_MS }));
  }, [def, pathname]);

  return (
    <Card variant="borderless">
      {props.header}
      <CrudSearch def={def} onSearch={search} onReset={state.reset} />
      <CrudToolbar
        def={def}
        onAdd={() => state.open('add')}
        onBatchDelete={() => remove(state.selected)}
        onRefresh={refresh}
        extra={props.toolbar?.(ctx)}
        add={props.add?.(ctx)}
      />
      <CrudTable
        def={def}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        params={state.params}
        selected={state.selected}
        onSelect={state.setSelected}
        onPaginate={state.paginate}
        expandable={def.lazy ? lazy.expandable : undefined}
        onRowClick={props.onRowClick}
        activeRowKey={props.activeRowKey}
        actions={(row) => <CrudRowActions def={def} row={row} onOpen={state.open} onRemove={(r) => remove([r])} extra={props.rowActions?.(row, ctx)} />}
      />
      {state.dialog ? <CrudFormModal def={def} dialog={state.dialog} onClose={state.close} footerExtra={props.formFooter} /> : null}
    </Card>
  );
}
