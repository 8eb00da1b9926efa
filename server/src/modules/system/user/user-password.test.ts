import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../platform/auth/password';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { tenantWithAdmin, type TenantCtx } from '../../../../test/iam-helpers';

let t: TestApp;
let platform: string;
let A: TenantCtx;
beforeAll(async () => {
  t = await startTestApp();
  platform = await t.login();
  A = await tenantWithAdmin(t, platform);
});
afterAll(async () => t?.close());

const post = (url: string, token: string | undefined, query: Record<string, string>) => t.request({ method: 'POST', url: `/blade-user/${url}`, token, query });
const addUser = async (account: string, password = 'Start123') => {
  const res = await t.request({
    method: 'POST',
    url: '/blade-user/submit',
    token: A.token,
    body: { account, name: account, realName: account, password, roleId: A.roleId, deptId: A.deptId },
  });
  expect(res.body.success).toBe(true);
  return (await t.sql.query(`select id::text from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`, [A.code, account])).rows[0]
    .id as string;
};
const tryLogin = async (account: string, password: string, tenantId = A.code) => {
  const c = await t.captcha();
  return t.request({
    method: 'POST',
    url: '/blade-auth/oauth/token',
    headers: { 'tenant-id': tenantId, 'captcha-key': c.key, 'captcha-code': c.code },
    query: { username: account, password: md5Hex(password), grant_type: 'captcha' },
  });
};

