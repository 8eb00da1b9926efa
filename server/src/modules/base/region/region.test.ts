import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../../../platform/excel';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { multipart, waitForJob } from '../../../../test/iam-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const get = async (path: string, query: Record<string, string> = {}, token = admin) =>
  (await t.request({ url: `/blade-system/region/${path}`, token, query })).body;
const submit = (body: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/blade-system/region/submit', token, body });
const row = async (code: string) => (await t.sql.query(`select * from blade_region where code = $1`, [code])).rows[0];

describe('region tree', () => {
  it('lazy-tree starts at 00 with the seeded provinces, nodes in the contract shape, ordered by code', async () => {
    const roots = (await get('lazy-tree')).data;
    expect(roots.map((n: any) => n.title)).toEqual(['北京市', '上海市', '广东省', '四川省', '云南省']);
    expect(roots[0]).toEqual({ id: '11', parentId: '00', title: '北京市', value: '11', key: '11', hasChildren: true });
    const cities = (await get('lazy-tree', { parentCode: '44' })).data;
    expect(cities.map((n: any) => [n.id, n.title, n.hasChildren])).toEqual([
      ['4401', '广州市', false],
      ['4403', '深圳市', false],
    ]);
    expect((await get('lazy-tree', { parentCode: '4401' })).data).toEqual([]);
  });

  it('lazy-list, select, detail and the paged list', async () => {
    const lazy = (await get('lazy-list', { parentCode: '11' })).data;
    expect(lazy).toHaveLength(1);
    expect(lazy[0]).toMatchObject({
      code: '1101',
      name: '市辖区',
      parentName: '北京市',
      hasChildren: true,
      regionLevel: 2,
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      ancestors: '0,00,11',
    });
    // A search answers hits from every level, whatever level the screen is on.
    expect((await get('lazy-list', { parentCode: '00', name: '广' })).data.map((r: any) => r.code)).toEqual(['44', '4401']);
    expect((await get('select', { code: '51' })).data.map((r: any) => r.name)).toEqual(['成都市']);
    expect((await get('detail', { code: '110105' })).data).toMatchObject({
      name: '朝阳区',
      parentName: '市辖区',
      districtCode: '110105',
      cityName: '市辖区',
      provinceName: '北京市',
      hasChildren: false,
    });
    expect((await get('detail', { code: '999999' })).msg).toBe('数据不存在或已被删除');
    const page = (await get('list', { current: '1', size: '3', regionLevel: '1' })).data;
    expect(page).toMatchObject({ total: 5, size: 3, pages: 2 });
    expect(page.records.map((r: any) => r.code)).toEqual(['11', '31', '44']);
    expect((await get('list', { parentCode: '44' })).data.records.map((r: any) => r.code)).toEqual(['4401', '4403']);
    expect((await get('list', { name: '市辖' })).data.total).toBe(2);
  });
});

describe('region submit and remove', () => {
  it('inserts a new code with ancestors and province…district columns from its parent; an existing code is updated', async () => {
    expect((await submit({ code: '440106', parentCode: '4401', name: '天河区', regionLevel: 3, sort: 1 })).body.success).toBe(true);
    expect(await row('440106')).toMatchObject({
      ancestors: '0,00,44,4401',
      province_code: '44',
      province_name: '广东省',
      city_code: '4401',
      city_name: '广州市',
      district_code: '440106',
      district_name: '天河区',
      region_level: 3,
    });
    // Renaming the city reaches its descendants' city_name.
    expect((await submit({ code: '4401', parentCode: '44', name: '广州', regionLevel: 2 })).body.success).toBe(true);
    expect((await row('4401')).name).toBe('广州');
    expect((await row('440106')).city_name).toBe('广州');
    expect((await submit({ code: '4401', parentCode: '00', name: '广州', regionLevel: 2 })).body.msg).toBe('不可修改已有区划的上级区划或区划等级');
  });

  it('refuses a missing parent, a wrong level and bad input', async () => {
    expect((await submit({ code: '9901', parentCode: '99', name: '无', regionLevel: 2 })).body.msg).toBe('上级区划 [99] 不存在');
    expect((await submit({ code: '4499', parentCode: '44', name: '错级', regionLevel: 3 })).body.msg).toBe('区划等级应为上级区划等级加一');
    expect((await submit({ parentCode: '44', name: 'x', regionLevel: 2 })).body.msg).toBe('请输入区划编号');
    expect((await submit({ code: '4498', parentCode: '44', regionLevel: 2 })).body.msg).toBe('请输入区划名称');
    expect((await submit({ code: '4498', parentCode: '44', name: 'x' })).body.msg).toBe('请选择区划等级');
    expect((await submit({ code: '44a', parentCode: '44', name: 'x', regionLevel: 2 })).body.msg).toBe('区划编号应为2到12位数字');
  });

  it('removes a leaf, refuses a node with children', async () => {
    const res = await t.request({ method: 'POST', url: '/blade-system/region/remove', token: admin, query: { id: '51' } });
    expect(res.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    expect((await t.request({ method: 'POST', url: '/blade-system/region/remove', token: admin, query: { id: '5101' } })).body.success).toBe(true);
    expect(await row('5101')).toBeUndefined();
    expect((await get('lazy-tree')).data.find((n: any) => n.id === '51').hasChildren).toBe(false);
  });

  it('lets any signed-in user read, but writing needs the region buttons', async () => {
    await createTenantUser(t.sql, { tenantId: '300003', account: 'viewer', password: 'pw', roleAlias: 'user' });
    const token = await t.login('viewer', 'pw', '300003');
    expect((await get('lazy-tree', {}, token)).data.length).toBeGreaterThan(0);
    expect((await submit({ code: '4402', parentCode: '44', name: '韶关市', regionLevel: 2 }, token)).status).toBe(403);
    expect((await submit({ code: '4401', parentCode: '44', name: '改名', regionLevel: 2 }, token)).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/blade-system/region/remove', token, query: { id: '4403' } })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/region/export-region', query: { 'Blade-Auth': token } })).status).toBe(403);
  });
});

