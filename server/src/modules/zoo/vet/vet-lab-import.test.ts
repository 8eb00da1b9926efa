import { beforeAll, describe, expect, it } from 'vitest';
import { LAB_IMPORT_COLUMNS } from '@zoo/contract';
import { createTenantUser } from '../../../../test/fixtures';
import { multipart } from '../../../../test/upload-helpers';
import { readSheet, writeSheet } from '../../../platform/excel';
import { t, admin, adminB, panda, foreignAnimal, dayOffset, today, setupVetTests } from './vet-test-kit';

/** A batch of laboratory results from a spreadsheet (decision 0038): each row by the result's own rules. */
setupVetTests();

type Cells = Partial<Record<(typeof LAB_IMPORT_COLUMNS)[number]['key'], string | number>>;
let pandaNo: string;
let foreignNo: string;
const sheet = (rows: Cells[]) => writeSheet('检验结果', LAB_IMPORT_COLUMNS, rows);
const upload = (token: string, file: Buffer) => {
  const { body, headers } = multipart('lab.xlsx', file);
  return t.request({ method: 'POST', url: '/zoo-medical/lab/import', token, body, headers });
};
const labs = async () =>
  (
    await t.sql.query(
      `select test_name as "testName", value::float8 as value, text_value as "textValue", sample_type as "sampleType", flag, laboratory
         from zoo_med_lab where tenant_id = '330001' and is_deleted = 0 order by id`,
    )
  ).rows;

beforeAll(async () => {
  const no = async (id: string) => (await t.sql.query(`select local_no from zoo_animal where id = $1`, [id])).rows[0].local_no as string;
  pandaNo = await no(panda);
  foreignNo = await no(foreignAnimal);
});

describe('laboratory results import', () => {
  it('writes the good rows flagged against their interval and lists each refused row with the form’s reason', async () => {
    const ok = { localNo: pandaNo, sampleDate: today, sampleType: '全血', unit: '10^9/L', laboratory: '园内化验室' };
    const res = await upload(
      admin,
      await sheet([
        { ...ok, testName: 'WBC', value: 20, refLow: 4, refHigh: 12 },
        { ...ok, testName: 'HGB', value: 150, refLow: 110, refHigh: 170, sampleType: 2 },
        { ...ok, testName: '寄生虫卵', textValue: '阴性', sampleType: '粪便' },
        { ...ok, testName: 'PLT' },
        { ...ok, testName: 'RBC', value: 5, refLow: 8, refHigh: 6 },
        { ...ok, testName: 'ALT', value: 'abc' },
        { ...ok, testName: 'AST', value: 30, sampleType: '唾液' },
        { ...ok, testName: 'GLU', value: 5, sampleDate: await dayOffset(1) },
        { ...ok, testName: 'CRE', value: 80, localNo: 'NO-SUCH' },
        // Another zoo's animal reads as missing.
        { ...ok, testName: 'BUN', value: 6, localNo: foreignNo },
        { ...ok, testName: '', value: 1 },
      ]),
    );
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toEqual({
      total: 11,
      created: 3,
      rejected: [
        { row: 5, reason: '请输入结果(数值或文字)' },
        { row: 6, reason: '参考下限不能大于参考上限' },
        { row: 7, reason: '结果必须是数字' },
        { row: 8, reason: '样本类型「唾液」不正确,应为全血、血清/血浆、尿液、粪便、拭子、组织、其他之一' },
        { row: 9, reason: '采样日期不能晚于今天' },
        { row: 10, reason: '本园编号「NO-SUCH」的个体不存在' },
        { row: 11, reason: `本园编号「${foreignNo}」的个体不存在` },
        { row: 12, reason: '请输入检测项目' },
      ],
    });
    expect(await labs()).toEqual([
      { testName: 'WBC', value: 20, textValue: '', sampleType: 1, flag: 2, laboratory: '园内化验室' },
      { testName: 'HGB', value: 150, textValue: '', sampleType: 2, flag: 0, laboratory: '园内化验室' },
      { testName: '寄生虫卵', value: null, textValue: '阴性', sampleType: 4, flag: 0, laboratory: '园内化验室' },
    ]);
    // Zoo B's import of the same sheet finds none of zoo A's animals.
    const b = await upload(adminB, await sheet([{ ...ok, testName: 'WBC', value: 5 }]));
    expect(b.body.data.rejected).toEqual([{ row: 2, reason: `本园编号「${pandaNo}」的个体不存在` }]);
  });

  it('refuses a malformed file, a missing column and an empty sheet; gives a template; needs the add right', async () => {
    const n = (await labs()).length;
    expect((await upload(admin, Buffer.from('x'))).body).toMatchObject({ code: 400, msg: '请上传正确的 Excel 文件(.xlsx)' });
    const noTest = await writeSheet('检验结果', LAB_IMPORT_COLUMNS.filter((c) => c.key !== 'testName') as never, [{ localNo: pandaNo }] as never);
    expect((await upload(admin, noTest)).body).toMatchObject({ code: 400, msg: '导入文件缺少列: 检测项目' });
    expect((await upload(admin, await sheet([]))).body).toMatchObject({ code: 400, msg: '导入文件没有数据行' });
    expect((await labs()).length).toBe(n);
    const template = await t.app.inject({ method: 'GET', url: '/api/zoo-medical/lab/import-template', query: { 'Blade-Auth': admin } });
    expect(template.statusCode).toBe(200);
    expect(await readSheet(template.rawPayload, LAB_IMPORT_COLUMNS, ['localNo', 'sampleDate', 'sampleType', 'testName'])).toEqual([]);
    await createTenantUser(t.sql, { tenantId: '330001', account: 'keeper_lab', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper_lab', 'pw', '330001');
    expect((await upload(keeper, await sheet([{ localNo: pandaNo }]))).status).toBe(403);
  });
});