describe('reset-password', () => {
  it('sets param account.initPassword and ends the users’ sessions', async () => {
    const id = await addUser('forgetful');
    const session = await t.login('forgetful', 'Start123', A.code);
    await t.sql.query(`update blade_param set param_value = '778899' where param_key = 'account.initPassword'`);
    t.app.zoo.cache.clearLocal();
    expect((await post('reset-password', A.token, { userIds: id })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-user/info', token: session })).status).toBe(401);
    expect((await tryLogin('forgetful', 'Start123')).body.error_description).toBe('用户名或密码错误');
    expect(await t.login('forgetful', '778899', A.code)).toBeTruthy();
    await t.sql.query(`update blade_param set param_value = '123456' where param_key = 'account.initPassword'`);
    t.app.zoo.cache.clearLocal();
  });
});

describe('update-password', () => {
  it('checks the confirmation first, then the old password, and stores the new digest as argon2id', async () => {
    await addUser('changer');
    const token = await t.login('changer', 'Start123', A.code);
    const other = await t.login('changer', 'Start123', A.code);
    const change = (oldP: string, newP: string, new1: string) =>
      post('update-password', token, { oldPassword: md5Hex(oldP), newPassword: md5Hex(newP), newPassword1: md5Hex(new1) });
    expect((await change('wrong', 'New12345', 'Other999')).body.msg).toBe('请输入正确的确认密码!');
    expect((await change('wrong', 'New12345', 'New12345')).body.msg).toBe('原密码不正确!');
    expect((await post('update-password', token, { oldPassword: 'Start123', newPassword: 'x', newPassword1: 'x' })).body.msg).toBe('密码须经 md5 摘要后提交');
    expect((await post('update-password', token, { newPassword: md5Hex('a'), newPassword1: md5Hex('a') })).body.msg).toBe('请输入原密码');
    expect((await change('Start123', 'New12345', 'New12345')).body).toMatchObject({ code: 200, success: true });
    const { rows } = await t.sql.query(`select password from blade_user where tenant_id = $1 and account = 'changer'`, [A.code]);
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
    expect((await tryLogin('changer', 'Start123')).body.error_description).toBe('用户名或密码错误');
    expect(await t.login('changer', 'New12345', A.code)).toBeTruthy();
    // The session that changed the password stays; the other one ends.
    expect((await t.request({ url: '/blade-user/info', token })).status).toBe(200);
    expect((await t.request({ url: '/blade-user/info', token: other })).status).toBe(401);
  });
});

describe('unlock', () => {
  it('clears the lockout of the chosen users, so they can log in at once', async () => {
    const id = await addUser('clumsy');
    for (let i = 0; i < 5; i++) await tryLogin('clumsy', 'bad');
    expect((await tryLogin('clumsy', 'Start123')).body.error_description).toBe('登录错误次数过多,请稍后再试');
    expect((await post('unlock', A.token, { userIds: id })).body).toMatchObject({ code: 200, msg: '操作成功' });
    expect((await t.sql.query(`select count(*)::int as n from sys_login_fail where tenant_id = $1 and account = 'clumsy'`, [A.code])).rows[0].n).toBe(0);
    expect((await tryLogin('clumsy', 'Start123')).status).toBe(200);
  });
});

describe('register-guest', () => {
  const register = (q: Record<string, string>) => post('register-guest', undefined, q);

  it('checks tenant, account, password and confirmation in the spec order', async () => {
    expect((await register({})).body.msg).toBe('请先输入租户编号');
    expect((await register({ tenantId: A.code, password: 'x' })).body.msg).toBe('请先输入账号名称');
    expect((await register({ tenantId: A.code, account: 'g' })).body.msg).toBe('请先输入密码');
    expect((await register({ tenantId: A.code, account: 'g', password: 'x', password2: '' })).body.msg).toBe('请先输入密码');
    expect((await register({ tenantId: A.code, account: 'g', password: 'x', password2: 'y' })).body.msg).toBe('两次密码输入不一致');
    // An unknown tenant answers like a registration: the endpoint does not tell which tenants exist.
    const unknown = await register({ tenantId: '999990', account: 'g', password: 'x' });
    expect(unknown.body).toMatchObject({ code: 200, success: true });
    expect((await t.sql.query(`select 1 from blade_user where tenant_id = '999990'`)).rowCount).toBe(0);
  });

  it('creates a disabled user awaiting approval, who cannot log in until enabled', async () => {
    const res = await register({ tenantId: A.code, name: '游客甲', account: 'visitor', password: 'Visit123', password2: 'Visit123', oauthId: '' });
    expect(res.body).toMatchObject({ code: 200, success: true });
    const { rows } = await t.sql.query(`select id::text, status, role_id, name, password from blade_user where tenant_id = $1 and account = 'visitor'`, [
      A.code,
    ]);
    expect(rows[0]).toMatchObject({ status: 0, role_id: '', name: '游客甲' });
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
    expect((await tryLogin('visitor', 'Visit123')).body.error_description).toBe('账号未启用或已被停用,请联系管理员');
    // A taken account answers like a registration too (and changes nothing): no account enumeration.
    const again = await register({ tenantId: A.code, account: 'visitor', password: 'x' });
    expect(again.body).toEqual(res.body);
    expect((await t.sql.query(`select password from blade_user where tenant_id = $1 and account = 'visitor'`, [A.code])).rows).toEqual([
      { password: rows[0].password },
    ]);
    // An administrator approves: enable and give a role.
    await t.request({
      method: 'POST',
      url: '/blade-user/update',
      token: A.token,
      body: { id: rows[0].id, account: 'visitor', name: '游客甲', realName: '游客甲', roleId: A.roleId, deptId: A.deptId, status: 1 },
    });
    expect((await tryLogin('visitor', 'Visit123')).status).toBe(200);
  });

  it('is refused while param account.registerUser is off, and counts against the quota', async () => {
    await t.sql.query(`update blade_param set param_value = 'false' where param_key = 'account.registerUser'`);
    t.app.zoo.cache.clearLocal();
    expect((await register({ tenantId: A.code, account: 'late', password: 'x' })).body.msg).toBe('当前系统暂未开启注册功能,请联系管理员!');
    await t.sql.query(`update blade_param set param_value = 'true' where param_key = 'account.registerUser'`);
    t.app.zoo.cache.clearLocal();
    await t.sql.query(
      `update blade_tenant set account_number = (select count(*) from blade_user where tenant_id = $1 and is_deleted = 0) where tenant_id = $1`,
      [A.code],
    );
    const full = await register({ tenantId: A.code, account: 'late', password: 'x' });
    expect(full.body.success).toBe(true);
    expect((await t.sql.query(`select 1 from blade_user where tenant_id = $1 and account = 'late'`, [A.code])).rowCount).toBe(0);
    await t.sql.query(`update blade_tenant set account_number = -1 where tenant_id = $1`, [A.code]);
    expect((await register({ tenantId: A.code, account: 'late', password: 'x' })).body.success).toBe(true);
  });

  it('refuses an address past 20 attempts an hour, while other addresses still register', async () => {
    const from = (ip: string, account: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/blade-user/register-guest', remoteAddress: ip, query: { tenantId: A.code, account, password: 'x' } })
        .then((r) => r.json());
    for (let i = 0; i < 20; i++) expect((await from('10.9.9.9', `flood${i}`)).success).toBe(true);
    expect((await from('10.9.9.9', 'flood20')).msg).toBe('注册过于频繁,请稍后再试');
    expect((await from('10.9.9.8', 'other')).success).toBe(true);
    await t.sql.query(`update sys_throttle set window_end = localtimestamp(0) - interval '1 second' where key = '10.9.9.9'`);
    expect((await from('10.9.9.9', 'flood21')).success).toBe(true);
  });
});
