import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import type { TenantCtx } from '../../../../test/iam-helpers';
import { userCalls, useUserWorld } from '../../../../test/user-fixtures';

// Changing users, the permissions on the user calls, and tenant isolation.
const w = useUserWorld();
const { post, get, form, idOf } = userCalls(w);
let t: TestApp;
let platform: string;
let A: TenantCtx;
let B: TenantCtx;
beforeAll(async () => {
  ({ t, platform, A, B } = w);
  // The user the changes are made on (user.test.ts creates the same one through the form).
  const res = await post('submit', A.token, { body: form(A, 'keeper', { postId: A.postId, phone: '13800138000', email: 'k@zoo.cn', sex: 1 }) });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
});

describe('changing users', () => {
  it('update changes the profile but never the password', async () => {
    await post('submit', A.token, { body: form(A, 'upd') });
    const id = await idOf(A.code, 'upd');
    const res = await post('update', A.token, { body: { ...form(A, 'upd2', { password: 'ignored!' }), id, realName: '新名字', status: 0 } });
    expect(res.body.success).toBe(true);
    const { rows } = await t.sql.query(`select account, real_name, status from blade_user where id = $1`, [id]);
    expect(rows[0]).toEqual({ account: 'upd2', real_name: '新名字', status: 0 });
    await post('update', A.token, { body: { ...form(A, 'upd2'), id, status: 1 } });
    expect(await t.login('upd2', 'Pa55word', A.code)).toBeTruthy();
    expect((await post('update', A.token, { body: { ...form(A, 'keeper'), id } })).body.msg).toBe('当前用户 [keeper] 已存在!');
    // submit with an id is an update too
    expect((await post('submit', A.token, { body: { ...form(A, 'upd2'), id, realName: '再改' } })).body.success).toBe(true);
    expect((await t.sql.query(`select real_name from blade_user where id = $1`, [id])).rows[0].real_name).toBe('再改');
  });

  it('update-info edits only the caller, with the phone rules of the personal-info form', async () => {
    const token = await t.login('keeper', 'Pa55word', A.code);
    const info = (body: Record<string, unknown>) => post('update-info', token, { body });
    expect((await info({ realName: '老张', phone: '' })).body.msg).toBe('手机号码不能为空');
    expect((await info({ realName: '老张' })).body.msg).toBe('手机号码不能为空');
    expect((await info({ phone: '138' })).body.msg).toBe('手机号码长度不为11位');
    expect((await info({ phone: '12345678901' })).body.msg).toBe('手机号码格式不正确');
    expect((await info({ phone: '13900139000', email: 'bad@' })).body.msg).toBe('邮箱格式不正确');
    // The avatar must be a file of this product's storage, of the caller's own tenant.
    const file = (tenant: string) => `/api/blade-resource/oss/endpoint/file/upload/${tenant}/20260101/0b9e4c52-7f4e-4c8a-9a51-2d1e6f0c1a2b.png`;
    for (const avatar of ['http://x/a.png', 'https://tracker.example.com/p.png', file(B.code), '/api/blade-resource/oss/endpoint/file/../x.png'])
      expect((await info({ phone: '13900139000', avatar })).body).toMatchObject({ code: 400, msg: '头像只能是本系统存储中的文件' });
    expect((await post('update', A.token, { body: { ...form(A, 'keeper'), id: await idOf(A.code, 'keeper'), avatar: 'http://x/a.png' } })).body.msg).toBe(
      '头像只能是本系统存储中的文件',
    );
    expect(
      (await info({ phone: '13900139000', realName: '老张', name: '张哥', avatar: file(A.code), email: 'z@zoo.cn', account: 'hacked', roleId: '1' })).body
        .success,
    ).toBe(true);
    const { rows } = await t.sql.query(
      `select account, real_name, name, phone, avatar, email, role_id from blade_user where tenant_id = $1 and account = 'keeper'`,
      [A.code],
    );
    expect(rows[0]).toEqual({
      account: 'keeper',
      real_name: '老张',
      name: '张哥',
      phone: '13900139000',
      avatar: file(A.code),
      email: 'z@zoo.cn',
      role_id: A.roleId,
    });
  });

  it('remove refuses oneself, deletes logically and ends the removed user’s sessions', async () => {
    const adminId = await idOf(A.code, 'admin');
    expect((await post('remove', A.token, { query: { ids: adminId } })).body).toMatchObject({ code: 400, msg: '不能删除本账号!' });
    await post('submit', A.token, { body: form(A, 'leaver') });
    const id = await idOf(A.code, 'leaver');
    const leaver = await t.login('leaver', 'Pa55word', A.code);
    expect((await get('info', leaver)).status).toBe(200);
    expect((await post('remove', A.token, { query: { ids: id } })).body.success).toBe(true);
    expect((await t.sql.query(`select is_deleted from blade_user where id = $1`, [id])).rows[0].is_deleted).toBe(1);
    const after = await get('info', leaver);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('令牌已失效');
    // The account name is free again.
    expect((await post('submit', A.token, { body: form(A, 'leaver') })).body.success).toBe(true);
  });

  it('grant sets the roles of several users; roles must be of the users’ tenant', async () => {
    const { rows } = await t.sql.query(`insert into blade_role (tenant_id, role_name, role_alias) values ($1, '饲养员', 'keeper') returning id::text`, [
      A.code,
    ]);
    await post('submit', A.token, { body: form(A, 'g1') });
    await post('submit', A.token, { body: form(A, 'g2') });
    const ids = [await idOf(A.code, 'g1'), await idOf(A.code, 'g2')].join(',');
    expect((await post('grant', A.token, { query: { userIds: ids, roleIds: `${rows[0].id},${A.roleId}` } })).body.success).toBe(true);
    const roles = (await t.sql.query(`select role_id from blade_user where id = any($1::bigint[])`, [ids.split(',')])).rows.map((r) => r.role_id);
    expect(roles).toEqual([`${rows[0].id},${A.roleId}`, `${rows[0].id},${A.roleId}`]);
    expect((await post('grant', A.token, { query: { userIds: ids, roleIds: B.roleId } })).body.msg).toBe('所选角色不存在');
    expect((await post('grant', A.token, { query: { userIds: ids } })).body.msg).toBe('参数 roleIds: 缺少必要的请求参数: ids');
    expect((await get('page', A.token, { account: 'g1' })).body.data.records[0].roleName).toBe('饲养员,管理员');
    // The detail names the roles in the user's order too (not by id: the keeper role is the newer one).
    const g1 = ids.split(',')[0];
    expect((await get('detail', A.token, { id: g1 })).body.data.roleName).toBe('饲养员,管理员');
    await post('grant', A.token, { query: { userIds: g1, roleIds: `${A.roleId},${rows[0].id}` } });
    expect((await get('detail', A.token, { id: g1 })).body.data.roleName).toBe('管理员,饲养员');
  });

  it('platform-detail and update-platform keep the user extension per platform type', async () => {
    const id = await idOf(A.code, 'keeper');
    expect((await get('platform-detail', A.token, { id })).body.data).toMatchObject({ account: 'keeper', userExt: '' });
    expect((await post('update-platform', A.token, { query: { userId: id, userType: '1', userExt: '{"theme":"dark"}' } })).body.success).toBe(true);
    expect((await post('update-platform', platform, { query: { userId: id, userType: '1', userExt: '{"theme":"light"}' } })).body.success).toBe(true);
    expect((await get('platform-detail', A.token, { id })).body.data.userExt).toBe('{"theme":"light"}');
    const { rows } = await t.sql.query(`select tenant_id, user_type from blade_user_ext where user_id = $1`, [id]);
    expect(rows).toEqual([{ tenant_id: A.code, user_type: 1 }]);
    expect((await post('update-platform', A.token, { query: { userId: id, userType: '9' } })).body.msg).toBe('请选择用户平台');
  });
});

