import { beforeAll, describe, expect, it } from 'vitest';
import { makeCageChain, makePopulation, speciesId } from '../../../../test/zoo-fixtures';
import { t, admin, today, post, get, drug, setupVetTests, lastId } from './vet-test-kit';

/** Group treatments dosed by weight (decision 0038): the prescription's arithmetic and range check for a population. */
setupVetTests();

let meloxicam: string;
let tablets: string;
let pop: string;
let craneSpecies: string;

beforeAll(async () => {
  craneSpecies = await speciesId(t, 'Grus japonensis');
  meloxicam = await drug({ drugName: '美洛昔康注射液', concentration: 5, doseMin: 0.1, doseMax: 0.2 });
  // Tablets of 50 mg; cranes have their own range (1–3 mg/kg) beside the default (5–10).
  tablets = await drug({
    drugName: '阿苯达唑片',
    form: 3,
    concentration: 50,
    concentrationUnit: 2,
    doseMin: 5,
    doseMax: 10,
    taxonRanges: [{ speciesId: craneSpecies, doseMin: 1, doseMax: 3 }],
  });
  const { cageId } = await makeCageChain(t, admin);
  pop = await makePopulation(t, admin, { speciesId: craneSpecies, cageId, maleQuantity: 3, femaleQuantity: 4 });
});

const rowOf = async (id: string) => (await get(admin, 'group-treatment/detail', { id })).body.data;

describe('group treatments dosed by weight', () => {
  it('computes mg and amount per head and the totals from the unrounded product (rate × mean weight × heads)', async () => {
    const res = await post(admin, 'group-treatment/submit', {
      populationId: pop,
      drugId: meloxicam,
      treatDate: today,
      countTreated: 7,
      route: 1,
      doseMgKg: 0.1,
      headWeightKg: 8.35,
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    // 0.1 × 8.35 = 0.835 mg → 0.84 mg, 0.167 mL → 0.17 mL a head; 0.1 × 58.45 = 5.845 → 5.85 mg (not 7 × 0.84 = 5.88), 1.169 → 1.17 mL.
    expect(await rowOf(await lastId('zoo_med_group_treatment'))).toMatchObject({
      doseMgKg: 0.1,
      headWeightKg: 8.35,
      doseMg: 0.84,
      amount: 0.17,
      totalMg: 5.85,
      totalAmount: 1.17,
      concentration: 5,
      concentrationUnit: 1,
      outOfRange: 0,
      doseText: '',
    });
  });

  it('rounds tablets to quarters and checks the species’ own range, as a prescription', async () => {
    const body = { populationId: pop, drugId: tablets, treatDate: today, countTreated: 7, route: 4, headWeightKg: 12, doseText: '拌料' };
    // 5 mg/kg is the drug's default range but above the cranes' 1–3.
    const refused = await post(admin, 'group-treatment/submit', { ...body, doseMgKg: 5 });
    expect(refused.body).toMatchObject({ code: 400, msg: '剂量 5 mg/kg 超出药品目录中「丹顶鹤」的范围 1–3 mg/kg,请确认后再提交' });
    const ok = await post(admin, 'group-treatment/submit', { ...body, doseMgKg: 2.5 });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    // 2.5 × 12 = 30 mg → 0.6 tablet → 0.5; 7 heads: 210 mg → 4.2 → 4.25 tablets.
    expect(await rowOf(await lastId('zoo_med_group_treatment'))).toMatchObject({ doseMg: 30, amount: 0.5, totalMg: 210, totalAmount: 4.25, doseText: '拌料' });
  });

  it('refuses a rate outside the range unless confirmed, then marks it; nothing is written on a refusal', async () => {
    const n = (await t.sql.query(`select count(*)::int n from zoo_med_group_treatment`)).rows[0].n;
    const body = { populationId: pop, drugId: meloxicam, treatDate: today, countTreated: 2, route: 1, doseMgKg: 0.5, headWeightKg: 8 };
    expect((await post(admin, 'group-treatment/submit', body)).body).toMatchObject({
      code: 400,
      msg: '剂量 0.5 mg/kg 超出药品目录范围 0.1–0.2 mg/kg,请确认后再提交',
    });
    expect((await post(admin, 'group-treatment/submit', { ...body, doseMgKg: undefined })).body.msg).toBe('填写了每头平均体重时请填写剂量(mg/kg)');
    expect((await post(admin, 'group-treatment/submit', { ...body, headWeightKg: undefined })).body.msg).toBe('按体重给药时请填写每头平均体重');
    expect((await post(admin, 'group-treatment/submit', { ...body, doseMgKg: undefined, headWeightKg: undefined })).body.msg).toBe(
      '请填写剂量(mg/kg)或剂量说明',
    );
    expect((await post(admin, 'group-treatment/submit', { ...body, headWeightKg: 8.12345 })).body.msg).toBe('每头平均体重最多4位小数');
    // In English for an English reader.
    const en = (b: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/zoo-medical/group-treatment/submit', token: admin, body: b, headers: { 'accept-language': 'en' } });
    expect((await en({ ...body, headWeightKg: undefined })).body.msg).toBe('A dose by weight needs the mean weight per head');
    expect((await en({ ...body, doseMgKg: undefined, headWeightKg: undefined })).body.msg).toBe('Enter a dose (mg/kg) or describe the dose');
    expect((await t.sql.query(`select count(*)::int n from zoo_med_group_treatment`)).rows[0].n).toBe(n);
    const ok = await post(admin, 'group-treatment/submit', { ...body, confirmOutOfRange: true });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    expect(await rowOf(await lastId('zoo_med_group_treatment'))).toMatchObject({ outOfRange: 1, doseMg: 4, amount: 0.8, totalMg: 8, totalAmount: 1.6 });
  });

  it('keeps a dose written as text readable, and a text dose may still be written', async () => {
    const text = await post(admin, 'group-treatment/submit', {
      populationId: pop,
      drugId: meloxicam,
      treatDate: today,
      countTreated: 3,
      route: 4,
      doseText: '拌料 10 mg/kg',
    });
    expect(text.body.success, JSON.stringify(text.body)).toBe(true);
    const id = await lastId('zoo_med_group_treatment');
    expect(await rowOf(id)).toMatchObject({ doseText: '拌料 10 mg/kg', doseMgKg: '', doseMg: '', totalMg: '', amount: '', outOfRange: 0 });
    // A row of before migration 0046 (text only) lists as such; editing it with a rate doses it by weight.
    const list = await get(admin, 'group-treatment/list', { populationId: pop, current: '1', size: '50' });
    expect(list.body.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({ doseText: '拌料 10 mg/kg', totalAmount: '' });
    const edit = await post(admin, 'group-treatment/submit', {
      id,
      populationId: pop,
      drugId: meloxicam,
      treatDate: today,
      countTreated: 3,
      route: 4,
      doseText: '拌料',
      doseMgKg: 0.2,
      headWeightKg: 10,
    });
    expect(edit.body.success, JSON.stringify(edit.body)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ doseMg: 2, amount: 0.4, totalMg: 6, totalAmount: 1.2, doseText: '拌料' });
  });
});
