import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DeptPage from './dept.page';
import { clickRowAction } from '../../../test/row-action';

const dept = (id: string, deptName: string, parentId: string, hasChildren: boolean) => ({
  id,
  tenantId: '000000',
  parentId,
  ancestors: '0',
  deptCategory: 2,
  deptName,
  fullName: `${deptName}全称`,
  sort: 1,
  remark: '',
  isDeleted: 0,
  parentName: '',
  deptCategoryName: '部门',
  hasChildren,
});
const LAZY = 'GET /api/blade-system/dept/lazy-list';
const TREE = [{ id: '1', parentId: '0', title: '动物园', key: '1', value: '1' }];

function server() {
  const levels: Record<string, unknown[]> = {
    '0': [dept('1', '动物园', '0', true)],
    '1': [dept('2', '兽医部', '1', false)],
  };
  const net = stubFetch({
    [LAZY]: (req) => ok(req.query.deptName ? [dept('2', '兽医部', '1', false)] : (levels[req.query.parentId!] ?? [])),
    'GET /api/blade-system/dept/tree': ok(TREE),
    'POST /api/blade-system/dept/submit': (req) => {
      levels['1'] = [...levels['1']!, dept('3', (req.body as { deptName: string }).deptName, '1', false)];
      return ok({ id: '3', tenantId: '000000', deptCategoryName: '部门' });
    },
    ...dictionaryRoute({
      org_category: [
        ['1', '公司'],
        ['2', '部门'],
        ['3', '小组'],
      ],
    }),
  });
  return net;
}

const dialog = () => screen.getByRole('dialog');

describe('department page', { timeout: 90_000 }, () => {
  it('loads the roots, expands a row through lazy-list, and searches every level', async () => {
    signIn();
    const net = server();
    renderPage(<DeptPage />);
    const root = (await screen.findByText('动物园')).closest('tr')!;
    expect(net.to(LAZY)[0]!.query).toEqual({ parentId: '0' });
    expect(await within(root).findByText('部门')).toBeInTheDocument();

    fireEvent.click(root.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('兽医部')).toBeInTheDocument();
    expect(net.to(LAZY).at(-1)!.query).toEqual({ parentId: '1' });

    fireEvent.change(screen.getByLabelText('机构名称'), { target: { value: '兽医' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LAZY).at(-1)!.query).toEqual({ parentId: '0', deptName: '兽医' }));
    await waitFor(() => expect(screen.queryByText('动物园')).not.toBeInTheDocument());
    expect(screen.getByText('兽医部')).toBeInTheDocument();
  });

  it('adds a child under a row and refreshes the open level', async () => {
    signIn();
    const net = server();
    renderPage(<DeptPage />);
    const root = (await screen.findByText('动物园')).closest('tr')!;
    fireEvent.click(root.querySelector('.ant-table-row-expand-icon')!);
    await screen.findByText('兽医部');

    await clickRowAction(root, '新增子项');
    await within(dialog()).findByTitle('动物园');
    fireEvent.change(within(dialog()).getByLabelText('机构名称'), { target: { value: '饲养部' } });
    fireEvent.change(within(dialog()).getByLabelText('机构全称'), { target: { value: '饲养管理部' } });
    fireEvent.mouseDown(within(dialog()).getByLabelText('机构类型'));
    fireEvent.click(await screen.findByTitle('部门'));
    fireEvent.change(within(dialog()).getByLabelText('排序'), { target: { value: '2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/dept/submit')[0]!.body).toEqual({
      parentId: '1',
      deptName: '饲养部',
      fullName: '饲养管理部',
      deptCategory: 2,
      sort: 2,
    });
    expect(await screen.findByText('饲养部')).toBeInTheDocument();
  });
});
