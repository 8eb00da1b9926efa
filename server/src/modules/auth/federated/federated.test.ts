import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { startOp, type TestOp } from '../../../../test/oidc-op';

/**
 * Federated login against a real OpenID provider (oidc-provider on a loopback port, allowed through the egress
 * rule like the suites' other stand-ins): social sign-in through the provider's own forms, the third-party
 * registration and its approval, SSO as another application does it, and the refusals.
 */
const HOST = 'zoo.test';
const CALLBACK = (source: string) => `http://${HOST}/api/blade-auth/oauth/callback/${source}`;
const APP_REDIRECT = 'https://app.example/cb';

let t: TestApp;
let op: TestOp;
let admin: string;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function saveProvider(body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/blade-system/identity-provider/submit', token: admin, body });
}

/** render → the provider's forms → callback → the login page's query (source, code, state). */
async function roundTrip(source: string, login: string) {
  const render = await t.app.inject({ method: 'GET', url: `/api/blade-auth/oauth/render/${source}?tenantId=000000`, headers: { host: HOST } });
  expect(render.statusCode).toBe(302);
  const back = await op.signIn(render.headers.location as string, login);
  expect(back.href.startsWith(CALLBACK(source))).toBe(true);
  const cb = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { host: HOST } });
  expect(cb.statusCode).toBe(302);
  const page = new URL(cb.headers.location as string, `http://${HOST}`);
  expect(page.pathname).toBe('/login');
  return { source: page.searchParams.get('source')!, code: page.searchParams.get('code')!, state: page.searchParams.get('state')! };
}

const social = (q: { source: string; code: string; state: string }, tenant = '000000') =>
  t.request({
    method: 'POST',
    url: '/blade-auth/oauth/token',
    headers: { 'tenant-id': tenant },
    query: { tenantId: tenant, grant_type: 'social', scope: 'all', ...q },
  });

const usualLogs = async () =>
  (await t.sql.query(`select log_data from blade_log_usual where log_id = 'federated-login' order by id`)).rows.map((r) => JSON.parse(r.log_data));
const flushLogs = () => t.app.zoo.logs.usual.flush();

