import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser } from '../../../../test/fixtures';
import {
  t,
  admin,
  panda,
  crane,
  foreignAnimal,
  today,
  post,
  get,
  dayOffset,
  count,
  drug,
  lonelyAnimal,
  openCase,
  setupVetTests,
  weigh,
  lastId,
} from './vet-test-kit';

setupVetTests();
// What the dosing file builds on the way: the panda's weight today (125 kg) and two cases of it.
beforeAll(async () => {
  await weigh(panda, 125, today);
  await openCase(panda, today);
  await openCase(panda, today, '食欲下降');
});

describe('vaccinations and parasite control', () => {
  it('records doses with their next due date and counts the days to it on the latest dose only', async () => {
    const ok = {
      animalId: crane,
      kind: 1,
      product: '禽流感灭活疫苗(H5+H7)',
      batchNo: '2024A01',
      dose: '0.5 mL',
      route: 1,
      givenDate: await dayOffset(-200),
      nextDue: await dayOffset(-20),
    };
    expect((await post(admin, 'vaccination/submit', { ...ok, product: '' })).body).toMatchObject({ code: 400, msg: '请输入疫苗/药品名称' });
    expect((await post(admin, 'vaccination/submit', { ...ok, kind: 3 })).body.msg).toBe('类别取值不正确');
    expect((await post(admin, 'vaccination/submit', { ...ok, nextDue: ok.givenDate })).body.msg).toBe('下次到期日期应晚于接种日期');
    expect((await post(admin, 'vaccination/submit', { ...ok, givenDate: await dayOffset(1), nextDue: await dayOffset(100) })).body.msg).toBe(
      '接种日期不能晚于今天',
    );
    expect((await post(admin, 'vaccination/submit', { ...ok, animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    expect(await count('zoo_med_vaccination')).toBe(0);
    // An overdue dose; then its booster: only the booster carries the reminder.
    expect((await post(admin, 'vaccination/submit', ok)).body.success).toBe(true);
    let list = await get(admin, 'vaccination/list', { animalId: crane });
    expect(list.body.data.records[0]).toMatchObject({ daysToDue: -20, nextDue: ok.nextDue, speciesName: '丹顶鹤', route: 1 });
    expect(
      (await post(admin, 'vaccination/submit', { ...ok, batchNo: '2024B07', givenDate: await dayOffset(-1), nextDue: await dayOffset(25) })).body.success,
    ).toBe(true);
    // Parasite control, no next date.
    expect((await post(admin, 'vaccination/submit', { animalId: crane, kind: 2, product: '阿苯达唑', givenDate: today, route: '' })).body.success).toBe(true);
    list = await get(admin, 'vaccination/list', { animalId: crane });
    expect(list.body.data.records.map((r: any) => [r.product, r.daysToDue])).toEqual([
      ['阿苯达唑', ''],
      ['禽流感灭活疫苗(H5+H7)', 25],
      ['禽流感灭活疫苗(H5+H7)', ''],
    ]);
    // Due within 30 days.
    const due = await get(admin, 'vaccination/list', { nextDue_datele: await dayOffset(30), kind: '1' });
    expect(due.body.data.total).toBe(2);
  });
});

describe('laboratory results', () => {
  it('flags a value below or above its reference interval, and ties a result to a case of the same animal only', async () => {
    const ok = {
      animalId: crane,
      sampleDate: today,
      sampleType: 2,
      laboratory: '本园检验室',
      testName: '血糖 (GLU)',
      value: 12.4,
      unit: 'mmol/L',
      refLow: 9.3,
      refHigh: 17.1,
    };
    expect((await post(admin, 'lab/submit', { ...ok, testName: '' })).body).toMatchObject({ code: 400, msg: '请输入检测项目' });
    expect((await post(admin, 'lab/submit', { ...ok, value: '', textValue: '' })).body.msg).toBe('请输入结果(数值或文字)');
    expect((await post(admin, 'lab/submit', { ...ok, value: 'abc' })).body.msg).toBe('结果必须是数字');
    expect((await post(admin, 'lab/submit', { ...ok, refLow: 20 })).body.msg).toBe('参考下限不能大于参考上限');
    expect((await post(admin, 'lab/submit', { ...ok, sampleType: 9 })).body.msg).toBe('样本类型取值不正确');
    expect((await post(admin, 'lab/submit', { ...ok, sampleDate: await dayOffset(1) })).body.msg).toBe('采样日期不能晚于今天');
    expect((await post(admin, 'lab/submit', { ...ok, animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    const pandaCase = (await t.sql.query(`select id::text from zoo_med_case where animal_id = $1 limit 1`, [panda])).rows[0].id;
    expect((await post(admin, 'lab/submit', { ...ok, caseId: pandaCase })).body.msg).toBe('所选病例不是该动物的病例');
    expect(await count('zoo_med_lab')).toBe(0);
    for (const [testName, value, refLow, refHigh] of [
      ['血糖 (GLU)', 12.4, 9.3, 17.1],
      ['尿酸 (UA)', 1250, 200, 900],
      ['白细胞 (WBC)', 2.1, 3.5, 20],
      ['血细胞比容 (PCV)', 45, '', ''],
    ] as const)
      expect((await post(admin, 'lab/submit', { ...ok, testName, value, refLow, refHigh })).body.success).toBe(true);
    expect(
      (await post(admin, 'lab/submit', { ...ok, testName: '粪检', value: '', unit: '', refLow: '', refHigh: '', sampleType: 4, textValue: '未见虫卵' })).body
        .success,
    ).toBe(true);
    const list = await get(admin, 'lab/list', { animalId: crane, size: '10' });
    const flags = Object.fromEntries(list.body.data.records.map((r: any) => [r.testName, r.flag]));
    expect(flags).toEqual({ '血糖 (GLU)': 0, '尿酸 (UA)': 2, '白细胞 (WBC)': 1, '血细胞比容 (PCV)': 0, 粪检: 0 });
    expect(list.body.data.records.find((r: any) => r.testName === '粪检')).toMatchObject({ value: '', textValue: '未见虫卵', caseId: '' });
    expect((await get(admin, 'lab/list', { flag: '2' })).body.data.total).toBe(1);
  });
});

describe('anaesthesia and immobilisation', () => {
  it('doses every agent from the same latest weight, asks to confirm an agent out of range, checks the times', async () => {
    const ketamine = await drug({ drugName: '盐酸氯胺酮注射液', concentration: 100, doseMin: 2, doseMax: 10 });
    const medetomidine = await drug({ drugName: '盐酸美托咪定注射液', concentration: 1, doseMin: 0.02, doseMax: 0.08 });
    const ok = {
      animalId: panda,
      procDate: today,
      procedure: '牙科检查及洗牙',
      delivery: 1,
      inductionTime: '09:10',
      recoveryTime: '10:25',
      reversal: '阿替美唑 0.2 mg/kg 肌注',
      agents: [
        { drugId: ketamine, doseMgKg: 4 },
        { drugId: medetomidine, doseMgKg: 0.04 },
      ],
    };
    expect((await post(admin, 'anaesthesia/submit', { ...ok, agents: [] })).body).toMatchObject({ code: 400, msg: '请至少添加一种麻醉药品' });
    expect((await post(admin, 'anaesthesia/submit', { ...ok, agents: [{ drugId: ketamine }] })).body.msg).toBe('请输入麻醉剂量');
    expect((await post(admin, 'anaesthesia/submit', { ...ok, delivery: 9 })).body.msg).toBe('给药方式取值不正确');
    expect((await post(admin, 'anaesthesia/submit', { ...ok, inductionTime: '9:10' })).body.msg).toBe('诱导时间格式应为 HH:mm');
    expect((await post(admin, 'anaesthesia/submit', { ...ok, recoveryTime: '08:00' })).body.msg).toBe('苏醒时间不能早于诱导时间');
    expect((await post(admin, 'anaesthesia/submit', { ...ok, animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    expect((await post(admin, 'anaesthesia/submit', { ...ok, agents: [{ drugId: ketamine, doseMgKg: 12 }] })).body.msg).toBe(
      '盐酸氯胺酮注射液: 剂量 12 mg/kg 超出药品目录范围 2–10 mg/kg,请确认后再提交',
    );
    expect(await count('zoo_med_anaesthesia')).toBe(0);
    // 125 kg (today): ketamine 4 mg/kg = 500 mg = 5 mL at 100 mg/mL; medetomidine 0.04 mg/kg = 5 mg = 5 mL at 1 mg/mL.
    expect((await post(admin, 'anaesthesia/submit', ok)).body.success).toBe(true);
    const list = await get(admin, 'anaesthesia/list', { animalId: panda });
    expect(list.body.data.records[0]).toMatchObject({ weightKg: 125, outOfRange: 0, caseId: '', inductionTime: '09:10' });
    expect(list.body.data.records[0].agents.map((g: any) => [g.drugName, g.doseMg, g.amount, g.outOfRange])).toEqual([
      ['盐酸氯胺酮注射液', 500, 5, ''],
      ['盐酸美托咪定注射液', 5, 5, ''],
    ]);
    expect((await post(admin, 'anaesthesia/submit', { ...ok, agents: [{ drugId: ketamine, doseMgKg: 12 }], confirmOutOfRange: true })).body.success).toBe(true);
    expect((await get(admin, 'anaesthesia/list', { animalId: panda })).body.data.records[0]).toMatchObject({ outOfRange: 1 });
    // No weight, no dose.
    expect((await post(admin, 'anaesthesia/submit', { ...ok, animalId: await lonelyAnimal() })).body.msg).toBe('该动物没有体重记录,请先登记体重');
  });
});

describe('anaesthesia monitoring readings', () => {
  it('keeps the readings as a time series in clock order, each with at least one value, one a minute', async () => {
    const ketamine = await drug({ drugName: '氯胺酮(监测)', concentration: 100, doseMin: 2, doseMax: 10 });
    const ok = { animalId: panda, procDate: today, procedure: '体检', delivery: 1, agents: [{ drugId: ketamine, doseMgKg: 4 }], monitoring: '平稳' };
    const readings = [
      { time: '09:20', heartRate: 62, respRate: 12, spo2: 97, temperature: 37.4 },
      { time: '09:10', heartRate: 70, respRate: '', spo2: 95 },
      { time: '09:30', temperature: 37.1 },
    ];
    const bad = (r: unknown) => post(admin, 'anaesthesia/submit', { ...ok, readings: [r] });
    expect((await bad({ time: '9:10', heartRate: 60 })).body).toMatchObject({ code: 400, msg: '监测时间格式应为 HH:mm' });
    expect((await bad({ time: '09:10' })).body.msg).toBe('每条监测记录至少填写一项读数');
    expect((await bad({ time: '09:10', spo2: 101 })).body.msg).toBe('血氧饱和度不能大于100');
    expect((await bad({ time: '09:10', temperature: 37.25 })).body.msg).toBe('体温最多1位小数');
    expect((await bad({ time: '09:10', heartRate: 'x' })).body.msg).toBe('心率必须是整数');
    const twice = await post(admin, 'anaesthesia/submit', { ...ok, readings: [readings[0], { time: '09:20', spo2: 96 }] });
    expect(twice.body.msg).toBe('监测时间 09:20 重复');
    const res = await post(admin, 'anaesthesia/submit', { ...ok, readings });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const id = await lastId('zoo_med_anaesthesia');
    const detail = (await get(admin, 'anaesthesia/detail', { id })).body.data;
    expect(detail.monitoring).toBe('平稳');
    expect(detail.readings).toEqual([
      { time: '09:10', heartRate: 70, respRate: '', spo2: 95, temperature: '' },
      { time: '09:20', heartRate: 62, respRate: 12, spo2: 97, temperature: 37.4 },
      { time: '09:30', heartRate: '', respRate: '', spo2: '', temperature: 37.1 },
    ]);
    // A record without readings (all of them before migration 0046) reads an empty series.
    expect((await post(admin, 'anaesthesia/submit', ok)).body.success).toBe(true);
    expect((await get(admin, 'anaesthesia/detail', { id: await lastId('zoo_med_anaesthesia') })).body.data.readings).toEqual([]);
  });
});

describe('rights', () => {
  it('a keeper without the medical menus gets 403; a vet holding them reads and writes', async () => {
    const k = await createTenantUser(t.sql, { tenantId: '330001', account: 'keeper9', password: 'pw', roleAlias: 'keeper' });
    await t.sql.query(
      `insert into blade_role_menu (tenant_id, role_id, menu_id) select '330001', $1, id from blade_menu where code in ('basiclog', 'basiclog_add', 'basiclog_view', 'animal', 'animal_view')`,
      [k.roleId],
    );
    const keeper = await t.login('keeper9', 'pw', '330001');
    for (const url of ['case/list', 'treatment/list', 'weight/list', 'drug/list', 'vaccination/list', 'lab/list', 'anaesthesia/list'])
      expect((await get(keeper, url, {})).status, url).toBe(403);
    expect((await get(keeper, 'weight/series', { animalId: panda })).status).toBe(403);
    expect((await post(keeper, 'weight/submit', { animalId: panda, weight: 1, weighDate: today })).status).toBe(403);

    const v = await createTenantUser(t.sql, { tenantId: '330001', account: 'vet9', password: 'pw', roleAlias: 'vet' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select '330001', $1, id from blade_menu where code like 'vet%'`, [v.roleId]);
    const vet = await t.login('vet9', 'pw', '330001');
    expect((await get(vet, 'case/list', {})).body.data.total).toBe(2);
    expect((await post(vet, 'weight/submit', { animalId: panda, weight: 124, weighDate: today })).body.success).toBe(true);
  });
});