describe('permissions', () => {
  it('refuses with 403 the calls whose button or role the user lacks', async () => {
    const { rows } = await t.sql.query(`insert into blade_role (tenant_id, role_name, role_alias) values ($1, '访客', 'guest') returning id::text`, [A.code]);
    await post('submit', A.token, { body: form(A, 'guest', { roleId: rows[0].id }) });
    const guest = await t.login('guest', 'Pa55word', A.code);
    const someone = await idOf(A.code, 'keeper');
    const denied = [
      await get('page', guest),
      await get('detail', guest, { id: someone }),
      await post('submit', guest, { body: form(A, 'x1') }),
      await post('update', guest, { body: { ...form(A, 'keeper'), id: someone } }),
      await post('remove', guest, { query: { ids: someone } }),
      await post('grant', guest, { query: { userIds: someone, roleIds: rows[0].id } }),
      await post('reset-password', guest, { query: { userIds: someone } }),
      await post('unlock', guest, { query: { userIds: someone } }),
      await get('platform-detail', guest, { id: someone }),
      await t.request({ url: '/blade-user/export-user', query: { 'Blade-Auth': guest } }),
    ];
    for (const d of denied) expect(d.status, JSON.stringify(d.body)).toBe(403);
    // Own profile and password calls need no button.
    expect((await get('info', guest)).status).toBe(200);
    expect((await get('user-list', guest)).status).toBe(200);
    // Granting the button opens the call — for accounts no stronger than the caller (keeper holds the admin role).
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = 'user_unlock'`, [
      A.code,
      rows[0].id,
    ]);
    await post('submit', A.token, { body: form(A, 'guest2', { roleId: rows[0].id }) });
    expect((await post('unlock', guest, { query: { userIds: await idOf(A.code, 'guest2') } })).status).toBe(200);
    expect((await post('unlock', guest, { query: { userIds: someone } })).body).toMatchObject({ code: 403, msg: '无权操作管理员账号' });
  });
  it('applies data scopes bound to the user list (resource `user`)', async () => {
    const role = (
      await t.sql.query(`insert into blade_role (tenant_id, role_name, role_alias) values ($1, '分管管理员', 'admin') returning id::text`, [A.code])
    ).rows[0].id;
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = 'user_add'`, [A.code, role]);
    const scope = (
      await t.sql.query(
        `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) select id, 'user', '本人创建', 2, 'createUser' from blade_menu where code = 'user' returning id::text`,
      )
    ).rows[0].id;
    await t.sql.query(`insert into blade_role_scope (tenant_id, scope_category, scope_id, role_id) values ($1, 1, $2, $3)`, [A.code, scope, role]);
    await post('submit', A.token, { body: form(A, 'scoped', { roleId: role }) });
    const scoped = await t.login('scoped', 'Pa55word', A.code);
    expect((await post('submit', scoped, { body: form(A, 'mine1', { roleId: role }) })).body.success).toBe(true);
    const seen = (await get('page', scoped, { size: '200' })).body.data.records.map((r: any) => r.account);
    expect(seen).toEqual(['mine1']);
    expect((await get('page', A.token, { size: '200' })).body.data.total).toBeGreaterThan(1);
  });
});

