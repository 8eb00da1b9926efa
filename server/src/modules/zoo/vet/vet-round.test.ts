import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser } from '../../../../test/fixtures';
import { covered, coverOutgoing, makeCage, makePopulation, speciesId } from '../../../../test/zoo-fixtures';
import { t, admin, adminB, panda, crane, foreignAnimal, today, post, get, dayOffset, drug, weigh, setupVetTests, lastId } from './vet-test-kit';

setupVetTests();

/** A keeper log through HTTP (the keeper's form), returning its id. */
async function keeperLog(animalId: string, logDate: string, health: number, remark = ''): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/zoo/basicLog/submit', token: admin, body: { animalId, logDate, health, remark } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId('zoo_basic_log');
}
const movement = (kind: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token: admin, body });
const venueOf = async (animalId: string) =>
  (await t.sql.query(`select c.venue_id::text as v from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.id = $1`, [animalId])).rows[0].v as string;

let meloxicam: string;
let pandaCase: string;
let treatment: string;

beforeAll(async () => {
  meloxicam = await drug({ drugName: '美洛昔康注射液', concentration: 5, doseMin: 0.1, doseMax: 0.2 });
  await weigh(panda, 120.5, await dayOffset(-20));
  await weigh(panda, 100, await dayOffset(-2)); // −17 %: an alert
});

describe('keeper log → case', () => {
  it('an abnormal keeper log is listed on the vet home until a case names it; the case must be of the same animal and an abnormal log', async () => {
    const normal = await keeperLog(crane, await dayOffset(-1), 1);
    const alert = await keeperLog(panda, await dayOffset(-1), 3, '左后肢跛行');
    const home = await get(admin, 'home', {});
    expect(home.body.data.keeperAlerts).toEqual([
      expect.objectContaining({ id: alert, animalId: panda, animalName: expect.stringContaining('美香'), remark: '左后肢跛行' }),
    ]);
    const base = { animalId: panda, openDate: today, complaint: '左后肢跛行' };
    expect((await post(admin, 'case/submit', { ...base, basicLogId: normal })).body.msg).toBe('所选饲养日志不是该动物的日志');
    const craneNormal = await post(admin, 'case/submit', { ...base, animalId: crane, basicLogId: normal });
    expect(craneNormal.body.msg).toBe('只能从健康状况为「异常」的饲养日志开立病例');
    expect((await post(admin, 'case/submit', { ...base, basicLogId: '123456789' })).body.msg).toBe('所选饲养日志不存在');
    expect((await t.sql.query(`select count(*)::int as n from zoo_med_case`)).rows[0].n).toBe(0);
    const ok = await post(admin, 'case/submit', { ...base, basicLogId: alert });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    pandaCase = await lastId('zoo_med_case');
    expect((await t.sql.query(`select basic_log_id::text as l from zoo_med_case where id = $1`, [pandaCase])).rows[0].l).toBe(alert);
    expect((await get(admin, 'case/detail', { id: pandaCase })).body.data.basicLogId).toBe(alert);
    expect((await get(admin, 'home', {})).body.data.keeperAlerts).toEqual([]);
    // Zoo B's vet does not see zoo A's alerts or cases.
    const homeB = await get(adminB, 'home', {});
    expect(homeB.body.data.openCases).toEqual([]);
  });
});

