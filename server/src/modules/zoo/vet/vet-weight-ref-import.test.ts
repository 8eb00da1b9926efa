import { beforeAll, describe, expect, it } from 'vitest';
import { WEIGHT_REF_COLUMNS } from '@zoo/contract';
import { createTenantUser } from '../../../../test/fixtures';
import { multipart } from '../../../../test/upload-helpers';
import { speciesId } from '../../../../test/zoo-fixtures';
import { readSheet, writeSheet } from '../../../platform/excel';
import { t, admin, post, setupVetTests } from './vet-test-kit';

/** A species' reference growth curve from a spreadsheet, and back (decision 0038). */
setupVetTests();

let panda: string;
const sheet = (rows: Array<Partial<Record<'ageDays' | 'weightKg' | 'source', string | number>>>, columns = WEIGHT_REF_COLUMNS) =>
  writeSheet('参考生长曲线', columns, rows);
const upload = (token: string, file: Buffer, species = panda) => {
  const { body, headers } = multipart('curve.xlsx', file);
  return t.request({ method: 'POST', url: '/zoo-medical/weight-ref/import', token, query: { speciesId: species }, body, headers });
};
const curve = async () =>
  (
    await t.sql.query(
      `select age_days as "ageDays", weight_kg::float8 as "weightKg", source from zoo_med_weight_ref where species_id = $1 and is_deleted = 0 and tenant_id = '330001' order by age_days`,
      [panda],
    )
  ).rows;

beforeAll(async () => {
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  expect((await post(admin, 'weight-ref/submit', { speciesId: panda, ageDays: 365, weightKg: 35, source: '旧值' })).body.success).toBe(true);
});

describe('reference curve import', () => {
  it('writes the good rows, updates the ages the curve has, lists each refused row with its reason', async () => {
    const res = await upload(
      admin,
      await sheet([
        { ageDays: 0, weightKg: 0.15, source: '圈养大熊猫生长曲线' },
        { ageDays: 30, weightKg: 1.2 },
        { ageDays: 'abc', weightKg: 1 },
        { ageDays: 60, weightKg: -1 },
        { ageDays: 90 },
        { ageDays: 30, weightKg: 1.3 },
        { ageDays: 120, weightKg: '1.23456' },
        { ageDays: 40000, weightKg: 1 },
        { ageDays: 365, weightKg: 36, source: '新值' },
      ]),
    );
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toEqual({
      total: 9,
      created: 2,
      updated: 1,
      rejected: [
        { row: 4, reason: '日龄「abc」必须是不小于0的整数' },
        { row: 5, reason: '参考体重「-1」必须是数字' },
        { row: 6, reason: '参考体重不能为空' },
        { row: 7, reason: '日龄 30 与第 3 行重复' },
        { row: 8, reason: '参考体重最多4位小数' },
        { row: 9, reason: '日龄不能大于36500' },
      ],
    });
    expect(await curve()).toEqual([
      { ageDays: 0, weightKg: 0.15, source: '圈养大熊猫生长曲线' },
      { ageDays: 30, weightKg: 1.2, source: '' },
      { ageDays: 365, weightKg: 36, source: '新值' },
    ]);
    // The change of the existing point is audited like a form's edit.
    const audit = await t.sql.query(`select action from sys_audit where table_name = 'zoo_med_weight_ref' and action = 'update'`);
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('answers a malformed file, a missing column, an empty sheet and an unknown species with 400, writing nothing', async () => {
    const before = await curve();
    expect((await upload(admin, Buffer.from('not a spreadsheet'))).body).toMatchObject({ code: 400, msg: '请上传正确的 Excel 文件(.xlsx)' });
    const noWeight = await sheet([{ ageDays: 1 }], WEIGHT_REF_COLUMNS.filter((c) => c.key !== 'weightKg') as never);
    expect((await upload(admin, noWeight)).body).toMatchObject({ code: 400, msg: '导入文件缺少列: 参考体重(kg)' });
    expect((await upload(admin, await sheet([]))).body).toMatchObject({ code: 400, msg: '导入文件没有数据行' });
    expect((await upload(admin, await sheet([{ ageDays: 1, weightKg: 1 }]), '123456789')).body).toMatchObject({ code: 400, msg: '所选物种不存在' });
    expect(await curve()).toEqual(before);
  });

  it('exports the curve with the import’s columns (it imports back) and a blank template; needs the rights', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/zoo-medical/weight-ref/export', query: { 'Blade-Auth': admin, speciesId: panda } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(exported.rawPayload, WEIGHT_REF_COLUMNS, ['ageDays', 'weightKg']);
    expect(rows.map((r) => r.values)).toEqual([
      { ageDays: '0', weightKg: '0.15', source: '圈养大熊猫生长曲线' },
      { ageDays: '30', weightKg: '1.2', source: '' },
      { ageDays: '365', weightKg: '36', source: '新值' },
    ]);
    const again = await upload(admin, exported.rawPayload);
    expect(again.body.data).toMatchObject({ total: 3, created: 0, updated: 3, rejected: [] });
    const template = await t.app.inject({ method: 'GET', url: '/api/zoo-medical/weight-ref/export', query: { 'Blade-Auth': admin } });
    expect(await readSheet(template.rawPayload, WEIGHT_REF_COLUMNS, ['ageDays', 'weightKg'])).toEqual([]);
    await createTenantUser(t.sql, { tenantId: '330001', account: 'keeper_ref', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper_ref', 'pw', '330001');
    expect((await upload(keeper, await sheet([{ ageDays: 1, weightKg: 1 }]))).status).toBe(403);
  });
});
