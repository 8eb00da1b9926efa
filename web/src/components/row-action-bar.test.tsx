import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { ROW_CONTROLS, RowActionBar, type RowActionItem } from './row-action-bar';

/**
 * Row actions of hand-built tables (decision 0048): the shared bar shows three at most and puts the rest under
 * 更多, whatever the screen. `crowdedCells` walks every rendered table like the e2e walk of every screen does
 * (e2e/lib/row-actions.ts), here on jsdom, which draws no boxes: every button or link in a cell counts.
 */
function crowdedCells(root: HTMLElement): string[] {
  const out: string[] = [];
  root.querySelectorAll('.ant-table tbody tr.ant-table-row').forEach((tr, row) =>
    Array.from(tr.children).forEach((td, col) => {
      const actions = Array.from(td.querySelectorAll('button, a[href]')).filter(
        (e) => e.getAttribute('aria-haspopup') !== 'menu' && !e.parentElement?.closest('button, a[href]'),
      );
      if (actions.length > ROW_CONTROLS) out.push(`row ${row + 1} column ${col + 1}: ${actions.length}`);
    }),
  );
  return out;
}

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: '1', name: 'A' },
  { id: '2', name: 'B' },
];

function table(actions: (r: Row) => ReactElement, onRow?: (r: Row) => void): ReactElement {
  const columns: TableColumnsType<Row> = [
    { title: 'name', dataIndex: 'name' },
    { title: 'actions', key: 'actions', render: (_v, r) => actions(r) },
  ];
  return <Table<Row> rowKey="id" dataSource={rows} columns={columns} pagination={false} onRow={(r) => ({ onClick: () => onRow?.(r) })} />;
}

/** Five actions in the frequency order a screen chose: a route link, three buttons and a confirmed delete. */
const five = (r: Row, click: (what: string) => void): RowActionItem[] => [
  { key: 'open', node: <Link to={`/x/${r.id}`}>open</Link> },
  ...['log', 'edit', 'print'].map((k) => ({
    key: k,
    node: (
      <Button type="link" size="small" onClick={() => click(`${k} ${r.id}`)}>
        {k}
      </Button>
    ),
  })),
  {
    key: 'delete',
    node: (
      <Button type="link" size="small" danger onClick={() => click(`delete ${r.id}`)}>
        delete
      </Button>
    ),
  },
];

describe('row actions of hand-built tables', () => {
  it('the shared bar shows three per row, the rest under 更多; a choice there runs its action, not the row’s', async () => {
    const click = vi.fn();
    const rowClick = vi.fn();
    const { container } = renderPage(table((r) => <RowActionBar items={five(r, click)} />, rowClick));
    await screen.findByText('A');
    expect(crowdedCells(container)).toEqual([]);
    const first = container.querySelectorAll('tbody tr.ant-table-row')[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['log', 'edit', '更多']);
    expect(within(first).getByRole('link').textContent).toBe('open');
    fireEvent.click(within(first).getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['print', 'delete']);
    fireEvent.click(within(menu).getByText('delete'));
    await waitFor(() => expect(click).toHaveBeenCalledWith('delete 1'));
    expect(rowClick).not.toHaveBeenCalled();
    // The menu closed with the choice (更多 mounts antd's Dropdown on first use, then the Dropdown opens and closes it).
    await waitFor(() => expect(within(first).getByRole('button', { name: /更多/ })).toHaveAttribute('aria-expanded', 'false'));
    fireEvent.click(within(first).getByRole('button', { name: /更多/ }));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('print'));
    await waitFor(() => expect(click).toHaveBeenCalledWith('print 1'));
  });

  it('an action that is not a plain button (a confirmed delete) stays in the row; three or fewer need no 更多', async () => {
    const { container } = renderPage(
      table((r) => (
        <RowActionBar
          items={[
            { key: 'pedigree', node: <Button onClick={() => undefined}>pedigree {r.id}</Button> },
            {
              key: 'remove',
              node: (
                <Popconfirm title="?">
                  <Button danger>remove</Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )),
    );
    await screen.findByText('pedigree 1');
    expect(crowdedCells(container)).toEqual([]);
    expect(screen.queryByText('更多')).toBeNull();
  });

  it('the walk fails a table that lays its actions out itself', async () => {
    const { container } = renderPage(
      table((r) => (
        <Space>
          {five(r, () => undefined).map((x) => (
            <span key={x.key}>{x.node}</span>
          ))}
        </Space>
      )),
    );
    await screen.findByText('A');
    expect(crowdedCells(container)).toEqual(['row 1 column 2: 5', 'row 2 column 2: 5']);
  });
});
