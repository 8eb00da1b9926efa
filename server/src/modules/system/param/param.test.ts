import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { getParam } from '../../../platform/param/param';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const submit = (body: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/blade-system/param/submit', token, body });

describe('params', () => {
  it('answers the spec messages for missing name, key and value', async () => {
    expect((await submit({ paramKey: 'k', paramValue: 'v' })).body.msg).toBe('请输入参数名称');
    expect((await submit({ paramName: 'n', paramKey: ' ', paramValue: 'v' })).body.msg).toBe('请输入参数键名');
    expect((await submit({ paramName: 'n', paramKey: 'k' })).body.msg).toBe('请输入参数键值');
    expect((await submit({ paramName: 'n', paramKey: 'account.initPassword', paramValue: 'v' })).body.msg).toBe('参数键名 account.initPassword 已存在');
  });

  it('is cached, and a write drops the cached value at once', async () => {
    expect(await getParam(t.app, 'account.initPassword', 'x')).toBe('123456');
    // A change behind the server's back stays invisible while cached…
    await t.sql.query(`update blade_param set param_value = 'sneaky' where param_key = 'account.initPassword'`);
    expect(await getParam(t.app, 'account.initPassword', 'x')).toBe('123456');
    // …but a change through the API is seen immediately.
    const { rows } = await t.sql.query(`select id::text from blade_param where param_key = 'account.initPassword'`);
    const res = await submit({ id: rows[0].id, paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '654321' });
    expect(res.body.success).toBe(true);
    expect(await getParam(t.app, 'account.initPassword', 'x')).toBe('654321');
    await t.request({ method: 'POST', url: '/blade-system/param/remove', token: admin, query: { ids: rows[0].id } });
    expect(await getParam(t.app, 'account.initPassword', 'fallback')).toBe('fallback');
  });

  it('lists with map filters and needs an admin', async () => {
    const list = (await t.request({ url: '/blade-system/param/list', token: admin, query: { paramKey: 'tenant.default' } })).body.data;
    expect(list.records.map((r: any) => r.paramKey).sort()).toEqual(['tenant.default.accountNumber', 'tenant.default.menuCode', 'tenant.default.password']);
    await createTenantUser(t.sql, { tenantId: '300002', account: 'plain', password: 'pw', roleAlias: 'user' });
    const token = await t.login('plain', 'pw', '300002');
    expect((await t.request({ url: '/blade-system/param/list', token })).status).toBe(403);
    expect((await submit({ paramName: 'n', paramKey: 'x.y', paramValue: 'v' }, token)).status).toBe(403);
  });
});