beforeAll(async () => {
  t = await startTestApp();
  op = await startOp({ redirectUris: [CALLBACK('corp'), CALLBACK('off')] });
  admin = await t.login();
  expect(
    (
      await saveProvider({
        source: 'corp',
        name: '企业账号',
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        scopes: 'openid profile email phone',
        status: 1,
      })
    ).body.success,
  ).toBe(true);
  expect(
    (await saveProvider({ source: 'off', name: '停用的', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, status: 0 })).body.success,
  ).toBe(true);
}, 60_000);
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe('identity providers', () => {
  it('keeps the client secret sealed (AES-256-GCM) and never returns it', async () => {
    const list = await t.request({ url: '/blade-system/identity-provider/list', token: admin });
    const corp = list.body.data.records.find((r: { source: string }) => r.source === 'corp');
    expect(corp).toMatchObject({ source: 'corp', secretSet: 1, clientId: op.clientId });
    expect(JSON.stringify(list.body)).not.toContain(op.clientSecret);
    const { rows } = await t.sql.query(`select client_secret_enc from blade_identity_provider where source = 'corp'`);
    expect(rows[0].client_secret_enc).toMatch(/^v1\./);
    expect(rows[0].client_secret_enc).not.toContain(op.clientSecret);
  });

  it('lists only enabled providers on the login page', async () => {
    const res = await t.request({ url: '/blade-auth/oauth/providers', query: { tenantId: '000000' } });
    expect(res.body.data).toEqual([{ source: 'corp', name: '企业账号' }]);
  });

  it('refuses a provider with neither issuer nor endpoints', async () => {
    const res = await saveProvider({ source: 'bad', name: '坏的', clientId: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请填写签发者(自动发现),或同时填写授权端点与令牌端点');
  });
});

describe('social grant through the provider', () => {
  it('render redirects with state and PKCE (S256) stored server-side', async () => {
    const render = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/corp?tenantId=000000', headers: { host: HOST } });
    const url = new URL(render.headers.location as string);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK('corp'));
    const { rows } = await t.sql.query(`select source, tenant_id from sys_oauth_state where state = $1`, [url.searchParams.get('state')]);
    expect(rows).toEqual([{ source: 'corp', tenant_id: '000000' }]);
  });

  it('first time: not registered → register-guest with oauthId → pending → approved → signs in bound', async () => {
    const first = await social(await roundTrip('corp', 'alice'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user_id: '-1', account: 'alice', nick_name: 'alice 同学', access_token: '', error_code: 'not_registered' });
    expect(first.body.oauth_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const tokens = await t.sql.query(`select count(*)::int as n from sys_token`);

    const reg = await t.request({
      method: 'POST',
      url: '/blade-user/register-guest',
      query: { tenantId: '000000', name: 'Alice', account: 'alice_sso', password: 'secret123', password2: 'secret123', oauthId: first.body.oauth_id },
    });
    expect(reg.body).toMatchObject({ code: 200, success: true });
    // The ticket is spent: a second registration with it is refused.
    const again = await t.request({
      method: 'POST',
      url: '/blade-user/register-guest',
      query: { tenantId: '000000', account: 'alice_2', password: 'p', password2: 'p', oauthId: first.body.oauth_id },
    });
    expect(again.body.msg).toBe('第三方账号绑定信息无效或已过期,请重新发起第三方登录');

    const pending = await social(await roundTrip('corp', 'alice'));
    expect(pending.status).toBe(400);
    expect(pending.body.error_description).toBe('账号未启用或已被停用,请联系管理员');
    expect((await t.sql.query(`select count(*)::int as n from sys_token`)).rows[0].n).toBe(tokens.rows[0].n);

    const { rows: users } = await t.sql.query(`select id::text from blade_user where account = 'alice_sso' and tenant_id = '000000'`);
    const { rows: roles } = await t.sql.query(
      `insert into blade_role (tenant_id, role_name, role_alias) values ('000000', '访客', 'guest') returning id::text`,
    );
    const approve = await t.request({
      method: 'POST',
      url: '/blade-user/register-approve',
      token: admin,
      query: { userIds: users[0].id, roleIds: roles[0].id },
    });
    expect(approve.body.success).toBe(true);

    const ok = await social(await roundTrip('corp', 'alice'));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ account: 'alice_sso', user_id: users[0].id, role_name: 'guest' });
    expect(ok.body.oauth_id).toMatch(/^\d+$/);
    const info = await t.request({ url: '/blade-auth/oauth/user-info', token: ok.body.access_token });
    expect(info.body.data.account).toBe('alice_sso');
  }, 60_000);

  it('refuse: a refused registration is deleted and the identity is free again', async () => {
    const first = await social(await roundTrip('corp', 'bob'));
    await t.request({
      method: 'POST',
      url: '/blade-user/register-guest',
      query: { tenantId: '000000', account: 'bob_sso', password: 'x1', password2: 'x1', oauthId: first.body.oauth_id },
    });
    const { rows } = await t.sql.query(`select id::text from blade_user where account = 'bob_sso'`);
    const refuse = await t.request({ method: 'POST', url: '/blade-user/register-refuse', token: admin, query: { userIds: rows[0].id } });
    expect(refuse.body.success).toBe(true);
    const next = await social(await roundTrip('corp', 'bob'));
    expect(next.body.user_id).toBe('-1');
    // Approving a user that is not a pending registration is refused.
    const admins = await t.sql.query(`select id::text from blade_user where account = 'admin' and tenant_id = '000000'`);
    const bad = await t.request({ method: 'POST', url: '/blade-user/register-refuse', token: admin, query: { userIds: admins.rows[0].id } });
    expect(bad.body.msg).toBe('只能审核待审核的注册用户');
  }, 60_000);
});

describe('refusals: clear message, no session, audited', () => {
  it('unknown source, disabled provider, forged state, replayed state', async () => {
    const before = (await t.sql.query(`select count(*)::int as n from sys_token`)).rows[0].n;
    const unknown = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/nope?tenantId=000000', headers: { host: HOST } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe('未知的登录来源');

    const disabled = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/off?tenantId=000000', headers: { host: HOST } });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().error_description).toBe('该登录方式已停用,请联系管理员');

    const forged = await social({ source: 'corp', code: 'abc', state: randomBytes(16).toString('hex') });
    expect(forged.status).toBe(400);
    expect(forged.body.error_description).toBe('登录状态无效或已过期,请重新发起第三方登录');

    const q = await roundTrip('corp', 'carol');
    expect((await social(q)).body.user_id).toBe('-1');
    const replay = await social(q);
    expect(replay.body.error_description).toBe('登录状态无效或已过期,请重新发起第三方登录');

    // A state issued for one source cannot complete another.
    const q2 = await roundTrip('corp', 'carol');
    const crossed = await social({ ...q2, source: 'off' });
    expect(crossed.body.error_description).toBe('登录状态无效或已过期,请重新发起第三方登录');

    const unknownGrant = await social({ source: 'nope', code: 'x', state: 'y' });
    expect(unknownGrant.body.error_description).toBe('登录状态无效或已过期,请重新发起第三方登录');

    expect((await t.sql.query(`select count(*)::int as n from sys_token`)).rows[0].n).toBe(before);
    await flushLogs();
    const kinds = (await usualLogs()).map((l) => l.reason);
    expect(kinds).toEqual(expect.arrayContaining(['未知的登录来源', '该登录方式已停用,请联系管理员', '登录状态无效或已过期,请重新发起第三方登录']));
  }, 60_000);
});

