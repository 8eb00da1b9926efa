import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { writeSheet } from '../../../platform/excel';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { multipart, tenantWithAdmin, waitForJob, type TenantCtx } from '../../../../test/iam-helpers';
import { USER_SHEET } from './user.transfer';

let t: TestApp;
let platform: string;
let A: TenantCtx;
let B: TenantCtx;
beforeAll(async () => {
  t = await startTestApp();
  platform = await t.login();
  A = await tenantWithAdmin(t, platform, { tenantName: '甲园' });
  B = await tenantWithAdmin(t, platform, { tenantName: '乙园' });
  // New tenants get 100 accounts (tenant.default.accountNumber); these tests import more.
  await t.request({ method: 'POST', url: '/blade-system/tenant/setting', token: platform, query: { ids: `${A.id},${B.id}`, accountNumber: '-1' } });
});
afterAll(async () => t?.close());

type Row = Partial<Record<(typeof USER_SHEET)[number]['key'], string>>;
const upload = async (token: string, rows: Row[], isCovered = '0') => {
  const { body, headers } = multipart(await writeSheet('用户', USER_SHEET, rows));
  return t.request({ method: 'POST', url: '/blade-user/import-user', token, query: { isCovered }, body, headers });
};
const person = (account: string, more: Row = {}): Row => ({ account, realName: '饲养员', roleName: '管理员', deptName: '甲园', phone: '13700000000', ...more });
const sheetRows = async (buf: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: string[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
};

describe('import-user', () => {
  it('imports 200 rows as a job: bad rows reported by row number at once, progress readable from another instance', async () => {
    const rows: Row[] = Array.from({ length: 200 }, (_, i) => person(`bulk${String(i).padStart(3, '0')}`, { email: `b${i}@zoo.cn`, birthday: '1999-01-02' }));
    rows[49] = person('bulk049', { realName: '' }); // sheet row 51
    rows[99] = person('bulk099', { roleName: '园长' }); // sheet row 101
    rows[149] = person('bulk149', { phone: '1370000' }); // sheet row 151
    const res = await upload(A.token, rows);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const started = res.body.data;
    expect(started).toMatchObject({ total: 200, failed: 3 });
    expect(started.jobId).toMatch(/^\d+$/);
    expect(started.errors).toEqual([
      { row: 51, reason: '姓名不能为空' },
      { row: 101, reason: '角色 [园长] 不存在' },
      { row: 151, reason: '手机号码长度不为11位' },
    ]);

    // A second server on the same database answers the progress call.
    const other = await buildApp(t.config, t.database, { logger: false });
    try {
      const seen: number[] = [];
      let job: any;
      // Bounded by time, not by a count of polls: a busy 2-core CI machine imports more slowly.
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const r = await other.inject({
          method: 'GET',
          url: '/api/blade-user/import-progress',
          query: { jobId: started.jobId },
          headers: { 'blade-auth': `bearer ${A.token}` },
        });
        job = JSON.parse(r.body).data;
        seen.push(job.processed);
        if (job.status !== 'running') break;
        await new Promise((x) => setTimeout(x, 20));
      }
      expect(job).toMatchObject({ status: 'finished', total: 200, processed: 200, succeeded: 197, failed: 3, msg: '导入完成: 成功 197 条, 失败 3 条' });
      expect(job.errors).toEqual(started.errors);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen); // never goes backwards
    } finally {
      await other.close();
    }
    const { rows: made } = await t.sql.query(`select count(*)::int as n from blade_user where tenant_id = $1 and account like 'bulk%'`, [A.code]);
    expect(made[0].n).toBe(197);
    const { rows: one } = await t.sql.query(
      `select role_id, dept_id, email, to_char(birthday, 'YYYY-MM-DD') as b from blade_user where tenant_id = $1 and account = 'bulk007'`,
      [A.code],
    );
    expect(one[0]).toEqual({ role_id: A.roleId, dept_id: A.deptId, email: 'b7@zoo.cn', b: '1999-01-02' });
    // Imported users get param account.initPassword.
    expect(await t.login('bulk007', '123456', A.code)).toBeTruthy();
  });

  it('reports existing accounts unless isCovered=1, which updates them', async () => {
    const first = await upload(A.token, [person('cover1', { realName: '旧名' })]);
    await waitForJob(t, '/blade-user/import-progress', A.token, first.body.data.jobId);
    const again = await upload(A.token, [person('cover1', { realName: '新名' }), person('cover1', { realName: '再名' })]);
    expect(again.body.data.errors).toEqual([
      { row: 2, reason: '当前用户 [cover1] 已存在!' },
      { row: 3, reason: '账号 [cover1] 在文件中重复' },
    ]);
    expect(again.body.data).toMatchObject({ status: 'finished', total: 2, processed: 2, failed: 2, succeeded: 0 });
    const covered = await upload(A.token, [person('cover1', { realName: '新名' })], '1');
    expect((await waitForJob(t, '/blade-user/import-progress', A.token, covered.body.data.jobId)).succeeded).toBe(1);
    expect((await t.sql.query(`select real_name from blade_user where tenant_id = $1 and account = 'cover1'`, [A.code])).rows[0].real_name).toBe('新名');
  });

  it('keeps a tenant admin in its tenant, while the platform administrator may name the tenant per row', async () => {
    const res = await upload(A.token, [person('cross1', { tenantId: B.code, deptName: '乙园' })]);
    expect(res.body.data.errors).toEqual([{ row: 2, reason: '租户编号与当前租户不符' }]);
    const byPlatform = await upload(platform, [person('cross2', { tenantId: B.code, deptName: '乙园' }), person('cross3', { tenantId: '999991' })]);
    expect(byPlatform.body.data.errors).toEqual([{ row: 3, reason: '租户编号 [999991] 不存在' }]);
    await waitForJob(t, '/blade-user/import-progress', platform, byPlatform.body.data.jobId);
    const { rows } = await t.sql.query(`select tenant_id, role_id from blade_user where account = 'cross2'`);
    expect(rows).toEqual([{ tenant_id: B.code, role_id: B.roleId }]);
  });

  it('reports rows refused while writing (quota) in the progress', async () => {
    await t.sql.query(
      `update blade_tenant set account_number = (select count(*) + 1 from blade_user where tenant_id = $1 and is_deleted = 0) where tenant_id = $1`,
      [A.code],
    );
    const res = await upload(A.token, [person('quota1'), person('quota2')]);
    const job = await waitForJob(t, '/blade-user/import-progress', A.token, res.body.data.jobId);
    expect(job).toMatchObject({ succeeded: 1, failed: 1, errors: [{ row: 3, reason: '当前租户已到最大账号额度!' }] });
    await t.sql.query(`update blade_tenant set account_number = -1 where tenant_id = $1`, [A.code]);
  });

  it('shows a job only to the user who started it, and not across tenants', async () => {
    const res = await upload(A.token, [person('privacy1')]);
    const jobId = res.body.data.jobId;
    await waitForJob(t, '/blade-user/import-progress', A.token, jobId);
    expect((await t.request({ url: '/blade-user/import-progress', token: B.token, query: { jobId } })).body.msg).toBe('导入任务不存在');
    expect((await t.request({ url: '/blade-user/import-progress', token: platform, query: { jobId } })).body.msg).toBe('导入任务不存在');
  });

  it('refuses a sheet without the required columns', async () => {
    const { body, headers } = multipart(await writeSheet('x', [{ key: 'account', header: '账号' }], [{ account: 'a' }]));
    const res = await t.request({ method: 'POST', url: '/blade-user/import-user', token: A.token, body, headers });
    expect(res.body.msg).toBe('导入文件缺少列: 姓名、角色名称、部门名称');
  });
});

