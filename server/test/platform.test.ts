import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankNulls } from '../src/platform/http/envelope';
import { startTestApp, type TestApp } from './harness';
import { createTenantUser } from './fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  t.app.get('/api/test/boom', async () => {
    throw new Error('boom with internals');
  });
  admin = await t.login();
});
afterAll(async () => t?.close());

const menuIdsByCode = async (codes: string[]) => {
  const { rows } = await t.sql.query(`select id::text, code from blade_menu where code = any($1)`, [codes]);
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<string, string>;
};
const grant = (tenantId: string, roleId: string, ids: string[]) =>
  t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, unnest($3::bigint[])`, [tenantId, roleId, ids]);
const codes = (tree: Array<{ code: string; children?: unknown[] }>): string[] => tree.flatMap((n) => [n.code, ...codes((n.children ?? []) as never)]);

describe('envelope and errors', () => {
  it('answers an unknown API path with code 404 in the envelope', async () => {
    const res = await t.request({ url: '/blade-nothing/here', token: admin });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, success: false, data: {} });
  });

  it('answers bad input with 400 and the contract message, and writes nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/blade-system/param/submit', token: admin, body: { paramKey: 'k1', paramValue: 'v' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, success: false, data: {}, msg: '请输入参数名称' });
    const bad = await t.request({ url: '/blade-system/param/list', token: admin, query: { current: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('current');
    const { rows } = await t.sql.query(`select count(*)::int as n from blade_param where param_key = 'k1'`);
    expect(rows[0].n).toBe(0);
  });

  it('hides an unexpected error behind code 500 with an id, and logs the stack', async () => {
    const res = await t.request({ url: '/test/boom', token: admin });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toMatch(/错误编号 [0-9a-f-]{36}/);
    expect(JSON.stringify(res.body)).not.toContain('internals');
    const id = /错误编号 ([0-9a-f-]{36})/.exec(res.body.msg)![1];
    const { rows } = await t.sql.query(`select stack_trace from blade_log_error where message like $1`, [`[${id}]%`]);
    expect(rows[0].stack_trace).toContain('boom with internals');
  });

  it('renders nulls as "" the way Blade does', () => {
    expect(blankNulls({ a: null, b: [null, 1], c: { d: null }, e: 0, f: false })).toEqual({ a: '', b: ['', 1], c: { d: '' }, e: 0, f: false });
  });
});

describe('param CRUD through the generic layer', () => {
  it('creates, refuses a duplicate key, filters, updates and removes', async () => {
    const body = { paramName: '测试参数', paramKey: 'test.key', paramValue: 'one', remark: '备注' };
    expect((await t.request({ method: 'POST', url: '/blade-system/param/submit', token: admin, body })).body).toEqual({
      code: 200,
      success: true,
      data: {},
      msg: '操作成功',
    });
    const dup = await t.request({ method: 'POST', url: '/blade-system/param/submit', token: admin, body });
    expect(dup.body.msg).toBe('参数键名 test.key 已存在');
    const list = await t.request({ url: '/blade-system/param/list', token: admin, query: { paramName: '测试', current: '1', size: '10' } });
    expect(list.body.data).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    const row = list.body.data.records[0];
    expect(row).toMatchObject({ paramKey: 'test.key', paramValue: 'one', isDeleted: 0 });
    expect(row.id).toMatch(/^\d+$/);
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.createUser).toMatch(/^\d+$/);
    await t.request({ method: 'POST', url: '/blade-system/param/submit', token: admin, body: { ...body, id: row.id, paramValue: 'two' } });
    expect((await t.request({ url: '/blade-system/param/detail', token: admin, query: { id: row.id } })).body.data.paramValue).toBe('two');
    expect((await t.request({ url: '/blade-system/param/list', token: admin, query: { paramKey_equal: 'test.key' } })).body.data.total).toBe(1);
    expect((await t.request({ url: '/blade-system/param/list', token: admin, query: { paramKey_equal: 'test' } })).body.data.total).toBe(0);
    await t.request({ method: 'POST', url: '/blade-system/param/remove', token: admin, query: { ids: row.id } });
    expect((await t.request({ url: '/blade-system/param/detail', token: admin, query: { id: row.id } })).body).toMatchObject({ code: 400, success: false });
  });

  it('orders by the ascs/descs columns it knows and ignores the rest', async () => {
    const asc = await t.request({ url: '/blade-system/param/list', token: admin, query: { ascs: 'param_key', descs: 'nonsense;drop' } });
    const keys = asc.body.data.records.map((r: { paramKey: string }) => r.paramKey);
    expect(keys).toEqual([...keys].sort());
  });
});

describe('menus, buttons and permissions per role', () => {
  let userToken: string;
  beforeAll(async () => {
    const { roleId } = await createTenantUser(t.sql, { tenantId: '300001', account: 'keeper', password: 'pw', roleAlias: 'keeper' });
    const ids = await menuIdsByCode(['param', 'param_view', 'animal', 'animal_add']);
    await grant('300001', roleId, Object.values(ids));
    userToken = await t.login('keeper', 'pw', '300001');
  });

  it('gives a role only its granted menus plus their ancestors, and its buttons', async () => {
    const routes = await t.request({ url: '/blade-system/menu/routes', token: userToken });
    expect(codes(routes.body.data).sort()).toEqual(['animal', 'param', 'system', 'zoo']);
    const buttons = await t.request({ url: '/blade-system/menu/buttons', token: userToken });
    const leaves = codes(buttons.body.data).filter((c) => c.includes('_'));
    expect(leaves.sort()).toEqual(['animal_add', 'param_view']);
  });

  it('gives the administrator every menu and button', async () => {
    const routes = await t.request({ url: '/blade-system/menu/routes', token: admin });
    expect(codes(routes.body.data)).toEqual(expect.arrayContaining(['system', 'param', 'zoo', 'animal', 'log_api', 'region']));
    const { rows } = await t.sql.query(`select count(*)::int as n from blade_menu where category = 2`);
    const buttons = await t.request({ url: '/blade-system/menu/buttons', token: admin });
    expect(codes(buttons.body.data).filter((c) => c.includes('_') || true).length).toBeGreaterThanOrEqual(rows[0].n);
  });

  it('answers 403 (not 401) for a missing button or role, and the user stays signed in', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/param/submit',
      token: userToken,
      body: { paramName: 'x', paramKey: 'x.y', paramValue: 'z' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false });
    expect((await t.request({ url: '/blade-system/param/list', token: userToken })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/menu/routes', token: userToken })).status).toBe(200);
  });

  it('limits a tenant with a package to the package menus', async () => {
    const { roleId } = await createTenantUser(t.sql, { tenantId: '300002', account: 'pkg', password: 'pw', roleAlias: 'admin' });
    const ids = await menuIdsByCode(['zoo', 'animal', 'system', 'param', 'animal_add', 'param_add']);
    await grant('300002', roleId, Object.values(ids));
    const p = await t.sql.query(`insert into blade_tenant_package (package_name, menu_id) values ('动物包', $1) returning id::text`, [
      [ids.zoo, ids.animal, ids.animal_add].join(','),
    ]);
    await t.sql.query(`update blade_tenant set package_id = $1 where tenant_id = '300002'`, [p.rows[0].id]);
    const token = await t.login('pkg', 'pw', '300002');
    const routes = await t.request({ url: '/blade-system/menu/routes', token });
    expect(codes(routes.body.data).sort()).toEqual(['animal', 'zoo']);
    const buttons = await t.request({ url: '/blade-system/menu/buttons', token });
    expect(codes(buttons.body.data).filter((c) => c.endsWith('_add'))).toEqual(['animal_add']);
  });

  it('narrows routes to a top menu', async () => {
    const ids = await menuIdsByCode(['zoo', 'animal', 'param']);
    const top = await t.sql.query(`insert into blade_top_menu (tenant_id, code, name, sort) values ('300001', 'zoo', '动物园', 1) returning id::text`);
    await t.sql.query(`insert into blade_top_menu_setting (tenant_id, top_menu_id, menu_id) values ('300001', $1, $2)`, [top.rows[0].id, ids.animal]);
    const tops = await t.request({ url: '/blade-system/menu/top-menu', token: userToken });
    expect(tops.body.data).toEqual([expect.objectContaining({ code: 'zoo', name: '动物园', tenantId: '300001' })]);
    const routes = await t.request({ url: '/blade-system/menu/routes', token: userToken, query: { topMenuId: top.rows[0].id } });
    expect(codes(routes.body.data).sort()).toEqual(['animal', 'zoo']);
    // Another tenant's administrator does not see this tenant's top menus.
    expect((await t.request({ url: '/blade-system/menu/top-menu', token: admin })).body.data).toEqual([]);
  });
});

describe('dictionaries', () => {
  it('serves the flow dictionary the web loads at start, root excluded', async () => {
    const res = await t.request({ url: '/blade-system/dict/dictionary', token: admin, query: { code: 'flow' } });
    expect(res.body.data.map((d: { dictKey: string; dictValue: string; remark: string }) => [d.dictKey, d.dictValue, d.remark])).toEqual([
      ['1', '请假流程', 'leave'],
      ['2', '报销流程', 'expense'],
      ['3', '存栏变动审批', 'stock'],
    ]);
  });

  it('seeds every dictionary code the spec uses', async () => {
    const { rows } = await t.sql.query(`select code from blade_dict where parent_id = 0`);
    expect(rows.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'cancellation_type',
        'die_type',
        'export_type',
        'flow',
        'sex',
        'yes_no',
        'notice',
        'post_category',
        'org_category',
        'menu_category',
        'button_func',
        'data_scope_type',
        'api_scope_type',
        'scope_category',
        'oss',
        'sms',
        'user_type',
        'region',
      ]),
    );
  });
});