describe('keeper log → notice to the vets (decision 0051)', () => {
  const ZOO = '330001';
  const alerts = async (token: string) =>
    ((await t.request({ url: '/blade-desk/notice/list', token, query: { current: '1', size: '100' } })).body.data.records as Array<{ title: string }>)
      .map((n) => n.title)
      .filter((x) => x.startsWith('动物健康异常'));
  const bell = async (token: string) =>
    ((await t.request({ url: '/blade-desk/listAllNotice', token, query: { limit: '50' } })).body.data as Array<{ title: string }>).filter((n) =>
      n.title.startsWith('动物健康异常'),
    ).length;

  it('reaches users holding the vet role, not keepers; taking the vet role away hides it on the next request', async () => {
    const { roleId: vetRole } = await createTenantUser(t.sql, { tenantId: ZOO, account: 'vet1', password: 'pw', roleAlias: 'vet' });
    const { roleId: keeperRole } = await createTenantUser(t.sql, { tenantId: ZOO, account: 'keeper1', password: 'pw', roleAlias: 'keeper' });
    const { userId: bothId } = await createTenantUser(t.sql, { tenantId: ZOO, account: 'vetkeeper', password: 'pw', roleAlias: null });
    await t.sql.query(`update blade_user set role_id = $2 where id = $1`, [bothId, `${keeperRole},${vetRole}`]);
    const [vet, keeper, both] = [await t.login('vet1', 'pw', ZOO), await t.login('keeper1', 'pw', ZOO), await t.login('vetkeeper', 'pw', ZOO)];

    // The panda's abnormal log of the test above: one notice, to the vets; the crane's normal log sent none.
    expect(await alerts(vet)).toEqual([expect.stringContaining('美香')]);
    expect(await bell(vet)).toBe(1);
    const notice = (await t.sql.query(`select content, audience_roles from blade_notice where title like '动物健康异常%'`)).rows;
    expect(notice).toEqual([{ content: expect.stringContaining('左后肢跛行'), audience_roles: 'vet' }]);
    expect(await alerts(keeper)).toEqual([]);
    expect(await bell(keeper)).toBe(0);
    expect(await alerts(both)).toHaveLength(1);

    // Saving the log again while it stays abnormal sends nothing more; a log newly marked abnormal sends one.
    const craneLog = await keeperLog(crane, await dayOffset(-2), 1);
    const resave = await t.request({
      method: 'POST',
      url: '/zoo/basicLog/submit',
      token: admin,
      body: { id: craneLog, animalId: crane, logDate: await dayOffset(-2), health: 3, remark: '拒食' },
    });
    expect(resave.body.success, JSON.stringify(resave.body)).toBe(true);
    expect(await alerts(vet)).toHaveLength(2);
    await t.request({
      method: 'POST',
      url: '/zoo/basicLog/submit',
      token: admin,
      body: { id: craneLog, animalId: crane, logDate: await dayOffset(-2), health: 3, remark: '仍拒食' },
    });
    expect(await alerts(vet)).toHaveLength(2);

    // The zoo admin takes the vet role away: the very next request no longer shows the vets' notices.
    const grant = await t.request({ method: 'POST', url: '/blade-user/grant', token: admin, query: { userIds: bothId, roleIds: keeperRole } });
    expect(grant.body.success, JSON.stringify(grant.body)).toBe(true);
    expect(await alerts(both)).toEqual([]);
    expect(await bell(both)).toBe(0);
    // Zoo B's vets never see zoo A's notices.
    expect(await alerts(adminB)).toEqual([]);
  });
});

