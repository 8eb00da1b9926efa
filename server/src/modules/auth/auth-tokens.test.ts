import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createTenantUser } from '../../../test/fixtures';
import { tokenCall as callToken, type TokenCall } from '../../../test/token-call';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const tokenCall = (o: TokenCall) => callToken(t, o);

describe('token endpoint checks, in the contract order', () => {
  it('needs the Tenant-Id header', async () => {
    const res = await tokenCall({ tenant: null });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('租户ID未找到');
  });

  it('refuses an unknown tenant', async () => {
    expect((await tokenCall({ tenant: '999999' })).body.error_description).toBe('未获得用户的租户信息');
  });

  it('refuses an expired tenant', async () => {
    await createTenantUser(t.sql, { tenantId: '100001', account: 'late', password: 'pw', expireTime: '2020-01-01 00:00:00' });
    expect((await tokenCall({ tenant: '100001', username: 'late', password: 'pw' })).body.error_description).toBe('租户授权已过期,请联系管理员');
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    expect((await tokenCall({ password: 'nope' })).body).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    expect((await tokenCall({ username: 'ghost' })).body.error_description).toBe('用户名或密码错误');
  });

  it('refuses a user without a role', async () => {
    await createTenantUser(t.sql, { tenantId: '100002', account: 'norole', password: 'pw', roleAlias: null });
    expect((await tokenCall({ tenant: '100002', username: 'norole', password: 'pw' })).body.error_description).toBe('未获得用户的角色信息');
  });

  it('stores passwords as argon2id, never sha1', async () => {
    const { rows } = await t.sql.query(`select password from blade_user where account = 'admin' and tenant_id = '000000'`);
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
  });
});

