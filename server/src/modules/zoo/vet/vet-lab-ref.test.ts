import { describe, expect, it } from 'vitest';
import { LAB_IMPORT_COLUMNS } from '@zoo/contract';
import { multipart } from '../../../../test/upload-helpers';
import { speciesId } from '../../../../test/zoo-fixtures';
import { writeSheet } from '../../../platform/excel';
import { t, admin, adminB, panda, crane, foreignAnimal, get, post, today, setupVetTests } from './vet-test-kit';

/** Species reference intervals of laboratory tests (decision 0038): applied to a result entered without its own. */
setupVetTests();

const lab = async (id: string) =>
  (
    await t.sql.query(
      `select ref_low::float8 as "refLow", ref_high::float8 as "refHigh", ref_source as "refSource", ref_id::text as "refId", flag
         from zoo_med_lab where id = $1`,
      [id],
    )
  ).rows[0];
const lastLab = async () => (await t.sql.query(`select id::text from zoo_med_lab order by id desc limit 1`)).rows[0].id as string;
const submitLab = async (body: Record<string, unknown>, token = admin) => {
  const res = await post(token, 'lab/submit', { animalId: panda, sampleDate: today, sampleType: 1, ...body });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastLab();
};

describe('species reference intervals of laboratory tests', () => {
  let hgb: string;

  it('keeps one interval per species, test and unit, refuses an empty or reversed one', async () => {
    const pandaSpecies = await speciesId(t, 'Ailuropoda melanoleuca');
    const ok = await post(admin, 'lab-ref/submit', { speciesId: pandaSpecies, testName: 'HGB', unit: 'g/L', refLow: 110, refHigh: 170, source: '示范' });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    hgb = (await t.sql.query(`select id::text from zoo_med_lab_ref where tenant_id = '330001' order by id desc limit 1`)).rows[0].id;
    const twice = await post(admin, 'lab-ref/submit', { speciesId: pandaSpecies, testName: 'hgb', unit: 'G/L', refLow: 100 });
    expect(twice.body).toMatchObject({ code: 400, msg: '该物种的这个检测项目和单位已有参考区间' });
    expect((await post(admin, 'lab-ref/submit', { speciesId: pandaSpecies, testName: 'WBC', unit: '10^9/L' })).body).toMatchObject({
      code: 400,
      msg: '请输入参考下限或参考上限',
    });
    expect((await post(admin, 'lab-ref/submit', { speciesId: pandaSpecies, testName: 'WBC', refLow: 9, refHigh: 3 })).body).toMatchObject({
      code: 400,
      msg: '参考下限不能大于参考上限',
    });
    const list = (await get(admin, 'lab-ref/list', { speciesId: pandaSpecies })).body.data.records;
    expect(list).toEqual([expect.objectContaining({ speciesName: '大熊猫', testName: 'HGB', unit: 'g/L', refLow: 110, refHigh: 170 })]);
  });

  it('gives a result without its own interval the species’ one, copied and marked, and flags against it', async () => {
    const match = await get(admin, 'lab-ref/match', { animalId: panda, testName: 'hgb', unit: 'g/L' });
    expect(match.body.data).toMatchObject({ id: hgb, speciesName: '大熊猫', refLow: 110, refHigh: 170 });
    const low = await submitLab({ testName: 'HGB', unit: 'g/L', value: 95 });
    expect(await lab(low)).toEqual({ refLow: 110, refHigh: 170, refSource: 2, refId: hgb, flag: 1 });
    const within = await submitLab({ testName: 'Hgb', unit: 'g/L', value: 140 });
    expect(await lab(within)).toMatchObject({ refSource: 2, flag: 0 });
    // Another unit, or another species: no interval.
    const other = await submitLab({ testName: 'HGB', unit: 'g/dL', value: 14 });
    expect(await lab(other)).toEqual({ refLow: null, refHigh: null, refSource: 0, refId: null, flag: 0 });
    const bird = await submitLab({ animalId: crane, testName: 'HGB', unit: 'g/L', value: 50 });
    expect(await lab(bird)).toMatchObject({ refSource: 0, flag: 0 });
    expect((await get(admin, 'lab-ref/match', { animalId: crane, testName: 'HGB', unit: 'g/L' })).body.data).toMatchObject({ id: '', refLow: '' });

    // A later change of the interval leaves the results written before it; an edit sending the copy back keeps it.
    expect(
      (
        await post(admin, 'lab-ref/submit', {
          id: hgb,
          speciesId: await speciesId(t, 'Ailuropoda melanoleuca'),
          testName: 'HGB',
          unit: 'g/L',
          refLow: 90,
          refHigh: 170,
        })
      ).body.success,
    ).toBe(true);
    expect(await lab(low)).toMatchObject({ refLow: 110, refSource: 2, flag: 1 });
    const rec = (await get(admin, 'lab/detail', { id: low })).body.data;
    expect(rec).toMatchObject({ refLow: 110, refHigh: 170, refSource: 2 });
    await post(admin, 'lab/submit', { ...rec, remark: '复核' });
    expect(await lab(low)).toEqual({ refLow: 110, refHigh: 170, refSource: 2, refId: hgb, flag: 1 });
    // Cleared on edit, it takes the interval as it is now.
    await post(admin, 'lab/submit', { ...rec, refLow: '', refHigh: '' });
    expect(await lab(low)).toEqual({ refLow: 90, refHigh: 170, refSource: 2, refId: hgb, flag: 0 });
  });

  it('keeps a result’s own interval, flagged against it', async () => {
    const own = await submitLab({ testName: 'HGB', unit: 'g/L', value: 100, refLow: 80 });
    expect(await lab(own)).toEqual({ refLow: 80, refHigh: null, refSource: 1, refId: null, flag: 0 });
    const high = await submitLab({ testName: 'HGB', unit: 'g/L', value: 200, refLow: 80, refHigh: 180 });
    expect(await lab(high)).toMatchObject({ refSource: 1, flag: 2 });
  });

  it('applies the species’ interval to imported rows without one', async () => {
    const no = (await t.sql.query(`select local_no from zoo_animal where id = $1`, [panda])).rows[0].local_no as string;
    const file = await writeSheet('检验结果', LAB_IMPORT_COLUMNS, [
      { localNo: no, sampleDate: today, sampleType: '全血', testName: 'HGB', unit: 'g/L', value: 60 },
      { localNo: no, sampleDate: today, sampleType: '全血', testName: 'HGB', unit: 'g/L', value: 60, refLow: 50, refHigh: 70 },
    ]);
    const { body, headers } = multipart('lab.xlsx', file);
    const res = await t.request({ method: 'POST', url: '/zoo-medical/lab/import', token: admin, body, headers });
    expect(res.body.data).toMatchObject({ total: 2, created: 2, rejected: [] });
    const rows = (
      await t.sql.query(
        `select ref_low::float8 as "refLow", ref_source as "refSource", flag from zoo_med_lab where tenant_id = '330001' and value = 60 order by id`,
      )
    ).rows;
    expect(rows).toEqual([
      { refLow: 90, refSource: 2, flag: 1 },
      { refLow: 50, refSource: 1, flag: 0 },
    ]);
  });

  it('keeps another zoo’s intervals and animals out of sight', async () => {
    // Zoo B has no interval of its own: its panda's result takes none, and it sees none of zoo A's.
    const res = await post(adminB, 'lab/submit', { animalId: foreignAnimal, sampleDate: today, sampleType: 1, testName: 'HGB', unit: 'g/L', value: 95 });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(await lab(await lastLab())).toMatchObject({ refSource: 0, flag: 0 });
    expect((await get(adminB, 'lab-ref/list', {})).body.data.total).toBe(0);
    expect((await get(adminB, 'lab-ref/detail', { id: hgb })).body.data?.id).toBeUndefined();
    // Zoo A cannot ask for zoo B's animal.
    expect((await get(admin, 'lab-ref/match', { animalId: foreignAnimal, testName: 'HGB', unit: 'g/L' })).body.code).toBe(400);
  });
});
