import { beforeAll, describe, expect, it } from 'vitest';
import { makeCage, platformToken, speciesId } from '../../../../test/zoo-fixtures';
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
  importInto,
  movement,
  openCase,
  setupVetTests,
  weigh,
} from './vet-test-kit';

setupVetTests();

const venueOf = async (animalId: string) =>
  (await t.sql.query(`select c.venue_id::text as v from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.id = $1`, [animalId])).rows[0].v as string;
const quarantineRows = async (animalId: string) =>
  (
    await t.sql.query(
      `select id::text, to_char(start_date, 'YYYY-MM-DD') as start, days, to_char(end_date, 'YYYY-MM-DD') as "end", quarantine_status as st, cage_id::text as cage
         from zoo_med_quarantine where animal_id = $1 and is_deleted = 0 order by id`,
      [animalId],
    )
  ).rows;
const cageOfAnimal = async (id: string) => (await t.sql.query(`select cage_id::text as c from zoo_animal where id = $1`, [id])).rows[0].c as string;
/** A parameter as the platform administrator sets it in 参数管理. */
const setParam = async (paramKey: string, paramValue: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/blade-system/param/submit',
    token: await platformToken(t),
    body: { paramName: paramKey, paramKey, paramValue },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
};

let pandaSpecies: string;
let craneSpecies: string;
let quarantineCage: string;
let quarantineCage2: string;
let ordinaryCage: string;

beforeAll(async () => {
  pandaSpecies = await speciesId(t, 'Ailuropoda melanoleuca');
  craneSpecies = await speciesId(t, 'Grus japonensis');
  const venue = await venueOf(panda);
  ordinaryCage = await makeCage(t, admin, venue);
  quarantineCage = await makeCage(t, admin, venue);
  quarantineCage2 = await makeCage(t, admin, venue);
  await t.sql.query(`update zoo_cage set cage_type = 6 where id = any($1::bigint[])`, [[quarantineCage, quarantineCage2]]);
});