describe('administrations on the round', () => {
  it('lists today’s scheduled doses of running treatments and ticks them given, missed or refused', async () => {
    const res = await post(admin, 'treatment/submit', {
      caseId: pandaCase,
      drugId: meloxicam,
      doseMgKg: 0.1,
      route: 1,
      frequency: 2,
      durationDays: 3,
      startDate: today,
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    treatment = await lastId('zoo_med_treatment');
    const round = await get(admin, 'administration/round', {});
    expect(round.body.data.day).toBe(today);
    expect(round.body.data.doses).toEqual([
      expect.objectContaining({
        treatmentId: treatment,
        animalId: panda,
        drugName: '美洛昔康注射液',
        doseMg: 10,
        amount: 2,
        slot: 1,
        frequency: 2,
        adminStatus: 0,
      }),
      expect.objectContaining({ treatmentId: treatment, slot: 2, adminStatus: 0, administrationId: '' }),
    ]);
    const tick = (body: Record<string, unknown>) =>
      post(admin, 'administration/submit', { treatmentId: treatment, dueDate: today, slot: 1, adminStatus: 1, ...body });
    expect((await tick({ givenTime: '08:30' })).body.success).toBe(true);
    expect((await tick({ adminStatus: 3 })).body.msg).toBe('该次给药已登记');
    expect((await tick({ slot: 3 })).body.msg).toBe('次序超出每日给药次数(2次)');
    expect((await tick({ dueDate: await dayOffset(-1) })).body.msg).toBe('该日期不在处方疗程内');
    expect((await tick({ dueDate: await dayOffset(1) })).body.msg).toBe('给药日期不能晚于今天');
    expect((await tick({ adminStatus: 9 })).body.code).toBe(400);
    expect((await tick({ slot: 2, adminStatus: 3, remark: '拒食' })).body.success).toBe(true);
    const after = (await get(admin, 'administration/round', { date: today })).body.data.doses;
    expect(after.map((d: any) => [d.slot, d.adminStatus, d.givenTime])).toEqual([
      [1, 1, '08:30'],
      [2, 3, ''],
    ]);
    const rows = await t.sql.query(`select slot, admin_status as s, animal_id::text as a from zoo_med_administration where treatment_id = $1 order by slot`, [
      treatment,
    ]);
    expect(rows.rows).toEqual([
      { slot: 1, s: 1, a: panda },
      { slot: 2, s: 3, a: panda },
    ]);
    const list = await get(admin, 'administration/list', { treatmentId: treatment });
    expect(list.body.data.records[0]).toMatchObject({ drugName: '美洛昔康注射液', adminStatus: 3, remark: '拒食' });
    // Another zoo's prescription reads as missing.
    expect((await post(adminB, 'administration/submit', { treatmentId: treatment, dueDate: today, slot: 1, adminStatus: 1 })).body.msg).toBe('所选处方不存在');
  });
});

describe('group treatments', () => {
  it('records a population’s deworming with the count treated, refused above its stock', async () => {
    const venue = await venueOf(panda);
    const cageId = await makeCage(t, admin, venue);
    const pop = await makePopulation(t, admin, { speciesId: await speciesId(t, 'Grus japonensis'), cageId, maleQuantity: 3, femaleQuantity: 4 });
    const body = { populationId: pop, drugId: meloxicam, treatDate: today, countTreated: 8, route: 4, doseText: '拌料 10 mg/kg' };
    expect((await post(admin, 'group-treatment/submit', body)).body).toMatchObject({ code: 400, msg: '治疗数量 8 超过种群现有存栏 7' });
    expect((await post(admin, 'group-treatment/submit', { ...body, treatDate: await dayOffset(1), countTreated: 7 })).body.msg).toBe('治疗日期不能晚于今天');
    expect((await post(adminB, 'group-treatment/submit', { ...body, countTreated: 1 })).body.msg).toBe('所选种群不存在');
    expect((await t.sql.query(`select count(*)::int as n from zoo_med_group_treatment`)).rows[0].n).toBe(0);
    expect((await post(admin, 'group-treatment/submit', { ...body, countTreated: 7 })).body.success).toBe(true);
    const list = await get(admin, 'group-treatment/list', { populationId: pop });
    expect(list.body.data.records[0]).toMatchObject({ countTreated: 7, drugName: '美洛昔康注射液', speciesName: expect.any(String), route: 4 });
  });
});

describe('the vet home', () => {
  it('lists open cases, vaccinations due or overdue, quarantines ending within 7 days and weight alerts', async () => {
    const vacc = (animalId: string, product: string, givenDate: string, nextDue: string) =>
      post(admin, 'vaccination/submit', { animalId, kind: 1, product, givenDate, nextDue });
    expect((await vacc(crane, '禽流感疫苗', await dayOffset(-200), await dayOffset(-5))).body.success).toBe(true);
    expect((await vacc(panda, '犬瘟热疫苗', await dayOffset(-300), await dayOffset(20))).body.success).toBe(true);
    expect((await vacc(panda, '狂犬疫苗', await dayOffset(-300), await dayOffset(60))).body.success).toBe(true);
    const venue = await venueOf(panda);
    const qCage = await makeCage(t, admin, venue);
    await t.sql.query(`update zoo_cage set cage_type = 6 where id = $1`, [qCage]);
    const imp = await movement('import', {
      animalType: 1,
      speciesId: await speciesId(t, 'Grus japonensis'),
      cageId: qCage,
      importDate: await dayOffset(-25),
      importType: 2,
      source: '某繁育中心',
      animals: [{ localNo: 'HOME-Q', sex: 1 }],
    });
    expect(imp.body.success, JSON.stringify(imp.body)).toBe(true);
    const home = (await get(admin, 'home', {})).body.data;
    expect(home.openCases.map((c: any) => c.id)).toEqual([pandaCase]);
    expect(home.vaccinationsDue.map((v: any) => [v.product, v.days])).toEqual([
      ['禽流感疫苗', -5],
      ['犬瘟热疫苗', 20],
    ]);
    expect(home.quarantinesEnding).toEqual([expect.objectContaining({ animalName: 'HOME-Q', endDate: await dayOffset(5), days: 5 })]);
    expect(home.weightAlerts).toEqual([expect.objectContaining({ animalId: panda, weightKg: 100, changePct: -17 })]);
  });
});

describe('quarantine bugs', () => {
  it('a transfer of an animal in quarantine is refused; reversing the import withdraws its quarantine', async () => {
    const q = (
      await t.sql.query(
        `select a.id::text as a, q.stock_log_id::text as s from zoo_animal a join zoo_med_quarantine q on q.animal_id = a.id where a.local_no = 'HOME-Q'`,
      )
    ).rows[0];
    await coverOutgoing(t, admin, [await speciesId(t, 'Grus japonensis')]);
    const res = await t.request({
      method: 'POST',
      url: '/zoo-transfer/transferLog/submit',
      token: admin,
      body: covered(admin, { toTenantId: '330002', transferDate: today, animalType: 1, speciesId: await speciesId(t, 'Grus japonensis'), animalId: q.a }),
    });
    expect(res.body).toMatchObject({ code: 400, msg: `个体「HOME-Q」正在隔离检疫(计划至 ${await dayOffset(5)}),须兽医解除隔离后才能转移` });
    expect((await t.sql.query(`select count(*)::int as n from zoo_transfer_log`)).rows[0].n).toBe(0);
    const rev = await t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token: admin, query: { ids: q.s } });
    expect(rev.body.success, JSON.stringify(rev.body)).toBe(true);
    expect((await t.sql.query(`select is_deleted as d from zoo_med_quarantine where stock_log_id = $1`, [q.s])).rows).toEqual([{ d: 1 }]);
    expect((await get(admin, 'home', {})).body.data.quarantinesEnding).toEqual([]);
  });
});

