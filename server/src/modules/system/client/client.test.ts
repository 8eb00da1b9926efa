import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../platform/auth/password';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const submit = (body: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/blade-system/client/submit', token, body });
const valid = {
  clientId: 'zoo_app',
  clientSecret: 'zoo_secret',
  scope: 'all',
  authorizedGrantTypes: ['password', 'refresh_token', 'captcha'],
  accessTokenValidity: 7200,
  refreshTokenValidity: 86400,
};

describe('clients', () => {
  it('creates a client that can then sign in, with the secret shown to administrators', async () => {
    expect((await submit(valid)).body.success).toBe(true);
    const list = (await t.request({ url: '/blade-system/client/list', token: admin, query: { clientId: 'zoo_app' } })).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      clientId: 'zoo_app',
      clientSecret: 'zoo_secret',
      authorizedGrantTypes: 'password,refresh_token,captcha',
      accessTokenValidity: 7200,
    });
    const c = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from('zoo_app:zoo_secret').toString('base64')}`,
        'tenant-id': '000000',
        'captcha-key': c.key,
        'captcha-code': c.code,
      },
      query: { username: 'admin', password: md5Hex('admin'), grant_type: 'captcha' },
    });
    expect(res.body).toMatchObject({ client_id: 'zoo_app', expires_in: 7200 });
  });

  it('updates, refuses a duplicate client id, and removes', async () => {
    await submit({ ...valid, clientId: 'tmp_client' });
    const { rows } = await t.sql.query(`select id::text from blade_client where client_id = 'tmp_client'`);
    expect((await submit({ ...valid, id: rows[0].id, clientId: 'tmp_client', authorizedGrantTypes: 'password' })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-system/client/detail', token: admin, query: { id: rows[0].id } })).body.data.authorizedGrantTypes).toBe('password');
    expect((await submit({ ...valid, clientId: 'saber' })).body.msg).toBe('客户端ID [saber] 已存在');
    expect((await submit({ ...valid, id: rows[0].id, clientId: 'sword' })).body.msg).toBe('客户端ID [sword] 已存在');
    expect((await t.request({ method: 'POST', url: '/blade-system/client/remove', token: admin, query: { ids: rows[0].id } })).body.success).toBe(true);
    expect((await t.sql.query(`select is_deleted from blade_client where id = $1`, [rows[0].id])).rows[0].is_deleted).toBe(1);
  });

  it('will not remove the client the caller is signed in with', async () => {
    const { rows } = await t.sql.query(`select id::text from blade_client where client_id = 'saber'`);
    const res = await t.request({ method: 'POST', url: '/blade-system/client/remove', token: admin, query: { ids: rows[0].id } });
    expect(res.body.msg).toBe('不能删除当前正在使用的客户端');
  });

  it('validates the form with Chinese messages', async () => {
    const { clientId: _, ...noId } = valid;
    expect((await submit(noId)).body.msg).toBe('请输入客户端id');
    expect((await submit({ ...valid, clientSecret: '' })).body.msg).toBe('请输入客户端密钥');
    expect((await submit({ ...valid, scope: undefined })).body.msg).toBe('请输入授权范围');
    expect((await submit({ ...valid, authorizedGrantTypes: [] })).body.msg).toBe('请输入授权类型');
    expect((await submit({ ...valid, authorizedGrantTypes: 'password,teleport' })).body.msg).toBe('授权类型不正确');
    expect((await submit({ ...valid, accessTokenValidity: undefined })).body.msg).toBe('请输入令牌过期秒数');
    expect((await submit({ ...valid, refreshTokenValidity: 'x' })).body.msg).toBe('请输入刷新令牌过期秒数');
    expect((await submit({ ...valid, clientId: 'bad id' })).body.msg).toBe('客户端id只能包含字母、数字、下划线、点和横线');
  });

  it('is closed to tenant admins (403), secrets included', async () => {
    await createTenantUser(t.sql, { tenantId: '300001', account: 'zadmin', password: 'pw', roleAlias: 'admin' });
    const token = await t.login('zadmin', 'pw', '300001');
    expect((await t.request({ url: '/blade-system/client/list', token })).status).toBe(403);
    const { rows } = await t.sql.query(`select id::text from blade_client where client_id = 'saber'`);
    expect((await t.request({ url: '/blade-system/client/detail', token, query: { id: rows[0].id } })).status).toBe(403);
    expect((await submit({ ...valid, clientId: 'evil' }, token)).status).toBe(403);
  });
});
