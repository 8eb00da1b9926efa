import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { flat, tenantAdmin, userWith, type TestUser } from '../../../test/iam-fixtures';

/**
 * Data scopes on the post list (a CRUD resource) and on dept lists (tree list and a hand-written lazy list):
 * the platform administrator defines scopes for the menu, grants them to a tenant role, and the role's users
 * see only the rows the scopes allow.
 */
let t: TestApp;
let admin: string;
let tenantA: TestUser;
let viewer: TestUser;
const dept: Record<string, string> = {};
const scope: Record<string, string> = {};
let postMenu: string;
let deptMenu: string;

const T = '340001';
const post = (u: TestUser, postCode: string, category: number) =>
  t.request({ method: 'POST', url: '/blade-system/post/submit', token: u.token, body: { category, postCode, postName: postCode, sort: 1 } });
const visible = async (u: TestUser) =>
  ((await t.request({ url: '/blade-system/post/list', token: u.token, query: { size: '100' } })).body.data.records as Array<{ postCode: string }>)
    .map((p) => p.postCode)
    .sort();
const grantScopes = async (...names: string[]) => {
  const res = await t.request({
    method: 'POST',
    url: '/blade-system/role/grant',
    token: admin,
    body: { roleIds: [viewer.roleId], menuIds: [postMenu, deptMenu], dataScopeIds: names.map((n) => scope[n]) },
  });
  expect(res.body.msg).toBe('操作成功');
};
const defineScope = async (name: string, body: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/blade-system/data-scope/submit', token: admin, body: { menuId: postMenu, scopeName: name, ...body } });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
  scope[name] = (await t.sql.query('select id::text from blade_scope_data where scope_name = $1 and is_deleted = 0', [name])).rows[0].id;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  tenantA = await tenantAdmin(t, T);
  const mk = async (name: string, parent = '0') => {
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/dept/submit',
      token: tenantA.token,
      body: { deptName: name, fullName: name, deptCategory: parent === '0' ? 1 : 2, sort: 1, parentId: parent },
    });
    dept[name] = res.body.data.id;
  };
  await mk('D1');
  await mk('D2', dept.D1);
  await mk('D3', dept.D2);
  await mk('DX');
  const codes = ['post', 'post_add'];
  const u1 = await userWith(t, { tenantId: T, account: 'u1', codes, deptId: dept.D1 });
  const u2 = await userWith(t, { tenantId: T, account: 'u2', codes, deptId: dept.D2 });
  const u3 = await userWith(t, { tenantId: T, account: 'u3', codes, deptId: dept.D3 });
  const ux = await userWith(t, { tenantId: T, account: 'ux', codes, deptId: dept.DX });
  viewer = await userWith(t, { tenantId: T, account: 'viewer', codes, deptId: dept.D2 });
  await post(u1, 'p1', 1);
  await post(u2, 'p2', 2);
  await post(u3, 'p3', 2);
  await post(ux, 'px', 2);
  await post(viewer, 'pv', 2);
  ({
    rows: [{ id: postMenu }],
  } = await t.sql.query(`select id::text from blade_menu where code = 'post'`));
  ({
    rows: [{ id: deptMenu }],
  } = await t.sql.query(`select id::text from blade_menu where code = 'dept'`));
  await defineScope('全部', { scopeType: 1 });
  await defineScope('本人', { scopeType: 2 });
  await defineScope('本部门', { scopeType: 3 });
  await defineScope('本部门及下级', { scopeType: 4 });
  await defineScope('高层岗位', { scopeType: 5, scopeValue: '{"column":"category","op":"eq","value":"1"}' });
});
afterAll(async () => t?.close());

describe('data scopes on a CRUD list', () => {
  it('does not limit a role without data scopes for the resource', async () => {
    await grantScopes();
    expect(await visible(viewer)).toEqual(['p1', 'p2', 'p3', 'pv', 'px']);
  });

  it('own: rows the caller created', async () => {
    await grantScopes('本人');
    expect(await visible(viewer)).toEqual(['pv']);
  });

  it('own department: rows created in the caller’s department', async () => {
    await grantScopes('本部门');
    expect(await visible(viewer)).toEqual(['p2', 'pv']);
  });

  it('department and below: follows blade_dept.ancestors', async () => {
    await grantScopes('本部门及下级');
    expect(await visible(viewer)).toEqual(['p2', 'p3', 'pv']);
  });

  it('custom rule: a typed condition on a column of the resource', async () => {
    await grantScopes('高层岗位');
    expect(await visible(viewer)).toEqual(['p1']);
  });

  it('several scopes combine with OR; "all" lifts the limit', async () => {
    await grantScopes('本人', '高层岗位');
    expect(await visible(viewer)).toEqual(['p1', 'pv']);
    await grantScopes('本人', '全部');
    expect(await visible(viewer)).toEqual(['p1', 'p2', 'p3', 'pv', 'px']);
  });

  it('a scope edit applies at once (the cached lookup is invalidated)', async () => {
    await grantScopes('高层岗位');
    expect(await visible(viewer)).toEqual(['p1']);
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/data-scope/submit',
      token: admin,
      body: {
        id: scope['高层岗位'],
        menuId: postMenu,
        scopeName: '高层岗位',
        scopeType: 5,
        scopeValue: '[{"column":"createUser","op":"eq","value":"${userId}"}]',
      },
    });
    expect(res.body.success).toBe(true);
    expect(await visible(viewer)).toEqual(['pv']);
  });

  it('never limits the administrator, nor users of other roles', async () => {
    await grantScopes('本人');
    const all = (await t.request({ url: '/blade-system/post/list', token: tenantA.token, query: { size: '100' } })).body.data.total;
    expect(all).toBe(5);
    const platform = (await t.request({ url: '/blade-system/post/select', token: admin, query: { tenantId: T } })).body.data;
    expect(platform).toHaveLength(5);
  });
});

