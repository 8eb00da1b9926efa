import { computeDose } from '@zoo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  t,
  admin,
  adminB,
  panda,
  crane,
  foreignAnimal,
  today,
  post,
  get,
  dayOffset,
  count,
  lastId,
  drug,
  weigh,
  openCase,
  setupVetTests,
} from './vet-test-kit';

setupVetTests();

describe('dose arithmetic (decimal, half up once per figure)', () => {
  it('gives the figures a vet works out by hand', () => {
    // Meloxicam 0.1 mg/kg for a 120.5 kg panda, 5 mg/mL: 12.05 mg, 2.41 mL.
    expect(computeDose({ mgPerKg: 0.1, weightKg: 120.5, concentration: 5, concentrationUnit: 1 })).toEqual({ doseMg: 12.05, amount: 2.41 });
    // 0.3 × 3 is 0.9 (in floating point it is 0.8999999999999999).
    expect(computeDose({ mgPerKg: 0.3, weightKg: 3, concentration: 1, concentrationUnit: 1 })).toEqual({ doseMg: 0.9, amount: 0.9 });
    // A true half rounds up: 0.335 × 3 = 1.005 mg → 1.01 mg and 1.01 mL (floating point would give 1.00).
    expect(computeDose({ mgPerKg: 0.335, weightKg: 3, concentration: 1, concentrationUnit: 1 })).toEqual({ doseMg: 1.01, amount: 1.01 });
    // The amount comes from the unrounded dose: 0.0333 × 10 = 0.333 mg; ÷ 0.1 mg/mL = 3.33 mL (not 0.33 ÷ 0.1 = 3.3).
    expect(computeDose({ mgPerKg: 0.0333, weightKg: 10, concentration: 0.1, concentrationUnit: 1 })).toEqual({ doseMg: 0.33, amount: 3.33 });
    // Tablets to the nearest quarter: 12.5 × 9.3 = 116.25 mg ÷ 50 mg = 2.325 → 2.25 tablets; 2.375 → 2.5.
    expect(computeDose({ mgPerKg: 12.5, weightKg: 9.3, concentration: 50, concentrationUnit: 2 })).toEqual({ doseMg: 116.25, amount: 2.25 });
    expect(computeDose({ mgPerKg: 12.5, weightKg: 9.5, concentration: 50, concentrationUnit: 2 })).toEqual({ doseMg: 118.75, amount: 2.5 });
    // No concentration: the dose in mg only.
    expect(computeDose({ mgPerKg: 2, weightKg: 4.2, concentration: null, concentrationUnit: 1 })).toEqual({ doseMg: 8.4, amount: null });
  });
});

describe('formulary', () => {
  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const ok = { drugName: '美洛昔康注射液', form: 1, concentration: 5, doseMin: 0.1, doseMax: 0.2 };
    expect((await post(admin, 'drug/submit', { ...ok, drugName: '' })).body).toMatchObject({ code: 400, msg: '请输入药品名称' });
    expect((await post(admin, 'drug/submit', { ...ok, form: 9 })).body.msg).toBe('剂型取值不正确');
    expect((await post(admin, 'drug/submit', { ...ok, concentration: 'abc' })).body.msg).toBe('浓度必须是数字');
    expect((await post(admin, 'drug/submit', { ...ok, concentration: 0 })).body.msg).toBe('浓度不能小于0.0001');
    expect((await post(admin, 'drug/submit', { ...ok, doseMin: 0.12345 })).body.msg).toBe('最小剂量最多4位小数');
    expect((await post(admin, 'drug/submit', { ...ok, doseMin: 0.3 })).body.msg).toBe('最小剂量不能大于最大剂量');
    expect(await count('zoo_med_drug')).toBe(0);
  });
});

