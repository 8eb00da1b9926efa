import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { zooAdmin } from '../../../../test/zoo-fixtures';

/** Stock report parameters and rights: they need no movements, so this file skips report.test.ts's ledger. */
let t: TestApp;
let token: string;
const TENANT = '300031';

beforeAll(async () => {
  t = await startTestApp();
  token = await zooAdmin(t, TENANT);
}, 120_000);
afterAll(async () => t?.close());

describe('stock reports', () => {
  it('refuses bad parameters with a message (400)', async () => {
    const bad = async (url: string, query: Record<string, string>, msg: string) => {
      const res = await t.request({ url, token, query });
      expect(res.body, JSON.stringify(query)).toMatchObject({ code: 400, success: false });
      expect(res.body.msg).toContain(msg);
    };
    await bad('/blade-zoo/basic/stock', { date: '2025-02-30' }, '统计日期');
    await bad('/blade-zoo/basic/stock', { groupBy: 'cage' }, '统计维度取值不正确');
    await bad('/blade-zoo/basic/stock', { protectionClass: '7' }, '保护级别取值不正确');
    await bad('/blade-zoo/basic/stock', { parkId: 'abc' }, 'ID格式不正确');
    await bad('/blade-zoo/basic/species_stock', { from: '2025-03-01', to: '2025-02-01' }, '开始日期不能晚于结束日期');
    await bad('/blade-zoo/basic/species_stock', { from: 'yesterday' }, '开始日期');
    const anon = await t.request({ url: '/blade-zoo/basic/info' });
    expect(anon.status).toBe(401);
  });

  it('needs 存栏报表 for the reports and its 导出 button for the xlsx; the home figures need only a login', async () => {
    // A keeper role granted only the report page (no export button).
    const { roleId } = await createTenantUser(t.sql, { tenantId: TENANT, account: 'rkeeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('rkeeper', 'pw', TENANT);
    expect((await t.request({ url: '/blade-zoo/basic/stock', token: keeper })).status).toBe(403);
    expect((await t.request({ url: '/blade-zoo/basic/info', token: keeper })).body.success).toBe(true);
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = 'stock_report'`, [
      TENANT,
      roleId,
    ]);
    const granted = await t.login('rkeeper', 'pw', TENANT);
    expect((await t.request({ url: '/blade-zoo/basic/species_stock', token: granted })).body.success).toBe(true);
    const xlsx = await t.app.inject({ url: `/api/blade-zoo/basic/stock-report?Blade-Auth=${granted}` });
    expect(xlsx.statusCode).toBe(403);
  });
});
