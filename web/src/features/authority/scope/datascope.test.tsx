import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DataScopePage from './datascope.page';

const menu = (id: string, name: string, code: string, parentId: string, hasChildren: boolean) => ({
  id,
  parentId,
  code,
  name,
  alias: 'menu',
  path: `/${code}`,
  source: '',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  component: '',
  remark: '',
  isDeleted: 0,
  hasChildren,
});
const MENUS: Record<string, unknown[]> = {
  '0': [menu('100', '系统管理', 'system', '0', true)],
  '100': [menu('101', '岗位管理', 'post', '100', false), menu('102', '部门管理', 'dept', '100', false)],
};
const scope = (id: string, menuId: string, scopeName: string) => ({
  id,
  menuId,
  resourceCode: menuId === '101' ? 'post' : 'dept',
  scopeName,
  scopeType: 2,
  scopeTypeName: '本人可见',
  scopeField: '*',
  scopeClass: '',
  scopeColumn: 'createUser',
  scopeValue: '',
  remark: '',
  createUser: '1',
  createDept: '1',
  createTime: '',
  updateUser: '1',
  updateTime: '',
  status: 1,
  isDeleted: 0,
});
const SCOPES = 'GET /api/blade-system/data-scope/list';
const MENU_LIST = 'GET /api/blade-system/menu/lazy-menu-list';

function server() {
  return stubFetch({
    [MENU_LIST]: (req) => ok(MENUS[req.query.parentId!] ?? []),
    [SCOPES]: (req) => pageOf(req.query.menuId === '101' ? [scope('7', '101', '岗位本人')] : [scope('8', '102', '部门本人')]),
    'POST /api/blade-system/data-scope/submit': ok({}),
    ...dictionaryRoute({
      data_scope_type: [
        ['1', '全部可见'],
        ['2', '本人可见'],
        ['5', '自定义'],
      ],
    }),
  });
}

// Class queries: role queries with names walk the whole page and are very slow in jsdom.
const drawerOf = async (menu: string) => (await screen.findByText(`[${menu}] 数据权限配置`)).closest('.ant-drawer-content-wrapper') as HTMLElement;
const formDialog = () => document.querySelector('.ant-modal') as HTMLElement;

describe('data scope page', { timeout: 90_000 }, () => {
  it('lists the menus lazily and shows the scopes of the menu clicked', async () => {
    signIn();
    const net = server();
    renderPage(<DataScopePage />);
    const root = (await screen.findByText('系统管理')).closest('tr')!;
    expect(net.to(MENU_LIST)[0]!.query).toEqual({ parentId: '0' });
    expect(screen.queryByText('岗位管理')).not.toBeInTheDocument();

    fireEvent.click(root.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('岗位管理')).toBeInTheDocument();
    expect(net.to(MENU_LIST).at(-1)!.query).toEqual({ parentId: '100' });
    expect(net.to(SCOPES)).toHaveLength(0);

    fireEvent.click(screen.getByText('部门管理'));
    const dept = await drawerOf('部门管理');
    expect(await within(dept).findByText('部门本人')).toBeInTheDocument();
    expect(net.to(SCOPES).at(-1)!.query).toEqual({ current: '1', size: '10', menuId: '102' });
    fireEvent.click(dept.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    fireEvent.click(within(screen.getByText('岗位管理').closest('tr')!).getByRole('button', { name: '权限配置' }));
    expect(await within(await drawerOf('岗位管理')).findByText('岗位本人')).toBeInTheDocument();
    expect(net.to(SCOPES).at(-1)!.query).toEqual({ current: '1', size: '10', menuId: '101' });
  });

  it('saves a custom rule as typed conditions bound to the menu', async () => {
    signIn();
    const net = server();
    renderPage(<DataScopePage />);
    fireEvent.click((await screen.findByText('系统管理')).closest('tr')!.querySelector('.ant-table-row-expand-icon')!);
    fireEvent.click(await screen.findByText('岗位管理'));
    const drawer = await drawerOf('岗位管理');
    await within(drawer).findByText('岗位本人');

    fireEvent.click(within(drawer).getByRole('button', { name: 'plus 新增' }));
    expect(within(formDialog()).getByLabelText('资源编号')).toHaveValue('post');
    expect(within(formDialog()).queryByTestId('scope-rule')).not.toBeInTheDocument();
    fireEvent.change(within(formDialog()).getByLabelText('权限名称'), { target: { value: '高层岗位' } });
    fireEvent.mouseDown(within(formDialog()).getByLabelText('规则类型'));
    fireEvent.click(await screen.findByTitle('自定义'));

    const rule = await within(formDialog()).findByTestId('scope-rule');
    fireEvent.click(within(rule).getByRole('button', { name: /添加条件/ }));
    fireEvent.change(within(rule).getByLabelText('字段'), { target: { value: 'category' } });
    fireEvent.change(within(rule).getByLabelText('值'), { target: { value: '1' } });
    fireEvent.click(within(formDialog()).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/data-scope/submit')[0]!.body).toMatchObject({
      menuId: '101',
      resourceCode: 'post',
      scopeName: '高层岗位',
      scopeType: 5,
      scopeValue: JSON.stringify([{ column: 'category', op: 'eq', value: '1' }]),
    });
    await waitFor(() => expect(net.to(SCOPES).filter((r) => r.query.menuId === '101').length).toBeGreaterThan(1));
  });
});
