import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from './can';
import { useCrudList } from './crud-queries';
import { CrudFormModal, type FormSlotContext } from './crud-form-modal';
import { CrudRowActions } from './crud-row-actions';
import { CrudSearch } from './crud-search';
import { CrudTable } from './crud-table';
import { CrudToolbar } from './crud-toolbar';
import type { AnyCrudPageDef, AnyRow, CrudPageDef, CrudResource, RowOf } from './types';
import { useCrudRemove } from './use-crud-remove';
import { useCrudState, type FormMode } from './use-crud-state';

/** What page slots get: the selection and the screen's actions. */
export interface CrudContext<Row = AnyRow> {
  selected: Row[];
  refresh: () => void;
  open: (mode: FormMode, row?: Row) => void;
  remove: (rows: Row[]) => void;
  can: (code: string) => boolean;
}

export interface CrudPageProps<C extends CrudResource> {
  def: CrudPageDef<C>;
  /** Extra toolbar buttons (after 新增 / 删除). */
  toolbar?: (ctx: CrudContext<RowOf<C>>) => ReactNode;
  /** Extra row operations (after 查看 / 编辑 / 删除). */
  rowActions?: (row: RowOf<C>, ctx: CrudContext<RowOf<C>>) => ReactNode;
  /** Extra dialog buttons (before 取消 / 保存). */
  formFooter?: (ctx: FormSlotContext) => ReactNode;
  /** Content above the search form (tabs, a tree beside the table…). */
  header?: ReactNode;
}

/** A whole list screen derived from one CrudPageDef: search, toolbar, table, dialog. */
export function CrudPage<C extends CrudResource>(props: CrudPageProps<C>) {
  const def = props.def as unknown as AnyCrudPageDef;
  const state = useCrudState();
  const list = useCrudList(def, state.params);
  const can = useCan();
  const refresh = () => void list.refetch();
  const remove = useCrudRemove(def, () => state.setSelected([]));
  const ctx: CrudContext = { selected: state.selected, refresh, open: state.open, remove, can: (c) => can(c) };
  const typedCtx = ctx as unknown as CrudContext<RowOf<C>>;

  return (
    <Card variant="borderless">
      {props.header}
      <CrudSearch def={def} onSearch={state.search} onReset={state.reset} />
      <CrudToolbar
        def={def}
        onAdd={() => state.open('add')}
        onBatchDelete={() => remove(state.selected)}
        onRefresh={refresh}
        extra={props.toolbar?.(typedCtx)}
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
        actions={(row) => (
          <CrudRowActions
            def={def}
            row={row}
            onOpen={state.open}
            onRemove={(r) => remove([r])}
            extra={props.rowActions?.(row as RowOf<C>, typedCtx)}
          />
        )}
      />
      {state.dialog ? (
        <CrudFormModal def={def} dialog={state.dialog} onClose={state.close} footerExtra={props.formFooter} />
      ) : null}
    </Card>
  );
}
