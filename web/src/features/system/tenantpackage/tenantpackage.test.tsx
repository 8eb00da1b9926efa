import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import TenantPackagePage from './tenantpackage.page';

const node = (key: string, title: string, children?: unknown[]) => ({ id: key, parentId: '0', key, value: key, title, children });
const pkg = (id: string, packageName: string, menuId: string) =>
  wholeRow('GET /api/blade-system/tenant-package/list', { id, packageName, menuId, remark: '', isDeleted: 0 });

function server() {
  return stubFetch({
    'GET /api/blade-system/tenant-package/list': pageOf([pkg('1', '基础套餐', '10,11')]),
    'GET /api/blade-system/tenant-package/detail': ok(pkg('1', '基础套餐', '10,11')),
    'GET /api/blade-system/menu/grant-tree': ok({
      menu: [node('10', '系统管理', [node('11', '用户管理'), node('12', '部门管理')]), node('20', '动物园管理', [node('21', '园区管理')])],
      dataScope: [],
      apiScope: [],
    }),
    'POST /api/blade-system/tenant-package/submit': ok({}),
  });
}

const dialog = () => screen.getByRole('dialog');
const box = (title: string) => within(dialog()).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;

describe('tenant package page', { timeout: 90_000 }, () => {
  it('shows the spec messages verbatim, then saves the picked menus comma-joined', async () => {
    signIn();
    const net = server();
    renderPage(<TenantPackagePage />);
    expect(await screen.findByText('基础套餐')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    await within(dialog()).findByText('系统管理');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(dialog()).findByText('请输入产品包名称')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请选择菜单')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant-package/submit')).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('产品包名称'), { target: { value: '动物园套餐' } });
    fireEvent.click(box('动物园管理'));
    fireEvent.click(box('用户管理'));
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const body = net.to('POST /api/blade-system/tenant-package/submit')[0]!.body as { packageName: string; menuId: string };
    expect(body.packageName).toBe('动物园套餐');
    expect(body.menuId.split(',').sort()).toEqual(['10', '11', '20', '21']);
  });

  it('edit shows the stored menus checked', async () => {
    signIn();
    server();
    renderPage(<TenantPackagePage />);
    fireEvent.click(within((await screen.findByText('基础套餐')).closest('tr')!).getByRole('button', { name: '编辑' }));
    await within(dialog()).findByText('系统管理');
    await waitFor(() => expect(box('用户管理')).toHaveClass('ant-tree-checkbox-checked'));
    expect(box('部门管理')).not.toHaveClass('ant-tree-checkbox-checked');
  });
});
