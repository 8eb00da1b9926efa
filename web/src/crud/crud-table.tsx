import { PAGE_SIZES, type DictCode } from '@zoo/contract';
import { useQueries } from '@tanstack/react-query';
import { Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { crudCell } from './crud-cell';
import { dictLabel, dictQuery } from './dict';
import type { ListParams } from './crud-queries';
import { tableFields } from './resolve-fields';
import type { AnyCrudPageDef, AnyRow, Option } from './types';
import { pinsActions } from './pin-actions';
import { useFieldLabel } from './use-field-label';

const ACTION_WIDTH_MAX = 220;

const onResize = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};
const useWindowWidth = (): number =>
  useSyncExternalStore(
    onResize,
    () => window.innerWidth,
    () => 1440,
  );

interface Props<Row extends AnyRow> {
  def: AnyCrudPageDef;
  rows: Row[];
  total: number;
  loading: boolean;
  params: ListParams;
  selected: Row[];
  onSelect: (rows: Row[]) => void;
  onPaginate: (current: number, size: number) => void;
  /** The operations cell of a row. */
  actions: (row: Row) => ReactNode;
  /** Lazy tree lists control which rows are open. */
  expandable?: TableProps<Row>['expandable'];
  onRowClick?: (row: Row) => void;
  /** Key of the row to highlight (the one a master/detail screen shows). */
  activeRowKey?: string;
}

/** Columns from the def, server-side paging (sizes 10/30/50/100/200), row selection; `Row` is the resource's record. */
export function CrudTable<Row extends AnyRow>(props: Props<Row>) {
  const { def, rows, total, loading, params, selected, onSelect, onPaginate, actions, onRowClick, activeRowKey } = props;
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(def);
  const windowWidth = useWindowWidth();
  const fields = tableFields(def);
  // Each dictionary of the columns read once for the table, not once per cell.
  const codes = [...new Set(fields.flatMap((f) => (f.widget === 'dict' && f.def.dict ? [f.def.dict] : [])))];
  const dicts = useQueries({ queries: codes.map((c) => dictQuery(c as DictCode)) });
  const options = new Map<string, Option[]>(
    codes.map((c, i) => [c, (dicts[i]?.data ?? []).map((d) => ({ label: dictLabel(d, i18n.language), value: d.dictKey }))]),
  );
  const dictOptions = (code: string) => options.get(code) ?? [];
  // Three controls at most (crud-row-actions): wider columns from before 更多 would only leave a gap.
  const actionWidth = Math.min(def.actionWidth ?? 200, ACTION_WIDTH_MAX);
  const rowKey = def.rowKey ?? 'id';
  // On a phone the row's first column (what names the record) stays in view while the others scroll under it.
  const pinFirst = windowWidth < 768;
  const columns: TableColumnsType<Row> = fields.map((f, i) => ({
    ...(pinFirst && i === 0 ? { fixed: 'left' as const } : {}),
    key: f.key,
    dataIndex: f.key,
    title: label(f),
    width: f.def.width,
    // No native title on the cell: as when each cell was a component of its own (antd reads a title from a plain
    // text child), so the page's only `title`s stay the pickers' options.
    ellipsis: { showTitle: false },
    render: (value: unknown, row: Row) => crudCell(f, value, row, t, dictOptions),
  }));
  if (!def.noActions)
    columns.push({
      key: '__actions',
      title: t('crud.actions'),
      fixed: pinsActions(windowWidth, actionWidth) ? 'right' : undefined,
      width: actionWidth,
      render: (_: unknown, row: Row) => actions(row),
    });

  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={(row) => String(row[rowKey])}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      expandable={props.expandable}
      onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined}
      rowClassName={(row) => (activeRowKey !== undefined && String(row[rowKey]) === activeRowKey ? 'ant-table-row-selected' : '')}
      rowSelection={
        def.readOnly
          ? undefined
          : {
              selectedRowKeys: selected.map((r) => String(r[rowKey])),
              onChange: (_keys, picked) => onSelect(picked),
            }
      }
      pagination={
        def.pagination === false || def.lazy
          ? false
          : {
              current: params.current,
              pageSize: params.size,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (n) => t('crud.total', { total: n }),
              onChange: onPaginate,
            }
      }
    />
  );
}
