import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { clickRowAction } from '../../../test/row-action';
import { renderPage } from '../../../test/render';
import TenantPage from './tenant.page';

const tenant = (id: string, tenantId: string, tenantName: string, accountNumber: number, packageId = '') =>
  wholeRow('GET /api/blade-system/tenant/list', {
    id,
    tenantId,
    tenantName,
    domain: '',
    backgroundUrl: '',
    linkman: '张三',
    contactNumber: '13800000000',
    address: '',
    accountNumber,
    expireTime: '',
    packageId,
    datasourceId: '',
    licenseKey: '',
    isDeleted: 0,
  });

function server() {
  return stubFetch({
    'GET /api/blade-system/tenant/list': pageOf([tenant('1', '000000', '管理组', -1), tenant('2', '100000', '示范动物园', 100, '7')]),
    'GET /api/blade-system/tenant-package/select': ok([{ id: '7', packageName: '动物园套餐' }]),
    'GET /api/blade-system/tenant-package/list': pageOf([
      wholeRow('GET /api/blade-system/tenant-package/list', { id: '7', packageName: '动物园套餐', menuId: '1', remark: '', isDeleted: 0 }),
    ]),
    'POST /api/blade-system/tenant/setting': ok({}),
    'POST /api/blade-system/tenant/remove': { status: 400, body: { code: 400, success: false, msg: '不可删除管理租户!' } },
    'POST /api/blade-system/tenant/submit': ok({}),
    'POST /api/blade-system/tenant/copy': ok({ id: '9', tenantId: '345678', tenantName: '新园', account: 'admin' }),
    'POST /api/blade-system/tenant/import': ok({
      fromTenantId: '100000',
      tenantId: '654321',
      tenantName: '示范动物园',
      rows: 91272,
      files: 1,
      missingFiles: 2,
      remappedIds: 91267,
    }),
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('tenant page', { timeout: 90_000 }, () => {
  it('lists tenants with quota and package names; the server’s refusal to remove 000000 is shown', async () => {
    signIn();
    const net = server();
    renderPage(<TenantPage />);
    const platform = await rowOf('管理组');
    expect(within(platform).getByText('不限')).toBeInTheDocument();
    expect(await within(await rowOf('示范动物园')).findByText('动物园套餐')).toBeInTheDocument();

    await clickRowAction(platform, '删除');
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('不可删除管理租户!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant/remove')[0]!.query).toEqual({ ids: '1' });
  });

  it('授权配置 needs a selection, then sends quota and expiry for the selected rows', async () => {
    signIn();
    const net = server();
    renderPage(<TenantPage />);
    const zoo = await rowOf('示范动物园');
    fireEvent.click(screen.getByRole('button', { name: '授权配置' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();

    fireEvent.click(within(zoo).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '授权配置' }));
    const dialog = await screen.findByRole('dialog');
    const quota = within(dialog).getByLabelText('账号额度');
    expect(quota).toHaveValue('100');
    fireEvent.change(quota, { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant/setting')[0]!.query).toEqual({ ids: '2', accountNumber: '-1', expireTime: '' });
  });

  it('套餐 opens the package table with add, edit and delete but no view', async () => {
    signIn();
    server();
    renderPage(<TenantPage />);
    await rowOf('管理组');
    fireEvent.click(screen.getByText('套餐').closest('button')!);
    const pkgRow = await waitFor(() => {
      const cell = [...document.querySelectorAll('.ant-modal td')].find((td) => td.textContent === '动物园套餐');
      if (!cell) throw new Error('no package row yet');
      return cell.closest('tr')!;
    });
    const buttons = (el: Element) => [...el.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons(pkgRow)).toEqual(['编辑', '删除']);
    expect(buttons(pkgRow.closest('.ant-modal')!)).toContain('新增');
  });

  it('new tenant: spec messages, then name, contact and package are sent', async () => {
    signIn();
    const net = server();
    renderPage(<TenantPage />);
    await rowOf('管理组');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('租户ID')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入租户名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入联系人')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('租户名称'), { target: { value: '新动物园' } });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '李四' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('产品包'));
    fireEvent.click(await screen.findByTitle('动物园套餐'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant/submit')[0]!.body).toEqual({ tenantName: '新动物园', linkman: '李四', packageId: '7' });
  });

  it('复制 makes a new zoo from a zoo row (not the platform’s), checks the spec messages and shows the new id and account', async () => {
    signIn();
    const net = server();
    renderPage(<TenantPage />);
    expect(within(await rowOf('管理组')).queryByRole('button', { name: '复制' })).not.toBeInTheDocument();
    await clickRowAction(await rowOf('示范动物园'), '复制');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('复制租户: 示范动物园')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入租户名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入联系人')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant/copy')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('租户名称'), { target: { value: '新园' } });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '王五' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已创建租户 345678「新园」')).toBeInTheDocument();
    expect(screen.getByText(/管理员账号 admin/)).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/tenant/copy')[0]!.body).toEqual({ sourceTenantId: '100000', tenantName: '新园', linkman: '王五' });
  });

  it('导出数据 downloads a zoo’s archive by link; 导入数据 uploads an archive and names the tenant it became', async () => {
    signIn();
    const net = server();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const { container } = renderPage(<TenantPage />);
    await clickRowAction(await rowOf('示范动物园'), '导出数据');
    await waitFor(() => expect(clicked).toHaveLength(1));
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/blade-system/tenant/export');
    expect(url.searchParams.get('tenantId')).toBe('100000');

    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([31, 139, 8])], 'zoo-100000.tar.gz', { type: 'application/gzip' })] } });
    expect(await screen.findByText('已导入租户 654321「示范动物园」：91272 行数据，1 个文件')).toBeInTheDocument();
    // Files the source's storage had lost before the export: said, not hidden.
    expect(await screen.findByText('导出时源存储中已缺失 2 个文件，数据中对它们的链接无法打开')).toBeInTheDocument();
    expect(((net.to('POST /api/blade-system/tenant/import')[0]!.body as FormData).get('file') as File).name).toBe('zoo-100000.tar.gz');
    vi.restoreAllMocks();
  });

  it('hides the buttons the permission map lacks', async () => {
    signIn({ role_name: 'admin' }, [], { tenant_view: true });
    server();
    renderPage(<TenantPage />);
    await rowOf('管理组');
    // 导出数据 / 导入数据 are the platform administrator's alone, whatever buttons a tenant admin holds.
    for (const name of [/新增/, '授权配置', '套餐', '数据源', '产品包配置', '复制', '编辑', /导出数据/, /导入数据/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: '查看' }).length).toBe(2));
  });
});
