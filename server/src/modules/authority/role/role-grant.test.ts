import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { flat, tenantAdmin, userWith, type TestUser } from '../../../../test/iam-fixtures';

let t: TestApp;
let admin: string;
let a: TestUser;
let b: TestUser;
const menu: Record<string, string> = {};
let dataScopeId: string;
let apiScopeId: string;
let roleId: string;

const grant = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/role/grant', token, body });
const rows = async (role: string) => {
  const m = await t.sql.query('select menu_id::text id, tenant_id from blade_role_menu where role_id = $1 order by 1', [role]);
  const s = await t.sql.query('select scope_id::text id, scope_category c from blade_role_scope where role_id = $1 order by 2, 1', [role]);
  return { menus: m.rows.map((r) => r.id), tenants: [...new Set(m.rows.map((r) => r.tenant_id))], scopes: s.rows.map((r) => `${r.c}:${r.id}`) };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '310001');
  b = await tenantAdmin(t, '310002');
  const { rows: m } = await t.sql.query(`select code, id::text from blade_menu where code in ('post','post_add','post_edit','dept','notice','system','param')`);
  for (const r of m) menu[r.code] = r.id;
  const ds = await t.request({
    method: 'POST',
    url: '/blade-system/data-scope/submit',
    token: admin,
    body: { menuId: menu.post, scopeName: '本人岗位', scopeType: 2 },
  });
  expect(ds.body.msg).toBe('操作成功');
  const as = await t.request({
    method: 'POST',
    url: '/blade-system/api-scope/submit',
    token: admin,
    body: { menuId: menu.post, scopeName: '岗位接口', scopePath: '/blade-system/post/**', scopeType: 2 },
  });
  expect(as.body.msg).toBe('操作成功');
  dataScopeId = (await t.sql.query(`select id::text from blade_scope_data where scope_name = '本人岗位'`)).rows[0].id;
  apiScopeId = (await t.sql.query(`select id::text from blade_scope_api where scope_name = '岗位接口'`)).rows[0].id;
  await t.request({ method: 'POST', url: '/blade-system/role/submit', token: a.token, body: { roleName: '岗位员', roleAlias: 'poster', sort: 1 } });
  roleId = (await t.sql.query(`select id::text from blade_role where role_alias = 'poster'`)).rows[0].id;
});
afterAll(async () => t?.close());