describe('quarantine', () => {
  it('an import into a 隔离检疫 cage starts one (species parameter, else the zoo’s, else 30 days); an ordinary cage does not', async () => {
    const d40 = await dayOffset(-40);
    const first = await importInto(quarantineCage, pandaSpecies, d40, 'Q-1');
    expect(await quarantineRows(first)).toMatchObject([{ start: d40, days: 30, end: await dayOffset(-10), st: 1, cage: quarantineCage }]);
    await setParam('zoo.medical.quarantineDays.330001', '45');
    await setParam(`zoo.medical.quarantineDays.330001.${craneSpecies}`, '60');
    const crane2 = await importInto(quarantineCage, craneSpecies, today, 'Q-2');
    expect((await quarantineRows(crane2))[0]).toMatchObject({ days: 60, end: await dayOffset(60) });
    const panda2 = await importInto(quarantineCage, pandaSpecies, today, 'Q-3');
    expect((await quarantineRows(panda2))[0]).toMatchObject({ days: 45 });
    expect(await quarantineRows(await importInto(ordinaryCage, pandaSpecies, today, 'Q-4'))).toEqual([]);
    const list = await get(admin, 'quarantine/list', { quarantineStatus: '1', size: '10' });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.records.find((r: any) => r.animalId === first)).toMatchObject({ animalName: 'Q-1', quarantineStatus: 1, releaseDate: '' });
  });

  it('refuses a move out before the release (nothing moves), follows a move to another 隔离检疫 cage, and lets it go once a vet released it', async () => {
    const animal = (await t.sql.query(`select id::text from zoo_animal where local_no = 'Q-1'`)).rows[0].id as string;
    const [q] = await quarantineRows(animal);
    const move = (toCageId: string) => movement('move', { animalType: 1, speciesId: pandaSpecies, animalId: animal, toCageId, moveDate: today });
    const refused = await move(ordinaryCage);
    expect(refused.body).toMatchObject({ code: 400, success: false });
    expect(refused.body.msg).toBe(`个体「Q-1」正在隔离检疫(计划至 ${q.end}),须兽医解除隔离后才能迁出隔离笼舍`);
    expect(await cageOfAnimal(animal)).toBe(quarantineCage);
    expect((await t.sql.query(`select count(*)::int as n from zoo_stock_log where animal_id = $1 and movement_type = 'move'`, [animal])).rows[0].n).toBe(0);

    expect((await move(quarantineCage2)).body.success).toBe(true);
    expect((await quarantineRows(animal))[0]).toMatchObject({ st: 1, cage: quarantineCage2 });

    const release = (body: Record<string, unknown>) => post(admin, 'quarantine/release', { id: q.id, releaseDate: today, findings: '检疫合格', ...body });
    expect((await release({ findings: '' })).body.msg).toBe('请输入检疫结论');
    expect((await release({ releaseDate: await dayOffset(1) })).body.msg).toBe('解除日期不能晚于今天');
    expect((await release({ releaseDate: await dayOffset(-11) })).body.msg).toBe(`隔离期至 ${q.end} 才满,不能提前解除;如需缩短请先修改隔离天数`);
    expect((await post(adminB, 'quarantine/release', { id: q.id, releaseDate: today, findings: 'x' })).body.msg).toBe('所选隔离记录不存在');
    expect((await release({})).body.success).toBe(true);
    expect((await release({})).body.msg).toBe('隔离已解除');
    const detail = (await get(admin, 'quarantine/detail', { id: q.id })).body.data;
    expect(detail).toMatchObject({ quarantineStatus: 2, releaseDate: today, findings: '检疫合格' });
    expect(detail.releaseVetName).not.toBe('');
    expect((await move(ordinaryCage)).body.success).toBe(true);
    expect(await cageOfAnimal(animal)).toBe(ordinaryCage);
  });

  it('refuses an early release, opens one by hand only in a 隔离检疫 cage, and keeps one in force from deletion', async () => {
    const crane2 = (await t.sql.query(`select id::text from zoo_animal where local_no = 'Q-2'`)).rows[0].id as string;
    const [q] = await quarantineRows(crane2);
    expect((await post(admin, 'quarantine/release', { id: q.id, releaseDate: today, findings: '合格' })).body.msg).toContain('不能提前解除');
    expect((await post(admin, 'quarantine/remove?ids=' + q.id, {})).body.msg).toBe('隔离检疫中的记录须由兽医解除,不能删除');
    // Shortened by the vet (audited), then released.
    expect((await post(admin, 'quarantine/submit', { id: q.id, animalId: crane2, startDate: await dayOffset(-5), days: 3 })).body.success).toBe(true);
    expect((await quarantineRows(crane2))[0]).toMatchObject({ days: 3, end: await dayOffset(-2) });
    expect((await post(admin, 'quarantine/release', { id: q.id, releaseDate: today, findings: '合格' })).body.success).toBe(true);

    expect((await post(admin, 'quarantine/submit', { animalId: crane, startDate: today })).body.msg).toBe('该动物不在隔离检疫笼舍,请先迁入隔离检疫笼舍');
    expect((await post(admin, 'quarantine/submit', { animalId: foreignAnimal, startDate: today })).body.msg).toBe('所选动物不存在');
    expect((await post(admin, 'quarantine/submit', { animalId: crane2, startDate: today, days: 0 })).body.msg).toBe('隔离天数不能小于1');
    const before = await count('zoo_med_quarantine');
    expect((await post(admin, 'quarantine/submit', { animalId: crane2, startDate: await dayOffset(1) })).body.msg).toBe('开始日期不能晚于今天');
    expect((await post(admin, 'quarantine/submit', { animalId: crane2, startDate: today })).body.success).toBe(true);
    expect(await count('zoo_med_quarantine')).toBe(before + 1);
    expect((await post(admin, 'quarantine/submit', { animalId: crane2, startDate: today })).body.msg).toBe('该动物已在隔离检疫中');
  });
});

