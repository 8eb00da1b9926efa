import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { usualLog } from '../../../platform/log/usual-log';

let t: TestApp;
let admin: string;
let zooAdmin: string;
beforeAll(async () => {
  t = await startTestApp();
  await createTenantUser(t.sql, { tenantId: '300001', account: 'zoo_admin', password: 'pw', roleAlias: 'admin' });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = '300001' and m.code like 'log_%'`);
  admin = await t.login();
  zooAdmin = await t.login('zoo_admin', 'pw', '300001');
});
afterAll(async () => t?.close());

const apiRows = async (uri: string) => (await t.sql.query(`select * from blade_log_api where request_uri = $1 order by id`, [uri])).rows;

describe('API log', () => {
  it('records one row per request after the buffer is flushed, with caller, endpoint summary and time', async () => {
    const before = (await apiRows('/api/blade-system/dict/dictionary')).length;
    const res = await t.request({ url: '/blade-system/dict/dictionary', token: zooAdmin, query: { code: 'sex' }, headers: { 'user-agent': 'vitest-agent' } });
    expect(res.status).toBe(200);
    // Written off the request path: nothing yet until the buffer is flushed.
    expect((await apiRows('/api/blade-system/dict/dictionary')).length).toBe(before);
    await t.app.zoo.logs.flush();
    const rows = await apiRows('/api/blade-system/dict/dictionary');
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1);
    expect(row).toMatchObject({
      tenant_id: '300001',
      service_id: 'blade-system',
      method: 'GET',
      title: '按编码查询字典项',
      type: '1',
      user_agent: 'vitest-agent',
      create_by: 'zoo_admin',
      method_name: '/api/blade-system/dict/dictionary',
    });
    expect(JSON.parse(row.params)).toEqual({ code: 'sex' });
    expect(Number(row.time)).toBeGreaterThanOrEqual(0);
    expect(row.remote_ip).toBe('127.0.0.1');
  });

  it('flushes by itself within about a second', async () => {
    await t.request({ url: '/blade-system/menu/top-menu', token: admin });
    const deadline = Date.now() + 3000;
    let rows = await apiRows('/api/blade-system/menu/top-menu');
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await apiRows('/api/blade-system/menu/top-menu');
    }
    expect(rows.length).toBe(1);
  });

  it('masks secrets in the logged parameters', async () => {
    await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: 'abc123', grant_type: 'captcha', scope: 'all' },
      headers: { 'tenant-id': '000000' },
    });
    await t.app.zoo.logs.flush();
    const [row] = (await apiRows('/api/blade-auth/oauth/token')).slice(-1);
    const params = JSON.parse(row.params);
    expect(params.password).toBe('******');
    expect(params.username).toBe('admin');
    expect(row.params).not.toContain('abc123');
    expect(row.type).toBe('2');
    expect(row.tenant_id).toBe('000000');
  });

  it('does not log reads of the logs themselves', async () => {
    await t.request({ url: '/blade-log/api/list', token: admin });
    await t.app.zoo.logs.flush();
    expect(await apiRows('/api/blade-log/api/list')).toEqual([]);
  });

  it('keeps answering requests when the log table cannot be written, and drops only that batch', async () => {
    await t.sql.query('alter table blade_log_api rename to blade_log_api_away');
    try {
      const dropped = t.app.zoo.logs.api.dropped;
      const res = await t.request({ url: '/blade-system/dict/dictionary', token: admin, query: { code: 'yes_no' } });
      expect(res.body.success).toBe(true);
      await t.app.zoo.logs.flush();
      expect(t.app.zoo.logs.api.dropped).toBe(dropped + 1);
    } finally {
      await t.sql.query('alter table blade_log_api_away rename to blade_log_api');
    }
    await t.request({ url: '/blade-system/dict/dictionary', token: admin, query: { code: 'flow' } });
    await t.app.zoo.logs.flush();
    const rows = await apiRows('/api/blade-system/dict/dictionary');
    expect(rows.some((r) => r.params.includes('flow'))).toBe(true);
    expect(rows.some((r) => r.params.includes('yes_no'))).toBe(false);
  });
});

describe('error log', () => {
  it('records an unhandled 500 with its masked parameters and answers without a stack', async () => {
    await t.sql.query('alter table blade_param rename to blade_param_away');
    let res;
    try {
      res = await t.request({ url: '/blade-system/param/list', token: admin, query: { paramKey: 'x', secretKey: 'hush' } });
    } finally {
      await t.sql.query('alter table blade_param_away rename to blade_param');
    }
    expect(res.status).toBe(500);
    expect(res.body.msg).toMatch(/^服务器异常,请联系管理员 \(错误编号 [0-9a-f-]{36}\)$/);
    const id = /错误编号 (.*)\)/.exec(res.body.msg)![1];
    const list = await t.request({ url: '/blade-log/error/list', token: admin, query: { message: id } });
    expect(list.body.data.total).toBe(1);
    const rec = list.body.data.records[0];
    expect(rec.requestUri).toBe('/api/blade-system/param/list');
    expect(rec.message).toContain('blade_param');
    expect(JSON.parse(rec.params)).toEqual({ current: 1, size: 10, paramKey: 'x', secretKey: '******' });
    const detail = await t.request({ url: '/blade-log/error/detail', token: admin, query: { id: rec.id } });
    expect(detail.body.data.stackTrace).toContain('Error');
  });

  it('shows a zoo’s admin what failed and when, but no SQL text, bound parameters or server paths', async () => {
    await t.sql.query('alter table blade_log_usual rename to blade_log_usual_away');
    let res;
    try {
      res = await t.request({ url: '/blade-log/usual/list', token: zooAdmin, query: { logId: 'secret-probe' } });
    } finally {
      await t.sql.query('alter table blade_log_usual_away rename to blade_log_usual');
    }
    expect(res.status).toBe(500);
    const id = /错误编号 (.*)\)/.exec(res.body.msg)![1]!;
    // Stored: the database's message, never the query or its parameters (the message is a list filter).
    const { rows } = await t.sql.query(`select message, stack_trace, file_name from blade_log_error where message like $1`, [`[${id}]%`]);
    expect(rows[0].message).toContain('blade_log_usual');
    expect(rows[0].message).not.toMatch(/select|secret-probe|\/work|node_modules/i);

    const list = await t.request({ url: '/blade-log/error/list', token: zooAdmin, query: { message: id } });
    expect(list.body.data.total).toBe(1);
    const mine = list.body.data.records[0];
    expect(mine).toMatchObject({ requestUri: '/api/blade-log/usual/list', message: `[${id}] 服务器内部错误`, stackTrace: '', fileName: '', lineNumber: '' });
    const detail = (await t.request({ url: '/blade-log/error/detail', token: zooAdmin, query: { id: mine.id } })).body.data;
    // (The request's own parameters stay: they are what the zoo's user sent.)
    const { params: _, ...insides } = detail;
    expect(JSON.stringify(insides)).not.toMatch(/select |secret-probe|node_modules|\.ts:\d/i);
    // The platform administrator keeps the whole story: query, parameters, files and lines.
    const full = (await t.request({ url: '/blade-log/error/detail', token: admin, query: { id: mine.id } })).body.data;
    expect(full.stackTrace).toMatch(/select/i);
    expect(full.stackTrace).toContain('secret-probe');
    expect(full.fileName).not.toBe('');
  });
});

describe('usual log', () => {
  it('writes through usualLog and lists by level', async () => {
    usualLog(t.app, undefined, 'WARN', 'probe-1', { a: 1 });
    await t.app.zoo.logs.flush();
    const res = await t.request({ url: '/blade-log/usual/list', token: admin, query: { logId: 'probe-1', logLevel_equal: 'WARN' } });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.records[0]).toMatchObject({ logLevel: 'WARN', logId: 'probe-1', logData: '{"a":1}', tenantId: '000000' });
  });
});

describe('log lists', () => {
  const insertApi = (tenant: string, time: string, title: string) =>
    t.sql.query(`insert into blade_log_api (tenant_id, title, request_uri, create_time) values ($1, $2, '/probe', $3)`, [tenant, title, time]);

  it('filter by createTime_dategt / createTime_datelt (day or full date-time)', async () => {
    await insertApi('000000', '2023-03-01 10:00:00', 'date-probe');
    await insertApi('000000', '2023-03-02 10:00:00', 'date-probe');
    await insertApi('000000', '2023-03-03 23:59:59', 'date-probe');
    const q = (extra: Record<string, string>) => t.request({ url: '/blade-log/api/list', token: admin, query: { title: 'date-probe', ...extra } });
    expect((await q({})).body.data.total).toBe(3);
    expect((await q({ createTime_dategt: '2023-03-01' })).body.data.total).toBe(2);
    expect((await q({ createTime_datelt: '2023-03-02' })).body.data.total).toBe(1);
    expect(
      (await q({ createTime_dategt: '2023-03-01 12:00:00', createTime_datelt: '2023-03-03 00:00:00' })).body.data.records.map((r: any) => r.createTime),
    ).toEqual(['2023-03-02 10:00:00']);
    const bad = await q({ createTime_dategt: '03/01/2023' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss');
  });

  it('keeps total exact while counting incrementally: new rows and other filters are counted', async () => {
    const q = (title: string) => t.request({ url: '/blade-log/api/list', token: admin, query: { title, size: '2' } });
    for (let i = 0; i < 3; i++) await insertApi('000000', '2023-04-01 10:00:00', 'count-probe');
    const first = await q('count-probe');
    expect(first.body.data).toMatchObject({ total: 3, pages: 2, size: 2 });
    expect(first.body.data.records).toHaveLength(2);
    // Rows written after the first count (the newest ids) show up in the next total.
    for (let i = 0; i < 2; i++) await insertApi('000000', '2023-04-01 11:00:00', 'count-probe');
    expect((await q('count-probe')).body.data.total).toBe(5);
    expect((await q('count-probe')).body.data.total).toBe(5);
    // Another filter set has its own total.
    await insertApi('000000', '2023-04-01 11:00:00', 'count-probe-2');
    expect((await q('count-probe-2')).body.data.total).toBe(1);
    expect((await q('count-probe')).body.data.total).toBe(6);
  });

  it('shows a zoo admin only its tenant, the platform administrator every tenant', async () => {
    await insertApi('300001', '2023-05-01 10:00:00', 'tenant-probe');
    await insertApi('300002', '2023-05-01 10:00:00', 'tenant-probe');
    const mine = await t.request({ url: '/blade-log/api/list', token: zooAdmin, query: { title: 'tenant-probe' } });
    expect(mine.body.data.records.map((r: any) => r.tenantId)).toEqual(['300001']);
    const all = await t.request({ url: '/blade-log/api/list', token: admin, query: { title: 'tenant-probe' } });
    expect(all.body.data.records.map((r: any) => r.tenantId).sort()).toEqual(['300001', '300002']);
    const other = all.body.data.records.find((r: any) => r.tenantId === '300002');
    expect((await t.request({ url: '/blade-log/api/detail', token: zooAdmin, query: { id: other.id } })).body.msg).toBe('数据不存在或已被删除');
    // Same filters, different scope: the zoo admin's count is not the platform's.
    expect(mine.body.data.total).toBe(1);
    expect(all.body.data.total).toBe(2);
  });

  it('refuses users without the log buttons', async () => {
    await createTenantUser(t.sql, { tenantId: '300001', account: 'keeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper', 'pw', '300001');
    const res = await t.request({ url: '/blade-log/usual/list', token: keeper });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('权限不足,无法访问该资源');
  });
});