describe('role grant', () => {
  it('replaces the role’s menus, data scopes and API scopes; menu nodes checked in the scope trees are dropped', async () => {
    const res = await grant(a.token, {
      roleIds: [roleId],
      menuIds: [menu.post, menu.post_add],
      dataScopeIds: [menu.post, dataScopeId],
      apiScopeIds: [apiScopeId],
    });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(await rows(roleId)).toEqual({ menus: [menu.post, menu.post_add].sort(), tenants: ['310001'], scopes: [`1:${dataScopeId}`, `2:${apiScopeId}`] });
    const keys = (await t.request({ url: '/blade-system/menu/role-tree-keys', token: a.token, query: { roleIds: roleId } })).body.data;
    expect(keys.menu.sort()).toEqual([menu.post, menu.post_add].sort());
    expect(keys).toMatchObject({ dataScope: [dataScopeId], apiScope: [apiScopeId] });

    await grant(a.token, { roleIds: [roleId], menuIds: [menu.dept], dataScopeIds: [], apiScopeIds: [] });
    expect(await rows(roleId)).toEqual({ menus: [menu.dept], tenants: ['310001'], scopes: [] });
  });

  it('changes nothing when any part is refused (one transaction)', async () => {
    const before = await rows(roleId);
    const res = await grant(a.token, { roleIds: [roleId], menuIds: [menu.post], dataScopeIds: ['123456789'], apiScopeIds: [] });
    expect(res.body).toMatchObject({ code: 400, msg: '权限不存在或已被删除: 123456789' });
    expect(await rows(roleId)).toEqual(before);
  });

  it('lets nobody grant more than they hold: a user with role_grant but few menus gets 403', async () => {
    const u = await userWith(t, { tenantId: '310001', account: 'granter', codes: ['role', 'role_grant', 'post', 'post_add'] });
    expect((await grant(u.token, { roleIds: [roleId], menuIds: [menu.post, menu.post_add] })).body.success).toBe(true);
    const beyond = await grant(u.token, { roleIds: [roleId], menuIds: [menu.post, menu.param] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.msg).toBe('无权授予超出自身权限的菜单或权限');
    const scopeOfOtherMenu = await grant(u.token, { roleIds: [roleId], menuIds: [menu.post], dataScopeIds: [dataScopeId] });
    expect(scopeOfOtherMenu.status).toBe(200); // the scope hangs under post, which the user holds
    const tree = (await t.request({ url: '/blade-system/menu/grant-tree', token: u.token })).body.data;
    expect(flat(tree.menu).map((n: { id: string }) => n.id)).not.toContain(menu.param);
    expect(flat(tree.dataScope).map((n: { id: string }) => n.id)).toContain(dataScopeId);
  });

  it('refuses a non-admin configuring an admin role', async () => {
    const u = await userWith(t, { tenantId: '310001', account: 'granter2', codes: ['role', 'role_grant', 'post'] });
    const res = await grant(u.token, { roleIds: [a.roleId], menuIds: [menu.post] });
    expect(res).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
  });

  it('keeps a tenant within its package', async () => {
    const pkg = await t.sql.query(`insert into blade_tenant_package (package_name, menu_id) values ('基础包', $1) returning id::text`, [
      [menu.system, menu.post, menu.post_add].join(','),
    ]);
    await t.sql.query(`update blade_tenant set package_id = $1 where tenant_id = '310001'`, [pkg.rows[0].id]);
    try {
      const res = await grant(a.token, { roleIds: [roleId], menuIds: [menu.dept] });
      expect(res.status).toBe(403);
      const tree = (await t.request({ url: '/blade-system/menu/grant-tree', token: a.token })).body.data;
      expect(
        flat(tree.menu)
          .map((n: { id: string }) => n.id)
          .sort(),
      ).toEqual([menu.system, menu.post, menu.post_add].sort());
    } finally {
      await t.sql.query(`update blade_tenant set package_id = null where tenant_id = '310001'`);
    }
  });

  it('requires the role_grant button', async () => {
    const u = await userWith(t, { tenantId: '310001', account: 'nogrant', codes: ['role', 'post'] });
    expect((await grant(u.token, { roleIds: [roleId], menuIds: [] })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/menu/role-tree-keys', token: u.token, query: { roleIds: roleId } })).status).toBe(403);
  });

  it('validates the body', async () => {
    expect((await grant(a.token, { roleIds: [], menuIds: [] })).body.msg).toBe('请选择角色');
    expect((await grant(a.token, { roleIds: ['x'], menuIds: [] })).body.msg).toBe('参数 roleIds.0: ID格式不正确');
  });
});

describe('role grant across tenants', () => {
  it('tenant B can neither grant nor read tenant A’s role', async () => {
    const before = await rows(roleId);
    const res = await grant(b.token, { roleIds: [roleId], menuIds: [menu.post] });
    expect(res.body).toMatchObject({ code: 400, msg: '角色不存在或已被删除' });
    expect(await rows(roleId)).toEqual(before);
    const keys = (await t.request({ url: '/blade-system/menu/role-tree-keys', token: b.token, query: { roleIds: roleId } })).body.data;
    expect(keys).toEqual({ menu: [], dataScope: [], apiScope: [] });
  });

  it('the platform administrator grants a tenant’s role, rows written in that tenant', async () => {
    const res = await grant(admin, { roleIds: [roleId], menuIds: [menu.notice], dataScopeIds: [dataScopeId] });
    expect(res.body.success).toBe(true);
    expect(await rows(roleId)).toEqual({ menus: [menu.notice], tenants: ['310001'], scopes: [`1:${dataScopeId}`] });
    const keys = (await t.request({ url: '/blade-system/menu/role-tree-keys', token: a.token, query: { roleIds: roleId } })).body.data;
    expect(keys.menu).toEqual([menu.notice]);
  });

  it('grant-tree gives the administrator every menu and every scope', async () => {
    const tree = (await t.request({ url: '/blade-system/menu/grant-tree', token: admin })).body.data;
    const { rows: n } = await t.sql.query('select count(*)::int n from blade_menu where is_deleted = 0');
    expect(flat(tree.menu)).toHaveLength(n[0].n);
    const api = flat(tree.apiScope);
    expect(api.find((x: { id: string }) => x.id === apiScopeId)).toMatchObject({ parentId: menu.post, title: '岗位接口', key: apiScopeId });
    expect(tree.apiScope.map((x: { id: string }) => x.id)).toEqual([menu.system]);
  });
});