describe('health status on a date', () => {
  it('answers the open cases, running treatments and quarantine of that day', async () => {
    const animal = (await t.sql.query(`select id::text from zoo_animal where local_no = 'Q-3'`)).rows[0].id as string;
    await weigh(animal, 100, await dayOffset(-3));
    const caseId = await openCase(animal, await dayOffset(-3), '跛行');
    const drug = await post(admin, 'drug/submit', { drugName: '美洛昔康注射液', form: 1, concentrationUnit: 1, concentration: 5, doseMin: 0.1, doseMax: 0.2 });
    expect(drug.body.success).toBe(true);
    const drugId = (await t.sql.query(`select id::text from zoo_med_drug order by id desc limit 1`)).rows[0].id;
    const rx = await post(admin, 'treatment/submit', {
      caseId,
      drugId,
      doseMgKg: 0.1,
      route: 1,
      frequency: 1,
      durationDays: 2,
      startDate: await dayOffset(-3),
    });
    expect(rx.body.success, JSON.stringify(rx.body)).toBe(true);
    const status = async (date: string) => (await get(admin, 'health/status', { animalId: animal, date })).body;

    const d3 = await status(await dayOffset(-3));
    expect(d3.success, JSON.stringify(d3)).toBe(true);
    expect(d3.data.openCases.map((c: any) => c.complaint)).toEqual(['跛行']);
    expect(d3.data.ongoingTreatments).toMatchObject([{ drugName: '美洛昔康注射液', doseMg: 10, durationDays: 2 }]);
    expect(d3.data.quarantine).toBe('');
    // Two days of treatment: day −3 and −2; on day −1 it is over.
    expect((await status(await dayOffset(-1))).data.ongoingTreatments).toEqual([]);
    // Imported today: in quarantine today, not the day before.
    expect((await status(today)).data.quarantine).toMatchObject({ startDate: today, endDate: await dayOffset(45), releaseDate: '' });
    expect((await status(await dayOffset(-1))).data.quarantine).toBe('');
    await post(admin, 'case/submit', {
      id: caseId,
      animalId: animal,
      openDate: await dayOffset(-3),
      complaint: '跛行',
      caseStatus: 3,
      closeDate: await dayOffset(-1),
      outcome: 1,
    });
    expect((await status(await dayOffset(-2))).data.openCases).toHaveLength(1);
    expect((await status(await dayOffset(-1))).data.openCases).toEqual([]);

    expect((await get(admin, 'health/status', { animalId: foreignAnimal, date: today })).body).toMatchObject({ code: 400, msg: '所选动物不存在' });
    expect((await get(admin, 'health/status', { animalId: animal, date: '2025-02-30' })).body.code).toBe(400);
    expect((await get(admin, 'health/status', { animalId: animal })).body.msg).toBe('请选择日期');
  });
});

describe('necropsy', () => {
  it('is tied to an individual’s death movement; a class I species needs the disposal record and the authority’s reference', async () => {
    const animal = (await t.sql.query(`select id::text from zoo_animal where local_no = 'Q-4'`)).rows[0].id as string;
    const died = await movement('die', { animalType: 1, speciesId: pandaSpecies, animalId: animal, dieDate: await dayOffset(-2), dieType: 1 });
    expect(died.body.success, JSON.stringify(died.body)).toBe(true);
    const deathId = died.body.data.ids[0] as string;
    const importRow = (await t.sql.query(`select id::text from zoo_stock_log where animal_id = $1 and movement_type = 'import'`, [animal])).rows[0].id;
    const ok = {
      stockLogId: deathId,
      necropsyDate: await dayOffset(-1),
      prosector: '张兽医',
      findings: '肺脏实变,胸腔积液',
      causeOfDeath: '细菌性肺炎',
      samples: '肺组织(福尔马林固定)、胸水',
      disposal: 1,
      disposalDate: today,
      disposalRecord: '无害化焚烧,记录表 FS-2025-003',
      authorityRef: '川林护〔2025〕12号',
    };
    expect((await post(admin, 'necropsy/submit', { ...ok, causeOfDeath: '' })).body).toMatchObject({ code: 400, msg: '请输入死亡原因' });
    expect((await post(admin, 'necropsy/submit', { ...ok, disposal: 9 })).body.msg).toBe('尸体处理方式取值不正确');
    expect((await post(admin, 'necropsy/submit', { ...ok, stockLogId: importRow })).body.msg).toBe('所选死亡登记不存在');
    expect((await post(adminB, 'necropsy/submit', ok)).body.msg).toBe('所选死亡登记不存在');
    expect((await post(admin, 'necropsy/submit', { ...ok, necropsyDate: await dayOffset(-3) })).body.msg).toBe('剖检日期不能早于死亡日期');
    expect((await post(admin, 'necropsy/submit', { ...ok, necropsyDate: await dayOffset(1) })).body.msg).toBe('剖检日期不能晚于今天');
    expect((await post(admin, 'necropsy/submit', { ...ok, authorityRef: '' })).body.msg).toBe('国家一级保护动物须填写尸体处理记录和主管部门文号');
    expect((await post(admin, 'necropsy/submit', { ...ok, disposalRecord: '' })).body.msg).toBe('国家一级保护动物须填写尸体处理记录和主管部门文号');
    expect(await count('zoo_med_necropsy')).toBe(0);
    expect((await post(admin, 'necropsy/submit', ok)).body.success).toBe(true);
    expect((await post(admin, 'necropsy/submit', ok)).body.msg).toBe('该死亡登记已有剖检记录');
    const list = await get(admin, 'necropsy/list', { animalId: animal });
    expect(list.body.data.records).toMatchObject([
      { animalId: animal, animalName: 'Q-4', protectionClass: 1, deathDate: await dayOffset(-2), causeOfDeath: '细菌性肺炎', disposal: 1 },
    ]);
    expect((await get(adminB, 'necropsy/list', {})).body.data.total).toBe(0);
  });
});
