import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { tenantAdmin, userWith, type TestUser } from '../../../test/iam-fixtures';
import { antMatch } from './ant-path';

let t: TestApp;
let admin: string;
let a: TestUser;
let u: TestUser;
const menu: Record<string, string> = {};
const scope: Record<string, string> = {};

const grant = async (...names: string[]) => {
  const res = await t.request({
    method: 'POST',
    url: '/blade-system/role/grant',
    token: a.token,
    body: { roleIds: [u.roleId], menuIds: [menu.post, menu.dept], apiScopeIds: names.map((n) => scope[n]) },
  });
  expect(res.body.msg).toBe('操作成功');
};
const status = async (url: string) => (await t.request({ url, token: u.token })).status;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '350001');
  u = await userWith(t, { tenantId: '350001', account: 'apiuser', codes: ['post', 'dept'] });
  const { rows } = await t.sql.query(`select code, id::text from blade_menu where code in ('post', 'dept')`);
  for (const r of rows) menu[r.code] = r.id;
  for (const [name, path, m] of [
    ['岗位全部', '/blade-system/post/**', 'post'],
    ['机构树', '/api/blade-system/dept/tree', 'dept'],
  ] as const) {
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/api-scope/submit',
      token: admin,
      body: { menuId: menu[m], scopeName: name, scopePath: path, scopeType: 2 },
    });
    expect(res.body.msg).toBe('操作成功');
    scope[name] = (await t.sql.query('select id::text from blade_scope_api where scope_name = $1', [name])).rows[0].id;
  }
});
afterAll(async () => t?.close());

describe('API scopes', () => {
  it('do not limit roles without API scopes', async () => {
    await grant();
    expect(await status('/blade-system/post/list')).toBe(200);
    expect(await status('/blade-system/dept/tree')).toBe(200);
    expect(await status('/blade-system/role/tree')).toBe(200);
  });

  it('once granted, refuse every path no granted pattern matches (403)', async () => {
    await grant('岗位全部');
    expect(await status('/blade-system/post/list')).toBe(200);
    expect(await status('/blade-system/post/select')).toBe(200);
    const denied = await t.request({ url: '/blade-system/dept/tree', token: u.token });
    expect(denied).toMatchObject({ status: 403, body: { code: 403, success: false, msg: '接口权限不足,无法访问该接口' } });
    expect(await status('/blade-system/role/tree')).toBe(403);
  });

  it('match patterns written with the /api prefix, and combine', async () => {
    await grant('岗位全部', '机构树');
    expect(await status('/blade-system/dept/tree')).toBe(200);
    expect(await status('/blade-system/dept/lazy-tree')).toBe(403);
    expect(await status('/blade-system/post/list')).toBe(200);
  });

  it('never lock a user out of the session calls (routes, buttons, top menu)', async () => {
    expect(await status('/blade-system/menu/routes')).toBe(200);
    expect(await status('/blade-system/menu/buttons')).toBe(200);
    expect(await status('/blade-system/menu/top-menu')).toBe(200);
  });

  it('apply at once when grants change (cached lookups are invalidated)', async () => {
    await grant('机构树');
    expect(await status('/blade-system/post/list')).toBe(403);
    await grant();
    expect(await status('/blade-system/post/list')).toBe(200);
  });

  it('apply at once when a scope path changes', async () => {
    await grant('机构树');
    expect(await status('/blade-system/dept/lazy-tree')).toBe(403);
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/api-scope/submit',
      token: admin,
      body: { id: scope['机构树'], menuId: menu.dept, scopeName: '机构树', scopePath: '/blade-system/dept/*-tree', scopeType: 2 },
    });
    expect(res.body.success).toBe(true);
    expect(await status('/blade-system/dept/lazy-tree')).toBe(200);
    expect(await status('/blade-system/dept/tree')).toBe(403);
  });

  it('never limit the administrator', async () => {
    expect((await t.request({ url: '/blade-system/dept/tree', token: admin })).status).toBe(200);
  });
});

describe('API scope definitions', () => {
  it('are the platform administrator’s: a tenant admin gets 403 everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/blade-system/api-scope/list'],
      ['GET', '/blade-system/data-scope/list'],
      ['GET', `/blade-system/api-scope/detail?id=${scope['机构树']}`],
      ['POST', `/blade-system/api-scope/remove?ids=${scope['机构树']}`],
      ['POST', `/blade-system/data-scope/remove?ids=${scope['机构树']}`],
    ] as const) {
      const res = await t.request({ method, url, token: a.token });
      expect(res.status, url).toBe(403);
    }
    const sub = await t.request({
      method: 'POST',
      url: '/blade-system/api-scope/submit',
      token: a.token,
      body: { menuId: menu.post, scopeName: 'x', scopePath: '/x', scopeType: 1 },
    });
    expect(sub.status).toBe(403);
  });

  it('list by menu with scopeTypeName; validate the path', async () => {
    const page = (await t.request({ url: '/blade-system/api-scope/list', token: admin, query: { menuId: menu.post } })).body.data;
    expect(page.records).toEqual([
      expect.objectContaining({ scopeName: '岗位全部', scopePath: '/blade-system/post/**', scopeType: 2, scopeTypeName: '业务接口', resourceCode: 'post' }),
    ]);
    const bad = await t.request({
      method: 'POST',
      url: '/blade-system/api-scope/submit',
      token: admin,
      body: { menuId: menu.post, scopeName: 'x', scopePath: 'post list', scopeType: 1 },
    });
    expect(bad.body.msg).toBe('接口权限路径应以 / 开头, 可使用 * ** ? 通配');
    const missing = await t.request({
      method: 'POST',
      url: '/blade-system/api-scope/submit',
      token: admin,
      body: { menuId: menu.post, scopeName: 'x', scopeType: 1 },
    });
    expect(missing.body.msg).toBe('请输入接口权限路径');
  });
});

describe('Ant path patterns', () => {
  it.each([
    ['/blade-system/param/**', '/blade-system/param/list', true],
    ['/blade-system/param/**', '/blade-system/param', true],
    ['/blade-system/param/**', '/blade-system/params/list', false],
    ['/blade-system/*/list', '/blade-system/post/list', true],
    ['/blade-system/*/list', '/blade-system/post/x/list', false],
    ['/blade-system/**/list', '/blade-system/post/x/list', true],
    ['/api/blade-desk/notice/list', '/blade-desk/notice/list', true],
    ['/blade-desk/notice/list', '/api/blade-desk/notice/list', true],
    ['/blade-desk/notice/li?t', '/blade-desk/notice/list', true],
    ['/blade-desk/notice/{id}', '/blade-desk/notice/12', true],
    ['/blade-desk/notice.list', '/blade-desk/noticeXlist', false],
  ])('%s vs %s → %s', (pattern, path, hit) => {
    expect(antMatch(pattern, path)).toBe(hit);
  });
});
