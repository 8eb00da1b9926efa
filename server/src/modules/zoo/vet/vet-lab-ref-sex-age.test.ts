import { describe, expect, it } from 'vitest';
import { makeAnimal, makeCageChain, speciesId } from '../../../../test/zoo-fixtures';
import { t, admin, dayOffset, get, post, today, setupVetTests } from './vet-test-kit';

/**
 * Species reference intervals by sex and age window (decision 0038, migration 0051): a result entered without its
 * own interval takes the most specific one that fits its animal on the sample date — sex and age, then sex, then
 * age, then the species-wide one — and windows of one sex may not overlap.
 */
setupVetTests();

const stored = async (id: string) =>
  (
    await t.sql.query(
      `select ref_low::float8 as "refLow", ref_high::float8 as "refHigh", ref_source as "refSource", ref_id::text as "refId", flag from zoo_med_lab where id = $1`,
      [id],
    )
  ).rows[0];
const lastLab = async () => (await t.sql.query(`select id::text from zoo_med_lab order by id desc limit 1`)).rows[0].id as string;
const result = async (animalId: string, value: number, sampleDate = today) => {
  const res = await post(admin, 'lab/submit', { animalId, sampleDate, sampleType: 2, testName: 'ALP', unit: 'U/L', value });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return stored(await lastLab());
};
const interval = async (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.request({ method: 'POST', url: '/zoo-medical/lab-ref/submit', token: admin, body: { testName: 'ALP', unit: 'U/L', ...body }, headers });
const lastRef = async () => (await t.sql.query(`select id::text from zoo_med_lab_ref order by id desc limit 1`)).rows[0].id as string;

describe('reference intervals by sex and age', () => {
  const ids: Record<string, string> = {};
  let species: string;

  it('keeps a species-wide, a male, a juvenile and a juvenile-female interval of one test side by side', async () => {
    species = await speciesId(t, 'Ailuropoda melanoleuca');
    for (const [name, body] of [
      ['wide', { refLow: 50, refHigh: 150 }],
      ['male', { sex: 1, refLow: 60, refHigh: 140 }],
      ['juvenile', { ageMinMonths: 0, ageMaxMonths: 24, refLow: 100, refHigh: 400 }],
      ['juvenileFemale', { sex: 2, ageMaxMonths: 24, refLow: 120, refHigh: 450 }],
    ] as const) {
      const res = await interval({ speciesId: species, ...body });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      ids[name] = await lastRef();
    }
    const list = (await get(admin, 'lab-ref/list', { speciesId: species })).body.data.records;
    expect(list.find((r: { id: string }) => r.id === ids.juvenileFemale)).toMatchObject({ sex: 2, ageMinMonths: '', ageMaxMonths: 24 });
    expect(list.find((r: { id: string }) => r.id === ids.wide)).toMatchObject({ sex: 0, ageMinMonths: '', ageMaxMonths: '' });
  });

  it('gives each animal the most specific interval that fits its sex and its age on the sample date', async () => {
    const { cageId } = await makeCageChain(t, admin);
    const animal = (sex: number, birthDate?: string) => makeAnimal(t, admin, { speciesId: species, cageId, sex, ...(birthDate ? { birthDate } : {}) });
    const juvenileFemale = await animal(2, await dayOffset(-300));
    const juvenileMale = await animal(1, await dayOffset(-300));
    const adultMale = await animal(1, await dayOffset(-8 * 365));
    const adultFemale = await animal(2, await dayOffset(-3 * 365));
    // Neither sex nor birth date known: what a pooled or group sample is, it takes the species-wide interval.
    const unknown = await animal(3);

    expect(await result(juvenileFemale, 430)).toEqual({ refLow: 120, refHigh: 450, refSource: 2, refId: ids.juvenileFemale, flag: 0 });
    // Sex before age: a juvenile male takes the males' interval, not the juveniles'.
    expect(await result(juvenileMale, 300)).toEqual({ refLow: 60, refHigh: 140, refSource: 2, refId: ids.male, flag: 2 });
    expect(await result(adultMale, 55)).toEqual({ refLow: 60, refHigh: 140, refSource: 2, refId: ids.male, flag: 1 });
    expect(await result(adultFemale, 160)).toEqual({ refLow: 50, refHigh: 150, refSource: 2, refId: ids.wide, flag: 2 });
    expect(await result(unknown, 100)).toEqual({ refLow: 50, refHigh: 150, refSource: 2, refId: ids.wide, flag: 0 });
    // The age is the one on the sample date: the adult female sampled at about six months old was a juvenile.
    expect(await result(adultFemale, 160, await dayOffset(-3 * 365 + 180))).toMatchObject({ refId: ids.juvenileFemale, flag: 0 });
    // Sampled before its birth date, an animal has no age: no window fits.
    expect(await result(juvenileFemale, 100, await dayOffset(-400))).toMatchObject({ refId: ids.wide });

    // The form's line asks the same question, for the sample date it holds.
    const match = await get(admin, 'lab-ref/match', { animalId: juvenileFemale, testName: 'alp', unit: 'u/l', sampleDate: today });
    expect(match.body.data).toMatchObject({ id: ids.juvenileFemale, sex: 2, ageMinMonths: '', ageMaxMonths: 24, refLow: 120, refHigh: 450 });
    expect((await get(admin, 'lab-ref/match', { animalId: unknown, testName: 'ALP', unit: 'U/L' })).body.data).toMatchObject({ id: ids.wide, sex: 0 });
  });

  it('refuses a window overlapping another of the same sex, a second interval of a sex without a window, and a reversed window', async () => {
    const overlap = await interval({ speciesId: species, sex: 2, ageMinMonths: 12, ageMaxMonths: 36, refLow: 1 });
    expect(overlap.body).toMatchObject({ code: 400, success: false, msg: '月龄 12–36 与该物种这个检测项目和单位已有的参考区间(月龄 0–24)重叠' });
    const en = await interval({ speciesId: species, sex: 2, ageMinMonths: 12, refLow: 1 }, { 'accept-language': 'en' });
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'The age window 12–∞ months overlaps an existing interval of this species, test and unit (age 0–24 months)',
    });
    expect((await interval({ speciesId: species, sex: 1, refLow: 1 })).body).toMatchObject({ code: 400, msg: '该物种的这个检测项目和单位已有雄性参考区间' });
    expect((await interval({ speciesId: species, testName: 'alp', unit: 'u/L', refLow: 1 })).body).toMatchObject({
      code: 400,
      msg: '该物种的这个检测项目和单位已有参考区间',
    });
    expect((await interval({ speciesId: species, ageMinMonths: 24, ageMaxMonths: 12, refLow: 1 })).body).toMatchObject({
      code: 400,
      msg: '起始月龄必须小于截止月龄',
    });
    expect((await interval({ speciesId: species, sex: 4, refLow: 1 })).body).toMatchObject({ code: 400, msg: '适用性别取值不正确' });
    const n = (await t.sql.query(`select count(*)::int as n from zoo_med_lab_ref where is_deleted = 0 and lower(test_name) = 'alp'`)).rows[0].n;
    expect(n).toBe(4);

    // Windows that meet ([0, 24) and [24, ∞)) do not overlap; an interval saved again does not overlap itself.
    const adult = await interval({ speciesId: species, sex: 2, ageMinMonths: 24, refLow: 40, refHigh: 130 });
    expect(adult.body.success, JSON.stringify(adult.body)).toBe(true);
    const again = await interval({ id: ids.juvenileFemale, speciesId: species, sex: 2, ageMaxMonths: 24, refLow: 110, refHigh: 450 });
    expect(again.body.success, JSON.stringify(again.body)).toBe(true);
  });
});