describe('the merged timeline', () => {
  it('merges medical records, keeper logs, movements and the animal’s audit rows, newest first, paged on the server', async () => {
    await post(admin, 'lab/submit', { animalId: panda, sampleDate: today, sampleType: 1, testName: 'WBC', value: 20, unit: '10^9/L', refLow: 4, refHigh: 12 });
    const page1 = await get(admin, 'timeline', { animalId: panda, current: '1', size: '5' });
    expect(page1.body.success, JSON.stringify(page1.body)).toBe(true);
    const d = page1.body.data;
    const kinds = new Set<string>();
    const all: any[] = [];
    for (let p = 1; p <= d.pages; p++) all.push(...(await get(admin, 'timeline', { animalId: panda, current: String(p), size: '5' })).body.data.records);
    for (const e of all) kinds.add(e.kind);
    expect(all).toHaveLength(d.total);
    // Pages past the middle are read from the oldest end: none repeats or skips an entry.
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect([...kinds].sort()).toEqual(['administration', 'audit', 'case', 'lab', 'log', 'movement', 'treatment', 'vaccination', 'weight'].sort());
    const ats = all.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(all.find((e) => e.kind === 'lab')).toMatchObject({ title: 'WBC 20 10^9/L', flag: 1 });
    expect(all.find((e) => e.kind === 'log')).toMatchObject({ title: '3', detail: '左后肢跛行', flag: 1 });
    expect(all.find((e) => e.kind === 'administration' && e.flag === 1)).toMatchObject({ detail: '拒食' });
    // Another zoo's animal reads as missing; a keeper without the medical menus is refused.
    expect((await get(admin, 'timeline', { animalId: foreignAnimal })).body.msg).toBe('所选动物不存在');
    const k = await createTenantUser(t.sql, { tenantId: '330001', account: 'keeper30', password: 'pw', roleAlias: 'keeper' });
    await t.sql.query(
      `insert into blade_role_menu (tenant_id, role_id, menu_id) select '330001', $1, id from blade_menu where code in ('basiclog', 'basiclog_view')`,
      [k.roleId],
    );
    const keeper = await t.login('keeper30', 'pw', '330001');
    for (const url of ['timeline', 'home', 'administration/round', 'group-treatment/list'])
      expect((await get(keeper, url, { animalId: panda })).status, url).toBe(403);
  });

  it('draws the species’ reference growth curve from the animal’s birth date', async () => {
    const species = await speciesId(t, 'Ailuropoda melanoleuca');
    expect((await post(admin, 'weight-ref/submit', { speciesId: species, ageDays: 365, weightKg: 35, source: '圈养大熊猫生长曲线' })).body.success).toBe(true);
    expect((await post(admin, 'weight-ref/submit', { speciesId: species, ageDays: 365, weightKg: 36 })).body.msg).toBe('该物种在这个日龄已有参考体重');
    await t.sql.query(`update zoo_animal set birth_date = '2020-08-01' where id = $1`, [panda]);
    const curve = await get(admin, 'weight-ref/curve', { animalId: panda });
    expect(curve.body.data).toEqual({ birthDate: '2020-08-01', points: [{ day: '2021-08-01', ageDays: 365, weightKg: 35 }] });
  });
});
