import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { authorise, makeAnimal, makeCageChain, makePopulation, speciesId, zooAdmin } from '../../../test/zoo-fixtures';
import { demoReports } from '../../seed/zoo-demo-reports';

let t: TestApp;
let zooA: string;
let zooB: string;
let cageId: string;
const base = '/blade-report/report/rest';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 16 * 3600_000).toISOString().slice(0, 10);
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });
const preview = (token: string, design: Record<string, unknown>, page: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `${base}/preview`, token, body: { design, ...page } });
const download = (token: string, id: string, format: string) => t.app.inject({ url: `/api${base}/export?id=${id}&format=${format}&Blade-Auth=${token}` });

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '340001');
  zooB = await zooAdmin(t, '340002');
  await authorise(t, '340001', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  const panda = await speciesId(t, 'Ailuropoda melanoleuca');
  const deer = await speciesId(t, 'Cervus nippon');
  ({ cageId } = await makeCageChain(t, zooA));
  for (const sex of [1, 2, 2]) await makeAnimal(t, zooA, { speciesId: panda, sex, cageId });
  await makePopulation(t, zooA, { speciesId: deer, cageId, maleQuantity: 2, femaleQuantity: 3, theyQuantity: 1 });
}, 120_000);
afterAll(async () => t?.close());

const stockBySpecies = {
  dataset: 'stock_at',
  params: { asOf: today },
  columns: ['speciesName', 'protectionClass', 'individuals', 'populationHeads', 'heads'],
  sort: [{ column: 'speciesName', dir: 'asc' }],
};

