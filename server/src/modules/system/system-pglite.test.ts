import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openMemoryPglite, runMigrations, type Database } from '../../db/client';
import { seed } from '../../seed';
import { md5Hex } from '../../platform/auth/password';
import { writeSheet } from '../../platform/excel';
import { BASIC } from '../../../test/harness';
import { multipart } from '../../../test/iam-helpers';
import { USER_SHEET } from './user/user.transfer';

/**
 * The embedded database has a single connection: anything that opened a second transaction inside a request
 * would hang there. Tenant bootstrap, user import jobs and unlock run here on PGlite (PostgreSQL 18).
 */
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openMemoryPglite('Asia/Shanghai');
  await runMigrations(database);
  await seed(database, { demo: false });
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: '' }), database, { logger: false });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const call = async (
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    query: o.query,
    payload: o.body as never,
    headers: { authorization: BASIC, ...(o.token ? { 'blade-auth': `bearer ${o.token}` } : {}), ...o.headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
};
const login = async (account: string, password: string, tenantId: string) => {
  const c = (await call('GET', '/blade-auth/oauth/captcha')).body;
  const code = ((await database.db.execute(sql`select code from sys_captcha where key = ${c.key}`)) as unknown as { rows: Array<{ code: string }> }).rows[0]!
    .code;
  const res = await call('POST', '/blade-auth/oauth/token', {
    query: { username: account, password: md5Hex(password), grant_type: 'captcha' },
    headers: { 'tenant-id': tenantId, 'captcha-key': c.key, 'captcha-code': code },
  });
  return res.body;
};

describe('identity calls on embedded PGlite', () => {
  it('bootstraps a tenant, imports users as a job, and unlocks a locked account', async () => {
    const admin = (await login('admin', 'admin', '000000')).access_token as string;
    expect((await call('POST', '/blade-system/tenant/submit', { token: admin, body: { tenantName: '嵌入园', linkman: '某' } })).body.success).toBe(true);
    const tenant = (await call('GET', '/blade-system/tenant/list', { token: admin, query: { tenantName: '嵌入园' } })).body.data.records[0];
    const zoo = (await login('admin', 'admin', tenant.tenantId)).access_token as string;

    const { body, headers } = multipart(
      await writeSheet('用户', USER_SHEET, [
        { account: 'p1', realName: '甲', roleName: '管理员', deptName: '嵌入园' },
        { account: 'p2', realName: '乙', roleName: '管理员', deptName: '嵌入园' },
        { account: 'p3', realName: '', roleName: '管理员', deptName: '嵌入园' },
      ]),
    );
    const started = await call('POST', '/blade-user/import-user', { token: zoo, body, headers });
    expect(started.body.data.errors).toEqual([{ row: 4, reason: '姓名不能为空' }]);
    const job = async () => (await call('GET', '/blade-user/import-progress', { token: zoo, query: { jobId: started.body.data.jobId } })).body.data;
    // Bounded by time, not by a count of polls (a loaded machine imports more slowly).
    await expect.poll(async () => (await job()).status, { timeout: 60_000, interval: 25 }).not.toBe('running');
    expect(await job()).toMatchObject({ status: 'finished', succeeded: 2, failed: 1 });

    for (let i = 0; i < 5; i++) await login('p1', 'wrong', tenant.tenantId);
    expect((await login('p1', '123456', tenant.tenantId)).error_description).toBe('登录错误次数过多,请稍后再试');
    const p1 = (await call('GET', '/blade-user/page', { token: zoo, query: { account: 'p1' } })).body.data.records[0];
    expect((await call('POST', '/blade-user/unlock', { token: zoo, query: { userIds: p1.id } })).body.success).toBe(true);
    expect((await login('p1', '123456', tenant.tenantId)).access_token).toBeTruthy();
  }, 60_000);

  it('exports a zoo and imports it back under a new tenant id, inside the request (one connection)', async () => {
    const admin = (await login('admin', 'admin', '000000')).access_token as string;
    const tenant = (await call('GET', '/blade-system/tenant/list', { token: admin, query: { tenantName: '嵌入园' } })).body.data.records[0];
    const res = await app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/export',
      query: { tenantId: tenant.tenantId },
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const { body, headers } = multipart(res.rawPayload, 'zoo.tar.gz');
    const imported = await call('POST', '/blade-system/tenant/import', { token: admin, body, headers });
    expect(imported.body.data).toMatchObject({ fromTenantId: tenant.tenantId, tenantName: '嵌入园' });
    expect(imported.body.data.tenantId).not.toBe(tenant.tenantId);
    expect((await login('p1', '123456', imported.body.data.tenantId)).access_token).toBeTruthy();
  }, 60_000);
});
