import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { authorise, makeCageChain, speciesId, zooAdmin } from '../../../test/zoo-fixtures';
import { multipart } from '../../../test/iam-helpers';
import { readSheet, writeSheet } from '../excel';
import { USER_SHEET } from '../../modules/system/user/user.transfer';
import { inLanguage } from './request-language';

/**
 * Exports in the UI's language (decision 0049): the web opens a download by link, with the token and `lang` in
 * the query; sheet name, header row and dictionary labels follow it, and the file name too.
 */
let t: TestApp;
let admin: string;
let zoo: string;
const TENANT = '300491';
const CJK = /[\u3400-\u9fff]/;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  zoo = await zooAdmin(t, TENANT);
  await authorise(t, TENANT, [{ latin: 'Ailuropoda melanoleuca' }]);
  const { cageId } = await makeCageChain(t, zoo);
  const panda = await speciesId(t, 'Ailuropoda melanoleuca');
  const born = await t.request({
    method: 'POST',
    url: '/zoo-stockLog/stockLog/born_enroll',
    token: zoo,
    body: { animalType: 2, speciesId: panda, cageId, maleQuantity: 1, femaleQuantity: 1, theyQuantity: 0, bornDate: today },
  });
  expect(born.body.success, JSON.stringify(born.body)).toBe(true);
}, 120_000);
afterAll(async () => t?.close());

const download = async (path: string, token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api${path}`, query: { ...query, 'Blade-Auth': token }, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map(String);
  return { ws, header: row(1), row, disposition: String(res.headers['content-disposition']) };
};

describe('exports in the request’s language', () => {
  it('a registry list (users): English sheet, headers and file name with lang=en; Chinese by default', async () => {
    const en = await download('/blade-user/export-user', admin, { lang: 'en' });
    expect(en.ws.name).toBe('Users');
    expect(en.header).toEqual(['Tenant ID', 'Account', 'Nickname', 'Name', 'Email', 'Mobile', 'Roles', 'Departments', 'Posts', 'Birthday']);
    expect(en.disposition).toContain("filename*=UTF-8''Users.xlsx");
    const zh = await download('/blade-user/export-user', admin);
    expect(zh.ws.name).toBe('用户');
    expect(zh.header.slice(0, 3)).toEqual(['租户编号', '账号', '昵称']);
    // The header of an API call works too; the query parameter wins over it.
    expect((await download('/blade-user/export-user', admin, {}, { 'accept-language': 'en' })).header[1]).toBe('Account');
    expect((await download('/blade-user/export-user', admin, { lang: 'zh' }, { 'accept-language': 'en' })).header[1]).toBe('账号');
  });

  it('a report (the stock report): English headers and protection class label', async () => {
    const { ws, header, row } = await download('/blade-zoo/basic/stock-report', zoo, { from: today, to: today, lang: 'en' });
    expect(ws.name).toBe('Stock report');
    expect(header.slice(0, 5)).toEqual(['Species', 'Scientific name', 'Class', 'Protection class', 'Opening stock']);
    expect(header.some((h) => CJK.test(h))).toBe(false);
    const panda = row(2);
    expect(panda[1]).toBe('Ailuropoda melanoleuca');
    expect(panda[3]).toBe('National Class I');
    const zh = await download('/blade-zoo/basic/stock-report', zoo, { from: today, to: today });
    expect([zh.ws.name, zh.header[0], zh.row(2)[3]]).toEqual(['存栏报表', '物种', '国家一级']);
  });

  it('a saved report: English column labels and dictionary labels in the cells', async () => {
    const design = { dataset: 'movements', columns: ['speciesName', 'protectionClass', 'movementType', 'heads'], sort: [{ column: 'heads', dir: 'desc' }] };
    const saved = await t.request({ method: 'POST', url: '/blade-report/report/rest/submit', token: zoo, body: { name: '存栏变动', design } });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const [report] = (await t.request({ url: '/blade-report/report/rest/list', token: zoo })).body.data.records;
    const { header, row } = await download('/blade-report/report/rest/export', zoo, { id: report.id, format: 'xlsx', lang: 'en' });
    expect(header).toEqual(['Species', 'Protection class', 'Movement type', 'Heads']);
    expect(row(2).slice(1, 3)).toEqual(['National Class I', 'Birth']);
  });

  it('a refused download answers in the link’s language too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-report/report/rest/export', query: { id: '1', lang: 'en', 'Blade-Auth': zoo } });
    expect(res.json()).toMatchObject({ code: 400, msg: 'The record does not exist or has been deleted' });
  });

  it('the audit trail: English headers and actions', async () => {
    const { ws, header, row } = await download('/blade-log/audit/export', zoo, { lang: 'en' });
    expect(ws.name).toBe('Audit trail');
    expect(header).toEqual(['Time', 'Tenant', 'Data type', 'Record ID', 'Action', 'Operator', 'Client IP', 'Reason', 'Changes']);
    expect(['Create', 'Update', 'Delete']).toContain(row(2)[4]);
  });

  it('an import from an English sheet: rows refused and the job’s summary in English', async () => {
    const EN = { 'accept-language': 'en' };
    const columns = [
      { key: 'code', header: '区划编号', en: 'Region code' },
      { key: 'parentCode', header: '父区划编号', en: 'Parent region code' },
      { key: 'name', header: '区划名称', en: 'Region name' },
      { key: 'regionLevel', header: '区划等级', en: 'Region level' },
    ] as const;
    const rows = [
      { code: '91', parentCode: '00', name: '测试省', regionLevel: '1' },
      { code: '91', parentCode: '00', name: '重复', regionLevel: '1' },
      { code: '9102', parentCode: '91', name: '', regionLevel: '2' },
    ];
    const { body, headers } = multipart(await inLanguage('en', () => writeSheet('Regions', columns, rows)));
    const res = await t.request({ method: 'POST', url: '/blade-system/region/import-region', token: admin, body, headers: { ...headers, ...EN } });
    expect(res.body.data.errors).toEqual([
      { row: 3, reason: 'Region code 91 appears twice in the file' },
      { row: 4, reason: 'Please enter the region name' },
    ]);
    const job = async () =>
      (await t.request({ url: '/blade-system/region/import-progress', token: admin, query: { jobId: res.body.data.jobId }, headers: EN })).body.data;
    await expect.poll(async () => (await job()).status, { timeout: 60_000, interval: 50 }).not.toBe('running');
    expect(await job()).toMatchObject({ status: 'finished', msg: 'Import finished: 1 succeeded, 2 failed' });
  });

  it('an English import template reads back like the Chinese one', async () => {
    const values = { account: 'keeper1', realName: 'Li', roleName: 'r', deptName: 'd' };
    for (const lang of ['en', 'zh'] as const) {
      const buf = await inLanguage(lang, () => writeSheet({ zh: '用户', en: 'Users' }, USER_SHEET, [values]));
      const [read] = await readSheet(buf, USER_SHEET, ['account', 'realName']);
      expect(read!.values).toMatchObject(values);
    }
  });
});