describe('region import and export', () => {
  const COLS = [
    { key: 'code', header: '区划编号' },
    { key: 'parentCode', header: '父区划编号' },
    { key: 'name', header: '区划名称' },
    { key: 'regionLevel', header: '区划等级' },
  ] as const;
  const upload = async (rows: Array<Record<string, string>>, isCovered = '0') => {
    const { body, headers } = multipart(await writeSheet('行政区划', COLS, rows));
    return t.request({ method: 'POST', url: '/blade-system/region/import-region', token: admin, query: { isCovered }, body, headers });
  };

  it('imports children after parents whatever the file order, reporting bad rows by row number', async () => {
    const res = await upload([
      { code: '350102', parentCode: '3501', name: '鼓楼区', regionLevel: '3' },
      { code: '3501', parentCode: '35', name: '福州市', regionLevel: '2' },
      { code: '35', parentCode: '00', name: '福建省', regionLevel: '1' },
      { code: '11', parentCode: '00', name: '北京', regionLevel: '1' },
      { code: '3599', parentCode: '35', name: '', regionLevel: '2' },
      { code: '3501', parentCode: '35', name: '重复', regionLevel: '2' },
    ]);
    expect(res.body.success).toBe(true);
    expect(res.body.data.errors).toEqual([
      { row: 6, reason: '请输入区划名称' },
      { row: 7, reason: '区划编号 [3501] 在文件中重复' },
    ]);
    const job = await waitForJob(t, '/blade-system/region/import-progress', admin, res.body.data.jobId);
    expect(job).toMatchObject({ status: 'finished', total: 6, processed: 6, succeeded: 3, failed: 3 });
    expect(job.errors).toEqual([
      { row: 5, reason: '区划编号 [11] 已存在' },
      { row: 6, reason: '请输入区划名称' },
      { row: 7, reason: '区划编号 [3501] 在文件中重复' },
    ]);
    expect(await row('350102')).toMatchObject({ province_name: '福建省', city_name: '福州市', ancestors: '0,00,35,3501' });
    expect((await row('11')).name).toBe('北京市');
  });

  it('with isCovered=1 updates existing codes', async () => {
    const res = await upload([{ code: '31', parentCode: '00', name: '上海', regionLevel: '1' }], '1');
    const job = await waitForJob(t, '/blade-system/region/import-progress', admin, res.body.data.jobId);
    expect(job).toMatchObject({ status: 'finished', succeeded: 1, failed: 0 });
    expect((await row('31')).name).toBe('上海');
  });

  it('refuses a file that is not xlsx or lacks a required column', async () => {
    const junk = multipart(Buffer.from('not a spreadsheet'), 'x.xlsx');
    expect(
      (await t.request({ method: 'POST', url: '/blade-system/region/import-region', token: admin, body: junk.body, headers: junk.headers })).body.msg,
    ).toBe('请上传正确的 Excel 文件(.xlsx)');
    const partial = multipart(await writeSheet('x', [{ key: 'code', header: '区划编号' }], [{ code: '12' }]));
    expect(
      (await t.request({ method: 'POST', url: '/blade-system/region/import-region', token: admin, body: partial.body, headers: partial.headers })).body.msg,
    ).toBe('导入文件缺少列: 父区划编号、区划名称、区划等级');
    expect((await t.request({ method: 'POST', url: '/blade-system/region/import-region', token: admin, body: {} })).body.msg).toBe(
      '请以 multipart/form-data 方式上传文件 (字段 file)',
    );
  });

  it('exports xlsx with the token in the Blade-Auth query parameter, and a template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-system/region/export-region', query: { 'Blade-Auth': admin, name: '广' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('行政区划数据.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).text).toBe('区划编号');
    const codes = [];
    for (let r = 2; r <= ws.rowCount; r++) codes.push(ws.getRow(r).getCell(1).text);
    expect(codes).toEqual(['44', '4401']);
    const tpl = await t.app.inject({ method: 'GET', url: '/api/blade-system/region/export-template', query: { 'Blade-Auth': admin } });
    expect(tpl.statusCode).toBe(200);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/blade-system/region/export-region' });
    expect(noToken.statusCode).toBe(401);
  });
});
