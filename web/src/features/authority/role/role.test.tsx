import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import RolePage from './role.page';
import { clickRowAction } from '../../../test/row-action';

const node = (key: string, title: string, children?: unknown[]) => ({ id: key, parentId: '0', key, value: key, title, children });
const role = (id: string, roleName: string, roleAlias: string, parentId = '0', children?: unknown[]) => ({
  id,
  tenantId: '000000',
  parentId,
  roleName,
  roleAlias,
  sort: 1,
  isDeleted: 0,
  parentName: '',
  children,
});

const GRANT_TREE = {
  menu: [node('10', '系统管理', [node('11', '用户管理', [node('12', '新增'), node('13', '删除')])]), node('20', '动物园管理', [node('21', '园区管理')])],
  dataScope: [node('11', '用户管理', [node('901', '本人可见'), node('902', '全部可见')])],
  apiScope: [node('11', '用户管理', [node('951', '用户接口')])],
};

function server() {
  return stubFetch({
    'GET /api/blade-system/role/list': ok([role('1', '超级管理员', 'administrator', '0', [role('3', '饲养员', 'keeper', '1')]), role('2', '人事', 'hr')]),
    'GET /api/blade-system/menu/grant-tree': ok(GRANT_TREE),
    'GET /api/blade-system/menu/role-tree-keys': ok({ menu: ['10', '11', '12'], dataScope: ['901'], apiScope: [] }),
    'POST /api/blade-system/role/grant': ok({}),
  });
}

const dialog = () => screen.getByRole('dialog');
const box = (title: string) => {
  const treeNode = within(dialog()).getByText(title).closest('.ant-tree-treenode')!;
  return treeNode.querySelector('.ant-tree-checkbox') as HTMLElement;
};
const expand = (title: string) => fireEvent.click(within(dialog()).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!);

// Whole antd pages with dialogs and trees: slow in jsdom on a shared 2-core machine.
describe('role page', { timeout: 90_000 }, () => {
  it('shows the role tree and hides 权限设置 without role_grant', async () => {
    signIn({ role_name: 'hr' }, [], { role_view: true });
    server();
    renderPage(<RolePage />);
    expect(await screen.findByText('超级管理员')).toBeInTheDocument();
    // A parent row can be opened to show its children.
    fireEvent.click(screen.getByText('超级管理员').closest('tr')!.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('饲养员')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '权限设置' })).not.toBeInTheDocument();
  });

  it('查看 shows the role and, in a second tab, its 变更记录', async () => {
    signIn({ role_name: 'hr' }, [], { role_view: true });
    const net = stubFetch({
      'GET /api/blade-system/role/list': ok([role('2', '人事', 'hr')]),
      'GET /api/blade-system/role/detail': ok(role('2', '人事', 'hr')),
      'GET /api/blade-log/audit/history': pageOf([
        {
          id: '77',
          tenantId: '000000',
          tableName: 'blade_role',
          resource: 'role',
          title: '角色',
          recordId: '2',
          action: 'update',
          userId: '1',
          userName: '管理员',
          deptId: '',
          actorTenantId: '000000',
          clientIp: '',
          requestId: '',
          reason: '',
          changes: [{ field: 'roleName', before: '人力', after: '人事' }],
          createTime: '2026-11-23 09:00:00',
        },
      ]),
    });
    renderPage(<RolePage />);
    fireEvent.click(within((await screen.findByText('人事')).closest('tr')!).getByRole('button', { name: '查看' }));
    const view = await screen.findByRole('dialog');
    expect(within(view).getByRole('tab', { name: '详情', selected: true })).toBeInTheDocument();
    expect(net.to('GET /api/blade-log/audit/history')).toHaveLength(0);
    fireEvent.click(within(view).getByRole('tab', { name: '变更记录' }));
    const entry = await within(view).findByTestId('history-entry');
    expect(net.to('GET /api/blade-log/audit/history')[0]!.query).toMatchObject({ table: 'blade_role', id: '2' });
    expect(within(entry).getByTestId('change-line').textContent).toMatch(/: 人力 → 人事$/);
  });

  it('grant dialog shows the role’s checked keys and saves menus, data scopes and API scopes', async () => {
    signIn();
    const net = server();
    renderPage(<RolePage />);
    const tr = (await screen.findByText('人事')).closest('tr')!;
    await clickRowAction(tr, '权限设置');

    await within(dialog()).findByText('系统管理');
    expect(net.to('GET /api/blade-system/menu/role-tree-keys')[0].query).toEqual({ roleIds: '2' });
    expand('用户管理');
    await waitFor(() => expect(box('新增')).toHaveAttribute('aria-checked', 'true'));
    expect(box('删除')).toHaveAttribute('aria-checked', 'false');
    expect(box('系统管理')).toHaveAttribute('aria-checked', 'true');

    // Checking a button grants it; checking a group grants all of it; unchecking a menu drops its buttons.
    fireEvent.click(box('删除'));
    fireEvent.click(box('动物园管理'));
    await waitFor(() => expect(box('动物园管理')).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(box('用户管理'));
    await waitFor(() => expect(box('新增')).toHaveAttribute('aria-checked', 'false'));
    fireEvent.click(box('新增'));
    await waitFor(() => expect(box('用户管理')).toHaveAttribute('aria-checked', 'true'));

    fireEvent.click(within(dialog()).getByRole('tab', { name: '接口权限' }));
    fireEvent.click(await waitFor(() => box('用户接口')));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '数据权限' }));
    await waitFor(() => expect(box('本人可见')).toHaveAttribute('aria-checked', 'true'));

    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    const [req] = net.to('POST /api/blade-system/role/grant');
    const body = req!.body as Record<string, string[]>;
    expect(body.roleIds).toEqual(['2']);
    expect([...body.menuIds!].sort()).toEqual(['10', '11', '12', '20', '21']);
    expect(body.dataScopeIds).toEqual(['901']);
    expect(body.apiScopeIds).toEqual(['951']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
