import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { flat, tenantAdmin, userWith, type TestUser } from '../../../../test/iam-fixtures';

let t: TestApp;
let admin: string;
let a: TestUser;
let b: TestUser;
const menu: Record<string, string> = {};
let top: string;

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/topmenu/submit', token, body });
const grant = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/topmenu/grant', token, body });
const routeCodes = async (token: string, topMenuId?: string) =>
  flat((await t.request({ url: '/blade-system/menu/routes', token, query: topMenuId ? { topMenuId } : {} })).body.data)
    .map((m: { code: string }) => m.code)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '370001');
  b = await tenantAdmin(t, '370002');
  const { rows } = await t.sql.query(`select code, id::text from blade_menu where code in ('system','post','dept','desk','notice','param')`);
  for (const r of rows) menu[r.code] = r.id;
});
afterAll(async () => t?.close());

describe('top menu', () => {
  it('creates, lists (entity filter) and reads top menus of the tenant', async () => {
    expect((await submit(a.token, { code: 'daily', name: '日常', source: 'HomeOutlined', sort: 1 })).body.msg).toBe('操作成功');
    await submit(a.token, { code: 'admin', name: '管理', sort: 2 });
    const page = (await t.request({ url: '/blade-system/topmenu/list', token: a.token })).body.data;
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['daily', 'admin']);
    expect((await t.request({ url: '/blade-system/topmenu/list', token: a.token, query: { name: '日' } })).body.data.total).toBe(0);
    const hit = (await t.request({ url: '/blade-system/topmenu/list', token: a.token, query: { name: '日常' } })).body.data.records;
    expect(hit).toEqual([expect.objectContaining({ code: 'daily', source: 'HomeOutlined', tenantId: '370001' })]);
    top = hit[0].id;
    const bar = (await t.request({ url: '/blade-system/menu/top-menu', token: a.token })).body.data;
    expect(bar.map((x: { code: string }) => x.code)).toEqual(['daily', 'admin']);
    expect((await t.request({ url: '/blade-system/menu/top-menu', token: b.token })).body.data).toEqual([]);
  });

  it('validates with the form messages', async () => {
    expect((await submit(a.token, { name: 'x', sort: 1 })).body.msg).toBe('请输入菜单编号');
    expect((await submit(a.token, { code: 'x', sort: 1 })).body.msg).toBe('请输入菜单名称');
    expect((await submit(a.token, { code: 'x', name: 'x' })).body.msg).toBe('请输入菜单排序');
  });

  it('grant binds menus; top-tree-keys reads them; routes?topMenuId keeps only bound menus the user holds', async () => {
    const res = await grant(a.token, { topMenuIds: [top], menuIds: [menu.post, menu.notice] });
    expect(res.body.success).toBe(true);
    const keys = (await t.request({ url: '/blade-system/menu/top-tree-keys', token: a.token, query: { topMenuIds: top } })).body.data;
    expect(keys.menu.sort()).toEqual([menu.post, menu.notice].sort());
    expect(await routeCodes(a.token, top)).toEqual(['desk', 'notice', 'post', 'system']);
    const u = await userWith(t, { tenantId: '370001', account: 'topuser', codes: ['post', 'dept'] });
    expect(await routeCodes(u.token)).toEqual(['dept', 'post', 'system']);
    expect(await routeCodes(u.token, top)).toEqual(['post', 'system']);
    await grant(a.token, { topMenuIds: [top], menuIds: [menu.dept] });
    expect(await routeCodes(u.token, top)).toEqual(['dept', 'system']);
  });

  it('grant-top-tree offers the category-1 menus the caller holds', async () => {
    const u = await userWith(t, { tenantId: '370001', account: 'topset', codes: ['topmenu', 'topmenu_setting', 'post', 'post_add'] });
    const tree = flat((await t.request({ url: '/blade-system/menu/grant-top-tree', token: u.token })).body.data.menu).map((n: { title: string }) => n.title);
    expect(tree.sort()).toEqual(['岗位管理', '系统管理', '顶部菜单'].sort());
    const beyond = await grant(u.token, { topMenuIds: [top], menuIds: [menu.param] });
    expect(beyond.status).toBe(403);
    const none = await userWith(t, { tenantId: '370001', account: 'topno', codes: ['topmenu'] });
    expect((await grant(none.token, { topMenuIds: [top], menuIds: [] })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/menu/grant-top-tree', token: none.token })).status).toBe(403);
  });

  it('tenant B can neither bind nor read tenant A’s top menu', async () => {
    const res = await grant(b.token, { topMenuIds: [top], menuIds: [menu.post] });
    expect(res.body.msg).toBe('顶部菜单不存在或已被删除');
    expect((await t.request({ url: '/blade-system/menu/top-tree-keys', token: b.token, query: { topMenuIds: top } })).body.data).toEqual({ menu: [] });
    expect(await routeCodes(b.token, top)).toEqual([]);
    const { rows } = await t.sql.query('select count(*)::int n from blade_top_menu_setting where top_menu_id = $1', [top]);
    expect(rows[0].n).toBe(1);
  });

  it('removing a top menu drops its bindings', async () => {
    expect((await t.request({ method: 'POST', url: '/blade-system/topmenu/remove', token: a.token, query: { ids: top } })).body.success).toBe(true);
    const { rows } = await t.sql.query('select count(*)::int n from blade_top_menu_setting where top_menu_id = $1', [top]);
    expect(rows[0].n).toBe(0);
  });

  it('the administrator sees its own tenant’s top menus only', async () => {
    expect((await t.request({ url: '/blade-system/topmenu/list', token: admin })).body.data.total).toBe(0);
  });
});
