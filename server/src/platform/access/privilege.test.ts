import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/password';
import { writeSheet } from '../excel';
import { startTestApp, type TestApp } from '../../../test/harness';
import { multipart, tenantWithAdmin, waitForJob, type TenantCtx } from '../../../test/iam-helpers';
import { USER_SHEET } from '../../modules/system/user/user.transfer';

/**
 * The attack of the security review: a zoo admin delegates user management (role R: the user menu and its
 * buttons) to hr1; hr1 must not be able to make himself (or anyone) admin, nor take over a stronger account.
 */
let t: TestApp;
let zoo: TenantCtx;
let hrRole: string;
let keeperRole: string;
let hr1: { id: string; token: string };
let adminId: string;

const post = (url: string, token: string, o: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  t.request({ method: 'POST', url, token, ...o });
/** Menus with these codes that the zoo admin holds (what the admin can grant). */
const menuIds = async (like: string[]) =>
  (
    await t.sql.query(
      `select id::text from blade_menu where is_deleted = 0 and code like any($1) and id in (select menu_id from blade_role_menu where role_id = $2)`,
      [like, zoo.roleId],
    )
  ).rows.map((r) => r.id as string);
const userRow = async (account: string) =>
  (
    await t.sql.query(`select id::text, role_id, password, status, real_name from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`, [
      zoo.code,
      account,
    ])
  ).rows[0];
const newRole = async (roleName: string, roleAlias: string, codes: string[]) => {
  expect((await post('/blade-system/role/submit', zoo.token, { body: { roleName, roleAlias, sort: 1 } })).body.success).toBe(true);
  const id = (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = $2`, [zoo.code, roleAlias])).rows[0].id as string;
  const res = await post('/blade-system/role/grant', zoo.token, { body: { roleIds: [id], menuIds: await menuIds(codes), dataScopeIds: [], apiScopeIds: [] } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return id;
};
const form = (account: string, roleId: string) => ({ account, name: account, realName: account, password: 'Pa55word', roleId, deptId: zoo.deptId });
const updateForm = (id: string, account: string, roleId: string, more: Record<string, unknown> = {}) => {
  const { password: _, ...f } = form(account, roleId);
  return { ...f, id, ...more };
};
const grantRoles = (token: string, userIds: string, roleIds: string) => post('/blade-user/grant', token, { query: { userIds, roleIds } });

beforeAll(async () => {
  t = await startTestApp();
  zoo = await tenantWithAdmin(t, await t.login(), { tenantName: '丙动物园' });
  await post('/blade-system/tenant/setting', await t.login(), { query: { ids: zoo.id, accountNumber: '-1' } });
  adminId = (await userRow('admin')).id;
  hrRole = await newRole('人事', 'hr', ['system', 'user', 'user\\_%']);
  keeperRole = await newRole('饲养员', 'keeper', ['zoo%', 'animal%']);
  expect((await post('/blade-user/submit', zoo.token, { body: form('hr1', hrRole) })).body.success).toBe(true);
  hr1 = { id: (await userRow('hr1')).id, token: await t.login('hr1', 'Pa55word', zoo.code) };
});
afterAll(async () => t?.close());

describe('nobody hands out rights they do not hold', () => {
  it('hr1 cannot grant himself the admin role (the reported attack)', async () => {
    const res = await grantRoles(hr1.token, hr1.id, zoo.roleId);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false, msg: '无权配置管理员角色!' });
    expect((await userRow('hr1')).role_id).toBe(hrRole);
    // His next token carries no admin either.
    const c = await t.captcha();
    const login = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      query: { tenantId: zoo.code, username: 'hr1', password: md5Hex('Pa55word'), grant_type: 'captcha', scope: 'all' },
      headers: { 'tenant-id': zoo.code, 'captcha-key': c.key, 'captcha-code': c.code },
    });
    expect(login.body.role_name).toBe('hr');
  });

  it('hr1 cannot add the admin role through the user form or update either', async () => {
    const viaSubmit = await post('/blade-user/submit', hr1.token, { body: { ...form('hr1', `${hrRole},${zoo.roleId}`), id: hr1.id, password: undefined } });
    expect(viaSubmit).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
    const viaUpdate = await post('/blade-user/update', hr1.token, { body: updateForm(hr1.id, 'hr1', zoo.roleId) });
    expect(viaUpdate).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
    expect((await userRow('hr1')).role_id).toBe(hrRole);
  });

  it('hr1 cannot create admin accounts, nor accounts with roles beyond his own', async () => {
    const admin2 = await post('/blade-user/submit', hr1.token, { body: form('boss2', zoo.roleId) });
    expect(admin2).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
    const keeper = await post('/blade-user/submit', hr1.token, { body: form('keep2', keeperRole) });
    expect(keeper).toMatchObject({ status: 403, body: { msg: '无权分配超出自身权限的角色' } });
    expect(await userRow('boss2')).toBeUndefined();
    expect(await userRow('keep2')).toBeUndefined();
    // Within his own rights he may: a colleague with the same role.
    expect((await post('/blade-user/submit', hr1.token, { body: form('hr2', hrRole) })).body.success).toBe(true);
  });

  it('hr1 cannot reset, edit, disable, unlock or remove the admin’s account', async () => {
    const before = await userRow('admin');
    const reset = await post('/blade-user/reset-password', hr1.token, { query: { userIds: adminId } });
    expect(reset).toMatchObject({ status: 403, body: { msg: '无权操作管理员账号' } });
    const edit = await post('/blade-user/update', hr1.token, { body: updateForm(adminId, 'admin', zoo.roleId, { realName: '傀儡', status: 0 }) });
    expect(edit).toMatchObject({ status: 403, body: { msg: '无权操作管理员账号' } });
    expect((await post('/blade-user/unlock', hr1.token, { query: { userIds: adminId } })).status).toBe(403);
    expect((await post('/blade-user/remove', hr1.token, { query: { ids: adminId } })).status).toBe(403);
    // Several users at once: one admin among them refuses the whole call.
    const hr2 = (await userRow('hr2')).id;
    expect((await post('/blade-user/reset-password', hr1.token, { query: { userIds: `${hr2},${adminId}` } })).status).toBe(403);
    expect(await userRow('admin')).toEqual(before);
    // The admin still signs in with the old password.
    expect(await t.login('admin', 'admin', zoo.code)).toBeTruthy();
    // A weaker account is his to reset.
    expect((await post('/blade-user/reset-password', hr1.token, { query: { userIds: hr2 } })).body.success).toBe(true);
  });

  it('hr1 cannot take over a keeper’s account (its role holds menus he lacks)', async () => {
    expect((await post('/blade-user/submit', zoo.token, { body: form('keep1', keeperRole) })).body.success).toBe(true);
    const keep1 = (await userRow('keep1')).id;
    const res = await post('/blade-user/reset-password', hr1.token, { query: { userIds: keep1 } });
    expect(res).toMatchObject({ status: 403, body: { msg: '无权操作权限高于自身的账号' } });
    const grant = await grantRoles(hr1.token, keep1, hrRole);
    expect(grant.status).toBe(403);
  });

  it('an import by hr1 refuses rows with the admin role and rows overwriting the admin', async () => {
    const rows = [
      { account: 'imp1', realName: '导入一', roleName: '人事', deptName: '丙动物园' },
      { account: 'imp2', realName: '导入二', roleName: '管理员', deptName: '丙动物园' },
      { account: 'admin', realName: '傀儡', roleName: '人事', deptName: '丙动物园' },
    ];
    const { body, headers } = multipart(await writeSheet('用户', USER_SHEET, rows));
    const res = await post('/blade-user/import-user', hr1.token, { query: { isCovered: '1' }, body, headers });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data.errors).toEqual([
      { row: 3, reason: '无权配置管理员角色!' },
      { row: 4, reason: '无权操作管理员账号' },
    ]);
    await waitForJob(t, '/blade-user/import-progress', hr1.token, res.body.data.jobId);
    expect((await userRow('imp1'))?.role_id).toBe(hrRole);
    expect(await userRow('imp2')).toBeUndefined();
    expect((await userRow('admin')).real_name).not.toBe('傀儡');
  });

  it('a role editor cannot turn a role into an admin role, nor edit or remove the admin role', async () => {
    const editorRole = await newRole('角色员', 'roler', ['authority', 'role', 'role\\_%']);
    expect((await post('/blade-user/submit', zoo.token, { body: form('roler1', editorRole) })).body.success).toBe(true);
    const token = await t.login('roler1', 'Pa55word', zoo.code);
    const promote = await post('/blade-system/role/submit', token, { body: { id: editorRole, roleName: '角色员', roleAlias: 'admin', sort: 1 } });
    expect(promote).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
    const rename = await post('/blade-system/role/submit', token, { body: { id: zoo.roleId, roleName: '管理员', roleAlias: 'zooadmin', sort: 1 } });
    expect(rename).toMatchObject({ status: 403, body: { msg: '无权配置管理员角色!' } });
    expect((await post('/blade-system/role/remove', token, { query: { ids: zoo.roleId } })).status).toBe(403);
    const { rows } = await t.sql.query(`select role_alias, is_deleted from blade_role where id in ($1, $2) order by role_alias`, [editorRole, zoo.roleId]);
    expect(rows).toEqual([
      { role_alias: 'admin', is_deleted: 0 },
      { role_alias: 'roler', is_deleted: 0 },
    ]);
  });

  it('menus outside the zoo’s package do not count against anyone', async () => {
    // hr's role also holds 参数管理, which the zoo's package leaves out: nobody in the zoo can use it.
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = 'param'`, [zoo.code, hrRole]);
    const pkg = await t.sql.query(
      `insert into blade_tenant_package (package_name, menu_id) select '无参数包', string_agg(id::text, ',') from blade_menu where code <> 'param' returning id::text`,
    );
    await t.sql.query(`update blade_tenant set package_id = $1 where tenant_id = $2`, [pkg.rows[0].id, zoo.code]);
    try {
      expect((await post('/blade-user/submit', hr1.token, { body: form('hr3', hrRole) })).body.success).toBe(true);
    } finally {
      await t.sql.query(`update blade_tenant set package_id = null where tenant_id = $1`, [zoo.code]);
    }
  });

  it('a user limited by a data scope cannot hand out the same menus without that limit', async () => {
    const scope = (
      await t.sql.query(
        `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) select id, 'user', '本人创建的用户', 2, 'createUser' from blade_menu where code = 'user' returning id::text`,
      )
    ).rows[0].id as string;
    const limited = await newRole('受限人事', 'hr_limited', ['system', 'user', 'user\\_%']);
    const res = await post('/blade-system/role/grant', zoo.token, {
      body: { roleIds: [limited], menuIds: await menuIds(['system', 'user', 'user\\_%']), dataScopeIds: [scope], apiScopeIds: [] },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect((await post('/blade-user/submit', zoo.token, { body: form('hrl', limited) })).body.success).toBe(true);
    const hrl = await t.login('hrl', 'Pa55word', zoo.code);
    // A role with the same menus and no data scope sees every user: more than hrl may see.
    const open = await newRole('开放人事', 'hr_open', ['system', 'user', 'user\\_%']);
    expect(await post('/blade-user/submit', hrl, { body: form('hrl2', open) })).toMatchObject({ status: 403, body: { msg: '无权分配超出自身权限的角色' } });
    expect((await post('/blade-user/submit', hrl, { body: form('hrl3', limited) })).body.success).toBe(true);
  });

  it('a role manager limited by a data or API scope cannot lift it through role grant (his own role or another)', async () => {
    const menus = ['authority', 'role', 'role\\_%'];
    const dataScope = (
      await t.sql.query(
        `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) select id, 'role', '本人创建的角色', 2, 'createUser' from blade_menu where code = 'role' returning id::text`,
      )
    ).rows[0].id as string;
    const apiScope = (
      await t.sql.query(
        `insert into blade_scope_api (menu_id, scope_name, scope_type, scope_path) select id, '系统接口', 1, '/blade-system/**' from blade_menu where code = 'role' returning id::text`,
      )
    ).rows[0].id as string;
    const grantTo = (token: string, roleId: string, dataScopeIds: string[], apiScopeIds: string[]) =>
      post('/blade-system/role/grant', token, { body: { roleIds: [roleId], menuIds: ids, dataScopeIds, apiScopeIds } });
    const ids = await menuIds(menus);
    const limited = await newRole('受限角色员', 'roler_limited', menus);
    expect((await grantTo(zoo.token, limited, [dataScope], [apiScope])).body.success).toBe(true);
    expect((await post('/blade-user/submit', zoo.token, { body: form('rl1', limited) })).body.success).toBe(true);
    const rl1 = await t.login('rl1', 'Pa55word', zoo.code);
    const other = await newRole('另一角色', 'roler_other', []);
    const scopesOf = async (roleId: string) =>
      (await t.sql.query(`select scope_category, scope_id::text from blade_role_scope where role_id = $1 order by 1`, [roleId])).rows.map(
        (r) => `${r.scope_category}:${r.scope_id}`,
      );

    // Dropping the data scope, the API scope or both from his own role: refused, nothing changes.
    for (const [data, api] of [
      [[], [apiScope]],
      [[dataScope], []],
      [[], []],
    ] as const) {
      const res = await grantTo(rl1, limited, [...data], [...api]);
      expect(res, JSON.stringify([data, api])).toMatchObject({ status: 403, body: { code: 403, msg: '无权授予超出自身权限的菜单或权限' } });
    }
    expect(await scopesOf(limited)).toEqual([`1:${dataScope}`, `2:${apiScope}`]);
    // Nor onto another role, which he could then hand out.
    expect((await grantTo(rl1, other, [], [])).status).toBe(403);
    expect(await scopesOf(other)).toEqual([]);
    // Within his limits he grants.
    expect((await grantTo(rl1, other, [dataScope], [apiScope])).body.success).toBe(true);
    expect(await scopesOf(other)).toEqual([`1:${dataScope}`, `2:${apiScope}`]);
  });

  it('the zoo admin still hands out the admin role', async () => {
    expect((await grantRoles(zoo.token, hr1.id, `${hrRole},${zoo.roleId}`)).body.success).toBe(true);
    expect((await userRow('hr1')).role_id).toBe(`${hrRole},${zoo.roleId}`);
  });
});