describe('tokens', () => {
  it('accepts Blade-Auth as a header, as a query parameter only on GET downloads; refuses a missing or forged token', async () => {
    const token = await t.login();
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token })).body.data).toMatchObject({
      account: 'admin',
      tenantId: '000000',
      roleName: 'administrator',
    });
    // A token in the URL (logged, cached, sent on in Referer) is no token, except where the contract needs it (§8.3).
    expect((await t.request({ url: '/blade-auth/oauth/user-info', query: { 'Blade-Auth': token } })).body).toMatchObject({
      code: 401,
      msg: '缺失令牌,鉴权失败',
    });
    expect((await t.request({ method: 'POST', url: '/blade-user/reset-password', query: { 'Blade-Auth': token, userIds: '1' } })).status).toBe(401);
    expect((await t.request({ url: '/blade-user/export-template', query: { 'Blade-Auth': token } })).status).toBe(200);
    const logout = await t.request({ url: '/blade-auth/oauth/logout', query: { 'Blade-Auth': token } });
    expect(logout.status).toBe(200);
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token })).status).toBe(200); // not logged out by a URL
    const none = await t.request({ url: '/blade-auth/oauth/user-info' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, msg: '缺失令牌,鉴权失败', data: null });
    const forged = await t.request({ url: '/blade-auth/oauth/user-info', token: `${token.slice(0, -4)}AAAA` });
    expect(forged.body.msg).toBe('请求未授权');
  });

  it('rotates refresh tokens: the old refresh token stops at once, its access token after a short grace', async () => {
    const c = await t.captcha();
    const first = (await tokenCall({ captcha: c })).body;
    const refresh = () =>
      t.request({
        method: 'POST',
        url: '/blade-auth/oauth/token',
        headers: { 'tenant-id': '000000' },
        query: { tenantId: '000000', refresh_token: first.refresh_token, grant_type: 'refresh_token', scope: 'all' },
      });
    const next = await refresh();
    expect(next.status).toBe(200);
    expect(next.body.access_token).not.toBe(first.access_token);
    expect(next.body.refresh_token).not.toBe(first.refresh_token);
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: next.body.access_token })).status).toBe(200);
    // Requests a page sent with the old access token while the refresh ran still succeed (no 401 → logout race)…
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: first.access_token })).status).toBe(200);
    // …but only for the grace period: its expiry was pulled in to at most 30 s from now.
    const [left] = (
      await t.sql.query(
        `select extract(epoch from expire_time - localtimestamp(0))::int as secs from sys_token where kind = 'access' and pair_jti = (select jti from sys_token where kind = 'refresh' and pair_jti = $1)`,
        [JSON.parse(Buffer.from(first.access_token.split('.')[1], 'base64url').toString()).jti],
      )
    ).rows as { secs: number }[];
    expect(left.secs).toBeGreaterThan(0);
    expect(left.secs).toBeLessThanOrEqual(30);
    const reuse = await refresh();
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: first.access_token })).body.msg).toBe('令牌已失效');
    // Reuse means the old refresh token leaked: its whole family dies, the successors issued by rotation included.
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: next.body.access_token })).body).toMatchObject({ code: 401, msg: '令牌已失效' });
    const successor = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: { 'tenant-id': '000000' },
      query: { tenantId: '000000', refresh_token: next.body.refresh_token, grant_type: 'refresh_token', scope: 'all' },
    });
    expect(successor.body).toMatchObject({ error: 'invalid_grant', error_description: '刷新令牌已失效' });
    // Another sign-in of the same user (another family) is untouched.
    const c2 = await t.captcha();
    const other = (await tokenCall({ captcha: c2 })).body;
    await refresh();
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: other.access_token })).status).toBe(200);
  });

  it('also refreshes at oauth/token/refresh with the tenant in the query', async () => {
    const c = await t.captcha();
    const first = (await tokenCall({ captcha: c })).body;
    const res = await t.request({ method: 'POST', url: '/blade-auth/oauth/token/refresh', query: { refreshToken: first.refresh_token, tenantId: '000000' } });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeTruthy();
    const again = await t.request({ method: 'POST', url: '/blade-auth/oauth/token/refresh', query: { refreshToken: first.refresh_token, tenantId: '000000' } });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token from another tenant header or used as an access token', async () => {
    const c = await t.captcha();
    const first = (await tokenCall({ captcha: c })).body;
    const res = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: { 'tenant-id': '100001' },
      query: { refresh_token: first.refresh_token, grant_type: 'refresh_token' },
    });
    expect(res.body.error).toBe('invalid_grant');
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: first.refresh_token })).status).toBe(401);
  });

  it('logout revokes the access token and its refresh token', async () => {
    const c = await t.captcha();
    const body = (await tokenCall({ captcha: c })).body;
    const out = await t.request({ url: '/blade-auth/oauth/logout', token: body.access_token });
    expect(out.body).toEqual({ success: 'true', msg: 'success' });
    const after = await t.request({ url: '/blade-system/menu/routes', token: body.access_token });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('令牌已失效');
    const r = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: { 'tenant-id': '000000' },
      query: { refresh_token: body.refresh_token, grant_type: 'refresh_token' },
    });
    expect(r.body.error).toBe('invalid_grant');
  });

  it('signs with a generated key kept in the database, not a default literal', async () => {
    const { rows } = await t.sql.query(`select length(value) as n from sys_secret where name = 'jwt'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(64);
  });
});

describe('other session endpoints', () => {
  it('stores the error-log array posted to oauth/logout', async () => {
    const token = await t.login();
    const logs = [{ type: 'error', url: '/wel/index', message: 'boom', stack: 'Error: boom\n at x', info: 'render', time: '2026-11-22 10:00:00' }];
    const res = await t.request({ method: 'POST', url: '/blade-auth/oauth/logout', token, body: logs });
    expect(res.body).toEqual({ success: 'true', msg: 'success' });
    const { rows } = await t.sql.query(`select message, request_uri, stack_trace, create_by from blade_log_error where service_id = 'saber-web'`);
    expect(rows).toEqual([{ message: 'boom', request_uri: '/wel/index', stack_trace: 'Error: boom\n at x', create_by: 'admin' }]);
    expect((await t.request({ method: 'POST', url: '/blade-auth/oauth/logout', token, body: { not: 'an array' } })).status).toBe(400);
    expect((await t.request({ method: 'POST', url: '/blade-auth/oauth/logout', body: logs })).status).toBe(401);
  });

  it('clear-cache needs a signed-in caller and answers the raw status', async () => {
    const anonymous = await t.request({ url: '/blade-auth/oauth/clear-cache' });
    expect(anonymous.status).toBe(401);
    expect((await t.request({ url: '/blade-auth/oauth/clear-cache', token: await t.login() })).body).toEqual({ success: 'true', msg: 'success' });
  });

  it('tenant_list answers every tenant to the platform administrator, only its own to a zoo user, nothing anonymous', async () => {
    await createTenantUser(t.sql, { tenantId: '100077', account: 'keeper77', tenantName: '七七动物园' });
    const all = (await t.request({ url: '/blade-auth/oauth/tenant_list', token: await t.login() })).body;
    expect(all.code).toBe(200);
    expect(all.data).toEqual(
      expect.arrayContaining([
        { tenantId: '000000', tenantName: expect.any(String) },
        { tenantId: '100077', tenantName: '七七动物园' },
      ]),
    );
    const own = (await t.request({ url: '/blade-auth/oauth/tenant_list', token: await t.login('keeper77', 'secret1', '100077') })).body.data;
    expect(own).toEqual([{ tenantId: '100077', tenantName: '七七动物园' }]);
    expect((await t.request({ url: '/blade-auth/oauth/tenant_list' })).status).toBe(401);
  });

  it('tenant/info finds a tenant by domain, and answers {} otherwise', async () => {
    await t.sql.query(`update blade_tenant set domain = 'http://zoo-a.example' where tenant_id = '100001'`);
    expect((await t.request({ url: '/blade-system/tenant/info', query: { domain: 'http://zoo-a.example' } })).body.data).toEqual({
      tenantId: '100001',
      domain: 'http://zoo-a.example',
      backgroundUrl: '',
    });
    expect((await t.request({ url: '/blade-system/tenant/info', query: { domain: 'http://other' } })).body).toEqual({
      code: 200,
      success: true,
      data: {},
      msg: '操作成功',
    });
  });
});