describe('report designs: validation', () => {
  it('refuses unknown data sets, columns, operators and mistyped values with a Chinese message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dataset: 'pg_shadow', columns: ['x'] }, '未知的数据集: pg_shadow'],
      [{ dataset: 'users', columns: ['password'] }, '数据集「用户」没有列: password'],
      [{ dataset: 'users', columns: ['account'], filters: [{ column: 'account', op: 'regex', value: 'a' }] }, '不支持的筛选条件: regex'],
      [{ dataset: 'users', columns: ['account'], filters: [{ column: 'account', op: 'gt', value: 'a' }] }, '「登录账号」不能使用筛选条件: gt'],
      [{ dataset: 'users', columns: ['account'], filters: [{ column: 'sex', op: 'eq', value: '1 or 1=1' }] }, '「性别」的筛选值应为整数'],
      [
        { dataset: 'movements', columns: ['month'], filters: [{ column: 'eventDate', op: 'ge', value: '2024-02-30' }] },
        '「变动日期」的筛选值应为日期 yyyy-MM-dd',
      ],
      [{ dataset: 'stock_at', columns: ['heads'] }, '请选择存栏日期'],
      [{ dataset: 'users', columns: ['account'], groupBy: ['users'], aggregates: [{ fn: 'count', column: 'account' }] }, '「人数」不能作为分组列'],
      [{ dataset: 'users', groupBy: ['deptName'], aggregates: [{ fn: 'sum', column: 'account' }] }, '「登录账号」不是数值列,不能合计'],
      [{ dataset: 'users', groupBy: ['deptName'], aggregates: [{ fn: 'median', column: 'users' }] }, '不支持的汇总方式: median'],
      [{ dataset: 'users', groupBy: ['deptName'] }, '分组报表请至少添加一个汇总列'],
      [
        { dataset: 'users', columns: ['account'], sort: [{ column: 'account; drop table blade_user', dir: 'asc' }] },
        '排序列「account; drop table blade_user」不在报表的输出列中',
      ],
      [{ dataset: 'users', columns: ['account'], sort: [{ column: 'account', dir: 'desc; select 1' }] }, '排序方向只能是 asc 或 desc'],
      [{ dataset: 'users', columns: ['account'], chart: { type: 'bar', x: 'account', y: ['account'] } }, '图表数值列「account」应为报表中的数值列'],
      [{ dataset: 'keeper_completeness', columns: ['rate'], params: { from: '2024-01-01', to: '2025-06-01' } }, '日期范围不能超过366天'],
    ];
    for (const [design, msg] of cases) {
      const res = await preview(zooA, design);
      // The platform may name the field before the reason (参数 design.dataset: …).
      expect([res.status, res.body.code], JSON.stringify(design)).toEqual([400, 400]);
      expect(res.body.msg).toMatch(new RegExp(`^(参数 design[.\\w]*: )?${msg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect((await submit(zooA, { name: '坏报表', design })).body.msg).toBe(res.body.msg);
    }
    expect((await submit(zooA, { design: { dataset: 'users', columns: ['account'] } })).body.msg).toBe('请输入报表名称');
  });

  it('treats filter values as data: quotes and SQL in a value match nothing and break nothing', async () => {
    for (const value of ["' or '1'='1", "x'); drop table blade_report; --", '%', '_']) {
      const res = await preview(zooA, { dataset: 'users', columns: ['account'], filters: [{ column: 'account', op: 'like', value }] });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      expect(res.body.data.total).toBe(0);
    }
    const eq = await preview(zooA, {
      dataset: 'users',
      columns: ['account'],
      filters: [{ column: 'account', op: 'in', value: ["adm340001' --", 'adm340001'] }],
    });
    expect(eq.body.data.records).toEqual([{ account: 'adm340001' }]);
    expect((await t.sql.query(`select count(*)::int as n from blade_report`)).rows[0].n).toBeGreaterThanOrEqual(0);
  });
});

describe('report data sets', () => {
  it('replays the stock ledger: stock today equals the current holdings, nothing before the animals arrived', async () => {
    const at = await preview(zooA, stockBySpecies);
    expect(at.body.data.columns.map((c: any) => c.zh)).toEqual(['物种', '保护级别', '个体数', '种群头数', '存栏总数']);
    expect(at.body.data.records).toEqual([
      { speciesName: '大熊猫', protectionClass: '国家一级', individuals: 3, populationHeads: 0, heads: 3 },
      { speciesName: '梅花鹿', protectionClass: '国家一级', individuals: 0, populationHeads: 6, heads: 6 },
    ]);
    const now = await preview(zooA, { ...stockBySpecies, dataset: 'species_holdings', params: {} });
    expect(now.body.data.records).toEqual(at.body.data.records);
    expect((await preview(zooA, { ...stockBySpecies, params: { asOf: yesterday } })).body.data.total).toBe(0);
    const annual = await preview(zooA, { dataset: 'stock_annual', groupBy: ['year', 'protectionClass'], aggregates: [{ fn: 'sum', column: 'heads' }] });
    expect(annual.body.data.records).toEqual([{ year: Number(today.slice(0, 4)), protectionClass: '国家一级', sum_heads: 9 }]);
  });

  it('groups, aggregates, filters by dictionary key and pages', async () => {
    const moves = await preview(zooA, {
      dataset: 'movements',
      filters: [
        { column: 'movementType', op: 'eq', value: 'import' },
        { column: 'eventDate', op: 'le', value: today },
      ],
      groupBy: ['movementType', 'speciesName'],
      aggregates: [
        { fn: 'sum', column: 'heads' },
        { fn: 'count', column: 'heads' },
      ],
      sort: [{ column: 'sum_heads', dir: 'desc' }],
    });
    expect(moves.body.data.records).toEqual([
      { movementType: '引进', speciesName: '梅花鹿', sum_heads: 6, count_heads: 1 },
      { movementType: '引进', speciesName: '大熊猫', sum_heads: 3, count_heads: 3 },
    ]);
    const paged = await preview(
      zooA,
      { dataset: 'movements', columns: ['speciesName', 'heads'], sort: [{ column: 'heads', dir: 'asc' }] },
      { current: 2, size: 3 },
    );
    expect(paged.body.data).toMatchObject({ total: 4, current: 2, size: 3, pages: 2, records: [{ speciesName: '梅花鹿', heads: 6 }] });
    const logs = await preview(zooA, {
      dataset: 'keeper_completeness',
      params: { from: yesterday, to: today },
      columns: ['logDate', 'expected', 'logged', 'rate'],
      sort: [{ column: 'logDate', dir: 'asc' }],
    });
    expect(logs.body.data.records).toEqual([
      { logDate: yesterday, expected: 4, logged: 0, rate: 0 },
      { logDate: today, expected: 4, logged: 0, rate: 0 },
    ]);
  });

  it('reads only the caller’s zoo (row-level security)', async () => {
    expect((await preview(zooB, stockBySpecies)).body.data.total).toBe(0);
    const users = await preview(zooB, { dataset: 'users', columns: ['account'] });
    expect(users.body.data.records).toEqual([{ account: 'adm340002' }]);
  });
});

describe('saved reports: list, detail, remove, export', () => {
  it('saves, lists without the design, details with it, refuses duplicate names, removes', async () => {
    const res = await submit(zooA, { name: '在养存栏', remark: '测试', design: stockBySpecies });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect((await submit(zooA, { name: '在养存栏', design: stockBySpecies })).body.msg).toBe('报表「在养存栏」已存在');
    const list = (await t.request({ url: `${base}/list`, token: zooA, query: { name: '存栏' } })).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ name: '在养存栏', dataset: 'stock_at', datasetName: '指定日期存栏' });
    expect(list.records[0].design).toBeUndefined();
    expect(list.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const detail = (await t.request({ url: `${base}/detail`, token: zooA, query: { id: list.records[0].id } })).body.data;
    expect(detail.design).toMatchObject({ dataset: 'stock_at', params: { asOf: today }, columns: stockBySpecies.columns });
    expect((await t.request({ url: `${base}/detail`, token: zooB, query: { id: detail.id } })).body.msg).toBe('数据不存在或已被删除');
    expect((await download(zooB, detail.id, 'xlsx')).json().msg).toBe('数据不存在或已被删除');
    const audit = await t.sql.query(`select count(*)::int as n from sys_audit where table_name = 'blade_report' and record_id = $1`, [detail.id]);
    expect(audit.rows[0].n).toBe(1);
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: detail.id } })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/list`, token: zooA, query: { name: '存栏' } })).body.data.total).toBe(0);
  });

  it('exports xlsx rows equal to the preview, and a PDF whose Chinese text renders', async () => {
    const design = {
      dataset: 'movements',
      columns: ['speciesName', 'protectionClass', 'movementType', 'heads'],
      sort: [
        { column: 'heads', dir: 'desc' },
        { column: 'speciesName', dir: 'asc' },
      ],
    };
    await submit(zooA, { name: '存栏变动明细', design });
    const [row] = (await t.request({ url: `${base}/list`, token: zooA, query: { name: '变动明细' } })).body.data.records;
    const shown = (await preview(zooA, design, { size: 500 })).body.data;
    const xlsx = await download(zooA, row.id, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('存栏变动明细.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(shown.columns.map((c: any) => c.zh));
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2));
    expect(rows).toEqual(shown.records.map((r: any) => shown.columns.map((c: any) => r[c.key])));
    expect(rows).toHaveLength(4);

    const pdf = await download(zooA, row.id, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf.rawPayload);
    if (process.env.REPORT_PDF_KEEP) writeFileSync(process.env.REPORT_PDF_KEEP, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('存栏变动明细');
    expect(text).toContain('大熊猫');
    expect(text).toContain('引进');
    // The font is embedded as a subset (a whole Noto CJK face is over 15 MB).
    expect(pdf.rawPayload.length).toBeLessThan(500_000);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+NotoSansCJK/);
  });

  it('checks rights: export needs its button, the format is allow-listed', async () => {
    const [row] = (await t.request({ url: `${base}/list`, token: zooA, query: { name: '变动明细' } })).body.data.records;
    expect((await download(zooA, row.id, 'docx')).json().msg).toBe('导出格式只能是 xlsx 或 pdf');
    await t.sql.query(
      `delete from blade_role_menu where tenant_id = '340001' and menu_id in (select id from blade_menu where code in ('report_list_export', 'report_list'))`,
    );
    // Changed outside the server: the instance drops the role's grants when the trigger's notification arrives.
    await expect.poll(async () => (await download(zooA, row.id, 'xlsx')).statusCode, { timeout: 1000, interval: 5 }).toBe(403);
    expect((await preview(zooA, stockBySpecies)).status).toBe(403);
  });
});

describe('demo reports', () => {
  it('the three seeded designs are valid and run', async () => {
    for (const r of demoReports(today)) {
      const res = await preview(zooB, r.design as Record<string, unknown>);
      expect(res.body.success, `${r.name}: ${JSON.stringify(res.body)}`).toBe(true);
    }
  });
});