describe('weights', () => {
  it('records weights in kg or g, refuses bad ones, and draws the curve in date order', async () => {
    const ok = { animalId: crane, weighDate: today, weight: 8.5, unit: 'kg' };
    expect((await post(admin, 'weight/submit', { ...ok, animalId: undefined })).body).toMatchObject({ code: 400, msg: '请选择动物' });
    expect((await post(admin, 'weight/submit', { ...ok, weight: '' })).body.msg).toBe('请输入体重');
    expect((await post(admin, 'weight/submit', { ...ok, weight: 0 })).body.msg).toBe('体重不能小于0.001');
    expect((await post(admin, 'weight/submit', { ...ok, unit: 'lb' })).body.msg).toBe('体重单位应为 kg 或 g');
    expect((await post(admin, 'weight/submit', { ...ok, weighDate: await dayOffset(1) })).body.msg).toBe('称重日期不能晚于今天');
    expect((await post(admin, 'weight/submit', { ...ok, weighDate: '2024-02-30' })).body.msg).toBe('称重日期格式应为 yyyy-MM-dd');
    expect((await post(admin, 'weight/submit', { ...ok, weight: 8500.25, unit: 'g' })).body.msg).toBe('以克录入的体重最多1位小数');
    expect((await post(admin, 'weight/submit', { ...ok, bodyCondition: 10 })).body.msg).toBe('体况评分不能大于9');
    // Another zoo's animal is not there for this zoo.
    expect((await post(admin, 'weight/submit', { ...ok, animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    expect(await count('zoo_med_weight')).toBe(0);

    await weigh(crane, 8200, await dayOffset(-60), 'g');
    await weigh(crane, 8.45, today);
    await weigh(crane, '8350.5', await dayOffset(-30), 'g');
    const stored = await t.sql.query(`select weight_kg::text, unit from zoo_med_weight where animal_id = $1 order by weigh_date`, [crane]);
    expect(stored.rows).toEqual([
      { weight_kg: '8.2000', unit: 'g' },
      { weight_kg: '8.3505', unit: 'g' },
      { weight_kg: '8.4500', unit: 'kg' },
    ]);
    const series = await get(admin, 'weight/series', { animalId: crane });
    expect(series.body.data).toMatchObject({ animalId: crane, speciesName: '丹顶鹤' });
    expect(series.body.data.points.map((p: any) => p.weightKg)).toEqual([8.2, 8.3505, 8.45]);
    const list = await get(admin, 'weight/list', { animalId: crane, current: '1', size: '2' });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.records).toHaveLength(2);
    expect(list.body.data.records[0]).toMatchObject({ weighDate: today, weightKg: 8.45, unit: 'kg', speciesName: '丹顶鹤', bodyCondition: '' });
  });
});

describe('cases and treatments dosed by weight', () => {
  let meloxicam: string;
  let amoxicillin: string;
  let caseId: string;

  beforeAll(async () => {
    meloxicam = await drug({
      drugName: '美洛昔康注射液',
      genericName: 'meloxicam',
      concentration: 5,
      doseMin: 0.1,
      doseMax: 0.2,
      maxDoseMg: 15,
      routes: 'SC, IM, IV',
    });
    amoxicillin = await drug({ drugName: '阿莫西林片', form: 3, concentration: 50, concentrationUnit: 2, doseMin: 10, doseMax: 20 });
  });

  it('opens a case with Chinese messages for bad input', async () => {
    const ok = { animalId: panda, openDate: today, complaint: '右前肢跛行' };
    expect((await post(admin, 'case/submit', { ...ok, complaint: ' ' })).body).toMatchObject({ code: 400, msg: '请输入主诉' });
    expect((await post(admin, 'case/submit', { ...ok, openDate: await dayOffset(1) })).body.msg).toBe('开始日期不能晚于今天');
    expect((await post(admin, 'case/submit', { ...ok, temperature: 60 })).body.msg).toBe('体温不能大于50');
    expect((await post(admin, 'case/submit', { ...ok, caseStatus: 3 })).body.msg).toBe('结案须填写结案日期和转归');
    expect((await post(admin, 'case/submit', { ...ok, animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    expect(await count('zoo_med_case')).toBe(0);
    const res = await post(admin, 'case/submit', {
      ...ok,
      temperature: '38.6',
      heartRate: 80,
      respRate: 20,
      bodyCondition: 5,
      findings: '右前肢腕关节肿胀',
      diagnosis: '腕关节扭伤',
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    caseId = await lastId('zoo_med_case');
    const detail = await get(admin, 'case/detail', { id: caseId });
    expect(detail.body.data).toMatchObject({
      animalId: panda,
      animalName: expect.stringMatching(/^美香 \(A-/),
      speciesName: '大熊猫',
      temperature: 38.6,
      caseStatus: 1,
      closeDate: '',
      outcome: '',
      treatmentCount: 0,
    });
    expect(detail.body.data.vetName).not.toBe('');
  });

  it('refuses a dose without a weight, and changes nothing', async () => {
    const before = await count('zoo_med_treatment');
    const res = await post(admin, 'treatment/submit', { caseId, drugId: meloxicam, doseMgKg: 0.1, route: 3, startDate: today });
    expect(res.body).toMatchObject({ code: 400, msg: '该动物没有体重记录,请先登记体重' });
    expect((await get(admin, 'treatment/calc', { caseId, drugId: meloxicam, doseMgKg: '0.1', startDate: today })).body.msg).toBe(
      '该动物没有体重记录,请先登记体重',
    );
    expect(await count('zoo_med_treatment')).toBe(before);
  });

  it('doses from the latest weight on or before the start date: 0.1 mg/kg × 120.5 kg = 12.05 mg = 2.41 mL at 5 mg/mL', async () => {
    const old = await weigh(panda, 118, await dayOffset(-20));
    const latest = await weigh(panda, 120.5, await dayOffset(-3));
    const calc = await get(admin, 'treatment/calc', { caseId, drugId: meloxicam, doseMgKg: '0.1', startDate: today });
    expect(calc.body.data).toEqual({
      weightId: latest,
      weightKg: 120.5,
      weightDate: await dayOffset(-3),
      doseMg: 12.05,
      amount: 2.41,
      concentration: 5,
      concentrationUnit: 1,
      doseMin: 0.1,
      doseMax: 0.2,
      maxDoseMg: 15,
      outOfRange: '',
    });
    // Dated before the latest weighing, the earlier weight counts: 0.1 × 118 = 11.8 mg = 2.36 mL.
    const openEarlier = await post(admin, 'case/submit', { id: caseId, animalId: panda, openDate: await dayOffset(-25), complaint: '右前肢跛行' });
    expect(openEarlier.body.success).toBe(true);
    const back = await get(admin, 'treatment/calc', { caseId, drugId: meloxicam, doseMgKg: '0.1', startDate: await dayOffset(-5) });
    expect(back.body.data).toMatchObject({ weightId: old, weightKg: 118, doseMg: 11.8, amount: 2.36 });

    const res = await post(admin, 'treatment/submit', {
      caseId,
      drugId: meloxicam,
      doseMgKg: '0.1',
      route: 3,
      frequency: 1,
      durationDays: 3,
      startDate: today,
      remark: '皮下注射',
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const row = (
      await t.sql.query(
        `select animal_id::text, weight_id::text, weight_kg::text, dose_mg::text, amount::text, concentration::text, out_of_range, tenant_id from zoo_med_treatment order by id desc limit 1`,
      )
    ).rows[0];
    expect(row).toEqual({
      animal_id: panda,
      weight_id: latest,
      weight_kg: '120.5000',
      dose_mg: '12.05',
      amount: '2.41',
      concentration: '5.0000',
      out_of_range: 0,
      tenant_id: '330001',
    });
    const list = await get(admin, 'treatment/list', { caseId });
    expect(list.body.data.records[0]).toMatchObject({
      drugName: '美洛昔康注射液',
      weightKg: 120.5,
      weightDate: await dayOffset(-3),
      doseMg: 12.05,
      amount: 2.41,
      outOfRange: 0,
    });
    expect((await get(admin, 'case/detail', { id: caseId })).body.data.treatmentCount).toBe(1);
  });

  it('keeps the weight a prescription was dosed by when a new weighing comes', async () => {
    await weigh(panda, 125, today);
    const row = (await t.sql.query(`select weight_kg::text, dose_mg::text from zoo_med_treatment order by id desc limit 1`)).rows[0];
    expect(row).toEqual({ weight_kg: '120.5000', dose_mg: '12.05' });
  });

  it('asks for confirmation outside the formulary range or above the ceiling, then marks the dose', async () => {
    const base = { caseId, drugId: meloxicam, route: 1, startDate: today };
    const before = await count('zoo_med_treatment');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.3 })).body).toMatchObject({
      code: 400,
      msg: '剂量 0.3 mg/kg 超出药品目录范围 0.1–0.2 mg/kg,请确认后再提交',
    });
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.05 })).body.msg).toBe('剂量 0.05 mg/kg 超出药品目录范围 0.1–0.2 mg/kg,请确认后再提交');
    // Inside the rate range, but 0.2 × 125 kg = 25 mg is above the 15 mg ceiling.
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.2 })).body.msg).toBe('剂量 25 mg 超过药品目录单次上限 15 mg,请确认后再提交');
    expect((await get(admin, 'treatment/calc', { caseId, drugId: meloxicam, startDate: today, doseMgKg: '0.2' })).body.data.outOfRange).toBe(
      '剂量 25 mg 超过药品目录单次上限 15 mg',
    );
    expect(await count('zoo_med_treatment')).toBe(before);
    const ok = await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.3, confirmOutOfRange: true });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    const row = (await t.sql.query(`select dose_mg::text, amount::text, out_of_range from zoo_med_treatment order by id desc limit 1`)).rows[0];
    expect(row).toEqual({ dose_mg: '37.50', amount: '7.50', out_of_range: 1 });
    expect((await get(admin, 'treatment/list', { outOfRange: '1' })).body.data.total).toBe(1);
  });

  it('doses tablets by quarters and a bird weighed in grams', async () => {
    const craneCase = await openCase(crane, await dayOffset(-1), '羽毛蓬松,食欲下降');
    // 8.45 kg (today) × 12.5 mg/kg = 105.625 → 105.63 mg; ÷ 50 mg = 2.1125 → 2 tablets.
    const res = await post(admin, 'treatment/submit', {
      caseId: craneCase,
      drugId: amoxicillin,
      doseMgKg: 12.5,
      route: 4,
      frequency: 2,
      durationDays: 5,
      startDate: today,
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const row = (
      await t.sql.query(`select dose_mg::text, amount::text, concentration_unit, frequency, duration_days from zoo_med_treatment order by id desc limit 1`)
    ).rows[0];
    expect(row).toEqual({ dose_mg: '105.63', amount: '2.00', concentration_unit: 2, frequency: 2, duration_days: 5 });
  });

  it('refuses treatments on ids of another zoo, before the case, or on a closed case; a case with treatments stays', async () => {
    const base = { caseId, drugId: meloxicam, doseMgKg: 0.1, route: 3, startDate: today };
    expect((await post(admin, 'treatment/submit', { ...base, startDate: await dayOffset(-40) })).body.msg).toBe('处方开始日期不能早于病例开始日期');
    expect((await post(admin, 'treatment/submit', { ...base, startDate: await dayOffset(2) })).body.msg).toBe('开始日期不能晚于今天');
    expect((await post(admin, 'treatment/submit', { ...base, route: 0 })).body.msg).toBe('给药途径取值不正确');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: '' })).body.msg).toBe('请输入剂量');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: undefined })).body.msg).toBe('请输入剂量');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 'abc' })).body.msg).toBe('剂量必须是数字');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.12345 })).body.msg).toBe('剂量最多4位小数');
    expect((await post(admin, 'treatment/submit', { ...base, doseMgKg: 0.00001 })).body.msg).toBe('剂量不能小于0.0001');
    // Zoo B sees neither the case nor the drug of zoo A.
    expect((await post(adminB, 'treatment/submit', base)).body.msg).toBe('所选病例不存在');
    expect((await get(adminB, 'treatment/calc', { caseId, drugId: meloxicam, doseMgKg: '0.1', startDate: today })).body.msg).toBe('所选病例不存在');
    const bCase = await (async () => {
      const b = await post(adminB, 'case/submit', { animalId: foreignAnimal, openDate: today, complaint: '腹泻' });
      expect(b.body.success).toBe(true);
      return lastId('zoo_med_case');
    })();
    expect((await post(adminB, 'treatment/submit', { ...base, caseId: bCase })).body.msg).toBe('所选药品不存在');

    expect((await post(admin, 'case/remove?ids=' + caseId, {})).body.msg).toBe('病例下还有治疗处方,请先删除处方');
    const close = {
      id: caseId,
      animalId: panda,
      openDate: await dayOffset(-25),
      complaint: '右前肢跛行',
      caseStatus: 3,
      closeDate: today,
      outcome: 1,
      outcomeNote: '跛行消失',
    };
    expect((await post(admin, 'case/submit', { ...close, closeDate: await dayOffset(-30) })).body.msg).toBe('结案日期不能早于开始日期');
    expect((await post(admin, 'case/submit', close)).body.success).toBe(true);
    expect((await get(admin, 'case/detail', { id: caseId })).body.data).toMatchObject({ caseStatus: 3, closeDate: today, outcome: 1 });
    expect((await post(admin, 'treatment/submit', base)).body.msg).toBe('病例已结案,不能新增或修改处方');
    expect((await get(admin, 'case/list', { caseStatus: '1' })).body.data.records.map((r: any) => r.animalId)).toEqual([crane]);
  });
});