describe('data scopes on tree and hand-written lists', () => {
  it('a custom rule on dept limits the tree list and the lazy list', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/data-scope/submit',
      token: admin,
      body: { menuId: deptMenu, scopeName: '仅部门', scopeType: 5, scopeValue: '{"column":"dept_category","op":"in","value":["2"]}' },
    });
    expect(res.body.msg).toBe('操作成功');
    const id = (await t.sql.query(`select id::text from blade_scope_data where scope_name = '仅部门'`)).rows[0].id;
    await t.request({
      method: 'POST',
      url: '/blade-system/role/grant',
      token: admin,
      body: { roleIds: [viewer.roleId], menuIds: [postMenu, deptMenu], dataScopeIds: [id] },
    });
    const tree = (await t.request({ url: '/blade-system/dept/list', token: viewer.token })).body.data;
    expect(
      flat(tree)
        .map((d: { deptName: string }) => d.deptName)
        .sort(),
    ).toEqual(['D2', 'D3']);
    const lazy = (await t.request({ url: '/blade-system/dept/lazy-list', token: viewer.token, query: { parentId: '0' } })).body.data;
    expect(lazy).toEqual([]);
    const lazyD1 = (await t.request({ url: '/blade-system/dept/lazy-list', token: viewer.token, query: { parentId: dept.D1 } })).body.data;
    expect(lazyD1.map((d: { deptName: string }) => d.deptName)).toEqual(['D2']);
    // post list is unaffected by a dept scope
    expect(await visible(viewer)).toEqual(['p1', 'p2', 'p3', 'pv', 'px']);
  });
});

describe('data scope definitions are checked on submit', () => {
  const submit = (body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/blade-system/data-scope/submit', token: admin, body: { menuId: postMenu, scopeName: 'x', ...body } });

  it('refuses custom rules that are not typed conditions on the resource’s columns', async () => {
    expect((await submit({ scopeType: 5 })).body.msg).toBe('请输入自定义规则');
    expect((await submit({ scopeType: 5, scopeValue: 'status = 1 or 1=1' })).body.msg).toMatch(/^自定义规则应为 JSON/);
    expect((await submit({ scopeType: 5, scopeValue: '{"column":"password","op":"eq","value":"1"}' })).body.msg).toMatch(
      /^自定义规则的字段 password 不可用于该资源/,
    );
    expect((await submit({ scopeType: 5, scopeValue: '{"column":"category","op":"drop","value":"1"}' })).body.msg).toMatch(/^自定义规则运算符应为/);
    expect((await submit({ scopeType: 5, scopeValue: '{"column":"category","op":"eq","value":"1 or 1=1"}' })).body.msg).toBe(
      '自定义规则的值 1 or 1=1 应为数字',
    );
    expect((await submit({ scopeType: 5, scopeValue: '{"column":"category","op":"eq"}' })).body.msg).toBe('自定义规则缺少值 value (category)');
    expect((await submit({ scopeType: 5, scopeValue: '{"column":"postName","op":"like","value":"兽"}' })).body.success).toBe(true);
  });

  it('refuses unknown resources and columns that are not user/dept ids', async () => {
    expect((await submit({ scopeType: 2, resourceCode: 'nothing' })).body.msg).toMatch(/^资源编号 nothing 不支持数据权限/);
    expect((await submit({ scopeType: 2, resourceCode: 'role' })).body.msg).toBe('权限字段 createUser 不可用于资源 role');
    expect((await submit({ scopeType: 3, scopeColumn: 'postName' })).body.msg).toBe('权限字段 postName 应为用户或机构编号列');
    expect((await submit({ scopeType: 6 })).body.msg).toBe('请选择数据权限类型');
    expect((await submit({ scopeType: 1, menuId: '42' })).body.msg).toBe('菜单不存在或已被删除');
  });
});