describe('tenant isolation', () => {
  it("tenant B's admin can neither see nor touch tenant A's users", async () => {
    const id = await idOf(A.code, 'keeper');
    const before = (await t.sql.query(`select * from blade_user where id = $1`, [id])).rows[0];
    const page = (await get('page', B.token, { size: '200' })).body.data.records;
    expect(page.map((r: any) => r.id)).not.toContain(id);
    expect((await get('page', B.token, { tenantId: A.code })).body.data.total).toBe(0);
    expect((await get('page', B.token, { deptId: A.deptId })).body.data.total).toBe(0);
    const tries = [
      await get('detail', B.token, { id }),
      await get('platform-detail', B.token, { id }),
      await post('update', B.token, { body: { ...form(B, 'stolen'), id } }),
      await post('submit', B.token, { body: { ...form(B, 'stolen'), id } }),
      await post('grant', B.token, { query: { userIds: id, roleIds: B.roleId } }),
      await post('reset-password', B.token, { query: { userIds: id } }),
      await post('unlock', B.token, { query: { userIds: id } }),
      await post('update-platform', B.token, { query: { userId: id, userType: '1', userExt: 'x' } }),
    ];
    for (const r of tries) expect(r.body.success, JSON.stringify(r.body)).toBe(false);
    await post('remove', B.token, { query: { ids: id } });
    const after = (await t.sql.query(`select * from blade_user where id = $1`, [id])).rows[0];
    expect(after).toEqual(before);
    expect((await get('user-list', B.token)).body.data.map((u: any) => u.tenantId)).not.toContain(A.code);
  });
});
