import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { newTenant } from '../../../../test/iam-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const menuIds = async (codes: string[]) =>
  (await t.sql.query(`select id::text from blade_menu where code = any($1) order by id`, [codes])).rows.map((r) => r.id as string);
const submit = (body: unknown, token = admin) => t.request({ method: 'POST', url: '/blade-system/tenant-package/submit', token, body });
const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('tenant packages', () => {
  it('creates, lists, reads, updates, selects and removes packages; menuId may come as an array or a comma list', async () => {
    const ids = await menuIds(['desk', 'notice']);
    expect((await submit({ packageName: '标准包', menuId: ids, remark: '含工作台' })).body.success).toBe(true);
    expect((await submit({ packageName: '高级包', menuId: ids.join(',') })).body.success).toBe(true);
    const list = (await t.request({ url: '/blade-system/tenant-package/list', token: admin, query: { packageName: '标准' } })).body.data;
    expect(list.total).toBe(1);
    const row = list.records[0];
    expect(row).toMatchObject({ packageName: '标准包', menuId: ids.join(','), remark: '含工作台' });
    expect((await t.request({ url: '/blade-system/tenant-package/detail', token: admin, query: { id: row.id } })).body.data.packageName).toBe('标准包');
    expect((await submit({ id: row.id, packageName: '标准包2', menuId: [ids[0]] })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-system/tenant-package/detail', token: admin, query: { id: row.id } })).body.data).toMatchObject({
      packageName: '标准包2',
      menuId: ids[0],
    });
    const select = (await t.request({ url: '/blade-system/tenant-package/select', token: admin })).body.data;
    expect(select.map((p: any) => p.packageName).sort()).toEqual(['标准包2', '高级包']);
    expect((await t.request({ method: 'POST', url: '/blade-system/tenant-package/remove', token: admin, query: { ids: row.id } })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-system/tenant-package/select', token: admin })).body.data.map((p: any) => p.packageName)).toEqual(['高级包']);
  });

  it('validates packageName and menuId with the spec messages', async () => {
    expect((await submit({ menuId: '1' })).body.msg).toBe('请输入产品包名称');
    expect((await submit({ packageName: ' ', menuId: '1' })).body.msg).toBe('请输入产品包名称');
    expect((await submit({ packageName: '包' })).body.msg).toBe('请选择菜单');
    expect((await submit({ packageName: '包', menuId: '' })).body.msg).toBe('请选择菜单');
    expect((await submit({ packageName: '包', menuId: [] })).body.msg).toBe('请选择菜单');
    expect((await submit({ packageName: '包', menuId: 'a,b' })).body.msg).toBe('菜单ID格式不正确');
  });

  it('refuses to remove a package a tenant still uses', async () => {
    await submit({ packageName: '在用包', menuId: await menuIds(['desk']) });
    const { rows } = await t.sql.query(`select id::text from blade_tenant_package where package_name = '在用包'`);
    await newTenant(t, admin, { tenantName: '用包动物园', packageId: rows[0].id });
    const res = await t.request({ method: 'POST', url: '/blade-system/tenant-package/remove', token: admin, query: { ids: rows[0].id } });
    expect(res.body.msg).toBe('产品包已被租户使用(用包动物园),请先解除绑定');
  });

  it('is for the platform administrator only', async () => {
    const a = await newTenant(t, admin);
    const token = await t.login('admin', 'admin', a.code);
    expect((await t.request({ url: '/blade-system/tenant-package/list', token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/tenant-package/select', token })).status).toBe(403);
    expect((await submit({ packageName: '自建包', menuId: '1' }, token)).status).toBe(403);
  });
});

describe('a tenant with a package', () => {
  it("sees only the package's menus and buttons, and calls needing other buttons are refused", async () => {
    const a = await newTenant(t, admin);
    const token = await t.login('admin', 'admin', a.code);
    const { rows } = await t.sql.query(`select role_id, dept_id from blade_user where tenant_id = $1`, [a.code]);
    const createUser = (account: string) =>
      t.request({
        method: 'POST',
        url: '/blade-user/submit',
        token,
        body: { account, name: account, realName: account, password: 'pw', roleId: rows[0].role_id, deptId: rows[0].dept_id },
      });
    const routes = async () => flat((await t.request({ url: '/blade-system/menu/routes', token })).body.data).map((n) => n.path);
    // Saber keeps the codes of the leaves of the buttons forest.
    const buttons = async () =>
      flat((await t.request({ url: '/blade-system/menu/buttons', token })).body.data)
        .filter((n) => !n.children)
        .map((n) => n.code);

    expect(await routes()).toContain('/system/user');
    expect(await buttons()).toContain('user_add');
    expect((await createUser('before')).body.success).toBe(true);

    const ids = await menuIds(['desk', 'notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view']);
    await submit({ packageName: '仅通知', menuId: ids });
    const pkg = await t.sql.query(`select id::text from blade_tenant_package where package_name = '仅通知'`);
    const set = await t.request({
      method: 'POST',
      url: '/blade-system/tenant/package-setting',
      token: admin,
      query: { tenantId: a.id, packageId: pkg.rows[0].id },
    });
    expect(set.body.success).toBe(true);

    expect((await routes()).sort()).toEqual(['/desk', '/desk/notice']);
    expect((await buttons()).sort()).toEqual(['notice_add', 'notice_delete', 'notice_edit', 'notice_view']);
    const denied = await createUser('after');
    expect(denied.status).toBe(403);

    await t.request({ method: 'POST', url: '/blade-system/tenant/package-setting', token: admin, query: { tenantId: a.id, packageId: '' } });
    expect(await routes()).toContain('/system/user');
    expect((await createUser('after')).body.success).toBe(true);
  });
});