describe('SSO: this product as the authorization server of another application', () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  beforeAll(async () => {
    await t.sql.query(
      `insert into blade_client (client_id, client_secret, scope, authorized_grant_types, web_server_redirect_uri, access_token_validity, refresh_token_validity, autoapprove)
       values ('partner', 'partner_secret', 'all', 'authorization_code,refresh_token', $1, 3600, 604800, 'true'),
              ('thirdparty', 'third_secret', 'all', 'authorization_code', $1, 3600, 604800, '')`,
      [APP_REDIRECT],
    );
  });

  const authorize = (q: Record<string, string>, token = admin) =>
    t.request({
      method: 'POST',
      url: '/blade-auth/oauth/authorize',
      token,
      query: {
        response_type: 'code',
        client_id: 'partner',
        redirect_uri: APP_REDIRECT,
        state: 's-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...q,
      },
    });
  const redeem = (q: Record<string, string>, client = basic('partner', 'partner_secret')) =>
    t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: { authorization: client, 'tenant-id': '000000' },
      query: { tenantId: '000000', grant_type: 'authorization_code', scope: 'all', redirect_uri: APP_REDIRECT, ...q },
    });

  it('authorize → code → token with PKCE → an API call; the code is single use', async () => {
    const a = await authorize({});
    expect(a.body.data.consent).toBe('');
    const back = new URL(a.body.data.redirect);
    expect(back.origin + back.pathname).toBe(APP_REDIRECT);
    expect(back.searchParams.get('state')).toBe('s-1');
    const code = back.searchParams.get('code')!;

    const tok = await redeem({ code, code_verifier: verifier });
    expect(tok.status).toBe(200);
    expect(tok.body).toMatchObject({ account: 'admin', client_id: 'partner', tenant_id: '000000' });
    const api = await t.request({ url: '/blade-auth/oauth/user-info', token: tok.body.access_token });
    expect(api.body.data).toMatchObject({ account: 'admin', clientId: 'partner' });

    const reused = await redeem({ code, code_verifier: verifier });
    expect(reused.status).toBe(400);
    expect(reused.body.error_description).toBe('授权码无效、已使用或已过期');
  });

  it('refuses a redirect URI not on the list (authorize and token), a wrong verifier, a missing PKCE', async () => {
    const off = await authorize({ redirect_uri: 'https://evil.example/cb' });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('回调地址不在该应用允许的列表中');

    const noPkce = await authorize({ code_challenge: '' });
    expect(noPkce.body.msg).toBe('缺少 PKCE 参数(code_challenge,仅支持 S256)');

    const code1 = new URL((await authorize({})).body.data.redirect).searchParams.get('code')!;
    const badUri = await redeem({ code: code1, code_verifier: verifier, redirect_uri: 'https://evil.example/cb' });
    expect(badUri.body.error_description).toBe('回调地址不在该应用允许的列表中');

    const code2 = new URL((await authorize({})).body.data.redirect).searchParams.get('code')!;
    const badVerifier = await redeem({ code: code2, code_verifier: randomBytes(32).toString('base64url') });
    expect(badVerifier.body.error_description).toBe('PKCE 校验失败(code_verifier 不匹配)');

    // A code issued to one client is worthless to another.
    const code3 = new URL((await authorize({})).body.data.redirect).searchParams.get('code')!;
    const other = await redeem({ code: code3, code_verifier: verifier }, basic('thirdparty', 'third_secret'));
    expect(other.body.error_description).toBe('授权码无效、已使用或已过期');
  });

  it('asks for consent unless the client is first-party', async () => {
    const ask = await authorize({ client_id: 'thirdparty' });
    expect(ask.body.data).toEqual({ redirect: '', consent: 'thirdparty' });
    const given = await authorize({ client_id: 'thirdparty', approve: '1' });
    expect(new URL(given.body.data.redirect).searchParams.get('code')).toBeTruthy();
  });
});