describe('export-user and export-template', () => {
  it('downloads the tenant’s users as xlsx with the token in the Blade-Auth query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-user', query: { 'Blade-Auth': B.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(USER_SHEET.map((c) => c.header));
    expect(rows.slice(1).every((r) => r[0] === B.code)).toBe(true);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['admin', 'cross2']);
    const admin = rows.find((r) => r[1] === 'admin')!;
    expect(admin.slice(6, 9)).toEqual(['管理员', '乙园', '首席执行官']);
  });

  it('applies the account filter, and the platform administrator exports every tenant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-user', query: { 'Blade-Auth': platform, account: 'cross' } });
    const rows = await sheetRows(res.rawPayload);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['cross2']);
    const all = await sheetRows(
      (await t.app.inject({ method: 'GET', url: '/api/blade-user/export-user', query: { 'Blade-Auth': platform, account: 'admin' } })).rawPayload,
    );
    expect(new Set(all.slice(1).map((r) => r[0]))).toEqual(new Set(['000000', A.code, B.code]));
  });

  it('downloads the template: the header row only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template', query: { 'Blade-Auth': A.token } });
    expect(res.statusCode).toBe(200);
    expect(await sheetRows(res.rawPayload)).toEqual([USER_SHEET.map((c) => c.header)]);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template', query: { 'Blade-Auth': 'forged' } })).statusCode).toBe(401);
  });
});
