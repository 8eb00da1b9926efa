import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeasonBoard } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

// Reproduction, second slice (decision 0042): pregnancy, litters through the ledger, cub care, contraception,
// the board's studbook advice, the calendar and an animal's reproduction.
let t: TestApp;
let admin: string;
let adminB: string;
let panda: string;
let cageId: string;
let mother: string; // 美美, bred in 2024
let virgin: string; // 丫丫, never bred
let sire: string; // 阳阳, unrelated
let sire2: string; // 星星, donor of a semen sample
let son: string; // 美美's son: related to her
const TENANT = '330111';

const post = (token: string, url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-breeding/${url}`, token, body });
const get = (token: string, url: string, query: Record<string, string>) => t.request({ url: `/zoo-breeding/${url}`, token, query });
const q = async (text: string, args: unknown[] = []) => (await t.sql.query(text, args)).rows;
const count = async (table: string) => (await q(`select count(*)::int as n from ${table} where is_deleted = 0 and tenant_id = '${TENANT}'`))[0].n as number;
const bornRows = async () => (await q(`select count(*)::int n from zoo_stock_log where tenant_id = '${TENANT}' and movement_type = 'born'`))[0].n as number;
const lastId = async (table: string) => (await q(`select id::text from ${table} order by id desc limit 1`))[0].id as string;

async function ok(url: string, body: Record<string, unknown>, table: string): Promise<string> {
  const res = await post(admin, url, body);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId(table);
}
async function refused(url: string, body: Record<string, unknown>, msg: string | RegExp, tables: string[]): Promise<void> {
  const before = await Promise.all(tables.map(count));
  const ledger = await bornRows();
  const res = await post(admin, url, body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 400, success: false });
  expect(res.body.msg).toMatch(msg);
  expect(await Promise.all(tables.map(count))).toEqual(before);
  expect(await bornRows()).toBe(ledger);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, TENANT);
  adminB = await zooAdmin(t, '330112');
  await authorise(t, TENANT, [{ latin: 'Ailuropoda melanoleuca' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  ({ cageId } = await makeCageChain(t, admin));
  mother = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 2, animalName: '美美', birthDate: '2012-08-01' });
  virgin = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 2, animalName: '丫丫', birthDate: '2013-08-01' });
  sire = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 1, animalName: '阳阳', birthDate: '2010-08-01' });
  sire2 = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 1, animalName: '星星', birthDate: '2011-08-01' });
  son = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 1, animalName: '小美', birthDate: '2017-08-01', damId: mother });
  // The cycle: paired with 阳阳 on April 10, inseminated next day with 星星's frozen semen.
  await ok('event/submit', { femaleId: mother, kind: 1, eventDate: '2024-04-10', sireIds: [sire], copulations: 2, outcome: 1 }, 'zoo_breed_event');
  const sample = await ok(
    'semen/submit',
    { sampleNo: 'GRB-T-1', speciesId: panda, donorAnimalId: sire2, collectDate: '2024-03-01', straws: 4 },
    'zoo_breed_semen',
  );
  await ok('event/submit', { femaleId: mother, kind: 2, eventDate: '2024-04-11', semenId: sample, straws: 1, method: 3 }, 'zoo_breed_event');
});
afterAll(async () => t?.close());

describe('pregnancy', () => {
  it('a confirmed diagnosis gives the expected birth window from the species gestation (delayed implantation: 83–200 days)', async () => {
    const id = await ok(
      'pregnancy/submit',
      { femaleId: mother, checkDate: '2024-07-20', method: 1, pregStatus: 2, evidence: '子宫内见孕囊' },
      'zoo_breed_pregnancy',
    );
    const d = (await get(admin, 'pregnancy/detail', { id })).body.data;
    expect(d).toMatchObject({
      femaleName: '美美 (' + d.femaleName.split('(')[1],
      eventDate: '2024-04-11',
      pregStatus: 2,
      expectedFrom: '2024-07-03',
      expectedTo: '2024-10-28',
    });
    // A pseudo-pregnancy has no window.
    const ps = await ok('pregnancy/submit', { femaleId: mother, checkDate: '2024-07-21', method: 2, pregStatus: 3 }, 'zoo_breed_pregnancy');
    expect((await get(admin, 'pregnancy/detail', { id: ps })).body.data).toMatchObject({ pregStatus: 3, expectedFrom: '', expectedTo: '' });
    expect((await t.request({ method: 'POST', url: '/zoo-breeding/pregnancy/remove', token: admin, query: { ids: ps } })).body.success).toBe(true);
  });

  it('refuses a female never bred, a diagnosis before the breeding, a male', async () => {
    const tables = ['zoo_breed_pregnancy'];
    await refused('pregnancy/submit', { femaleId: virgin, checkDate: '2024-07-20', method: 1, pregStatus: 1 }, '该雌性没有配种记录,不能登记妊娠诊断', tables);
    await refused('pregnancy/submit', { femaleId: mother, checkDate: '2024-04-01', method: 3, pregStatus: 1 }, '诊断日期不能早于配种日期(2024-04-10)', tables);
    await refused('pregnancy/submit', { femaleId: sire, checkDate: '2024-07-20', method: 1, pregStatus: 1 }, '雄性个体不能登记妊娠诊断', tables);
    await refused('pregnancy/submit', { femaleId: mother, checkDate: '2024-07-20', method: 9, pregStatus: 1 }, /诊断方法/, tables);
  });
});

describe('litters', () => {
  const tables = ['zoo_breed_litter', 'zoo_animal', 'zoo_med_weight'];
  const cubs = [
    { localNo: 'CUB-A', animalName: '大宝', sex: 1, birthWeightG: 150.5, vitality: 1 },
    { localNo: 'CUB-B', animalName: '小宝', sex: 2, birthWeightG: 98, vitality: 2 },
  ];

  it('refuses a female not bred, a date before the breeding, a cub number taken — and books nothing', async () => {
    await refused('litter/submit', { damId: virgin, birthDate: '2024-08-20', cageId, cubs }, '该雌性没有配种记录,不能登记产仔记录', tables);
    await refused('litter/submit', { damId: mother, birthDate: '2024-04-01', cageId, cubs }, '产仔日期不能早于配种日期(2024-04-10)', tables);
    const taken = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 3, localNo: 'TAKEN-1' });
    await refused(
      'litter/submit',
      { damId: mother, birthDate: '2024-08-20', cageId, cubs: [cubs[0], { ...cubs[1], localNo: 'TAKEN-1' }] },
      '本园编号「TAKEN-1」已存在',
      tables,
    );
    await t.request({ method: 'POST', url: '/zoo-animal/animal/remove', token: admin, query: { ids: taken } });
    await refused('litter/submit', { damId: mother, birthDate: '2024-08-20', cageId, cubs: [] }, '请填写至少一个幼仔或死产数', tables);
  });

  it('twins: one birth movement in the ledger, cubs with their dam and the cycle’s sires as MULT, birth weights kept', async () => {
    const before = await bornRows();
    const id = await ok(
      'litter/submit',
      { damId: mother, birthDate: '2024-08-20', cageId, cubs, stillborn: 1, rearing: 3, remark: '双胞胎' },
      'zoo_breed_litter',
    );
    expect(await bornRows()).toBe(before + 2);
    const d = (await get(admin, 'litter/detail', { id })).body.data;
    expect(d).toMatchObject({ damId: mother, eventDate: '2024-04-11', birthDate: '2024-08-20', liveBorn: 2, stillborn: 1, rearing: 3 });
    expect([...d.sireIds].sort()).toEqual([sire, sire2].sort());
    expect(d.cubs.map((c: { localNo: string }) => c.localNo)).toEqual(['CUB-A', 'CUB-B']);
    const rows = await q(
      `select a.local_no, a.dam_id::text, a.sire_id, a.sire_mark, a.sire_candidates, a.status, to_char(a.birth_date, 'YYYY-MM-DD') b, l.movement_type, l.type_key
         from zoo_animal a join zoo_stock_log l on l.animal_id = a.id where a.id = any($1::bigint[]) order by a.local_no`,
      [d.cubs.map((c: { id: string }) => c.id)],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ dam_id: mother, sire_id: null, sire_mark: 'MULT', status: 1, b: '2024-08-20', movement_type: 'born', type_key: '3' });
      expect(r.sire_candidates.map((c: { id: string }) => c.id).sort()).toEqual([sire, sire2].sort());
    }
    expect(d.stockLogIds).toHaveLength(2);
    const w = await q(`select weight_kg::float8 kg, unit from zoo_med_weight where animal_id = $1`, [d.cubs[0].id]);
    expect(w).toEqual([{ kg: 0.1505, unit: 'g' }]);
    // The cubs are in the animal list, the dam's 繁殖 tab shows the litter and her offspring.
    const list = await t.request({ url: '/zoo-animal/animal/list', token: admin, query: { localNo: 'CUB-A', current: '1', size: '10' } });
    expect(list.body.data.records.map((r: { localNo: string }) => r.localNo)).toContain('CUB-A');
    const tab = (await get(admin, 'animal', { animalId: mother })).body.data;
    expect(tab.litters).toMatchObject([{ id, liveBorn: 2, stillborn: 1, rearing: 3 }]);
    expect(tab.offspring.map((o: { localNo: string }) => o.localNo).sort()).toEqual(['CUB-A', 'CUB-B', expect.any(String)].sort());
    expect(tab.events).toHaveLength(2);
    // A candidate sire sees the MULT cubs among his offspring.
    expect((await get(admin, 'animal', { animalId: sire2 })).body.data.offspring).toHaveLength(2);
    // Zoo B sees nothing of it.
    expect((await get(adminB, 'litter/detail', { id })).body.success).toBe(false);
  });

  it('cub care: feeds per cub, swaps only in a twin-swap litter, the growth series from the weight records', async () => {
    const [litter] = await q(`select id::text, cubs from zoo_breed_litter where dam_id = $1 and is_deleted = 0`, [mother]);
    const [a, b] = litter.cubs.map((c: { id: string }) => c.id);
    await ok('cub-log/submit', { cubId: a, logTime: '2024-08-21 08:00:00', kind: 1, feedType: 2, volumeMl: 12 }, 'zoo_breed_cub_log');
    await ok('cub-log/submit', { cubId: a, logTime: '2024-08-21 11:00:00', kind: 1, feedType: 2, volumeMl: 14.5 }, 'zoo_breed_cub_log');
    await ok('cub-log/submit', { cubId: a, logTime: '2024-08-21 12:00:00', kind: 2, placement: 1 }, 'zoo_breed_cub_log');
    await ok('cub-log/submit', { cubId: b, logTime: '2024-08-21 12:00:00', kind: 2, placement: 2 }, 'zoo_breed_cub_log');
    const logs = ['zoo_breed_cub_log'];
    await refused('cub-log/submit', { cubId: a, logTime: '2024-08-19 08:00:00', kind: 1, feedType: 2, volumeMl: 10 }, '时间不能早于出生日期(2024-08-20)', logs);
    await refused('cub-log/submit', { cubId: a, logTime: '2024-08-21 08:00:00', kind: 1, feedType: 2 }, '人工喂养请填写奶量', logs);
    await refused('cub-log/submit', { cubId: sire, logTime: '2024-08-21 08:00:00', kind: 2, placement: 1 }, '该个体不是产仔记录中的幼仔', logs);
    // Weights are the veterinary weight records (grams for a cub); a loss flags the cub.
    for (const [day, g] of [
      ['2024-08-22', 160],
      ['2024-08-23', 155],
    ] as const) {
      const r = await t.request({
        method: 'POST',
        url: '/zoo-medical/weight/submit',
        token: admin,
        body: { animalId: a, weighDate: day, weight: g, unit: 'g' },
      });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
    const growthRes = (await get(admin, 'litter/growth', { id: litter.id })).body;
    expect(growthRes.success, JSON.stringify(growthRes)).toBe(true);
    const growth = growthRes.data.cubs;
    expect(growth[0]).toMatchObject({
      id: a,
      weights: [
        { day: '2024-08-20', grams: 150.5 },
        { day: '2024-08-22', grams: 160 },
        { day: '2024-08-23', grams: 155 },
      ],
      feeds: [{ day: '2024-08-21', ml: 26.5, count: 2 }],
      swaps: 1,
      losing: true,
    });
    expect(growth[1]).toMatchObject({ id: b, swaps: 1, losing: false });
  });

  it('the growth chart carries the species reference curve; a cub under the zoo’s fraction of it is behind', async () => {
    const [litter] = await q(`select id::text, cubs from zoo_breed_litter where dam_id = $1 and is_deleted = 0`, [mother]);
    const [a, b] = litter.cubs.map((c: { id: string }) => c.id);
    // No reference curve yet: nothing to compare with, nobody behind.
    const none = (await get(admin, 'litter/growth', { id: litter.id })).body.data;
    expect(none).toMatchObject({ curve: [], behindPercent: 80 });
    expect(none.cubs.map((c: { percentOfCurve: number | ''; behind: boolean }) => [c.percentOfCurve, c.behind])).toEqual([
      ['', false],
      ['', false],
    ]);
    // The veterinary reference curve of the species (参考生长曲线), the same table the weight chart reads.
    for (const [ageDays, weightKg] of [
      [0, 0.15],
      [7, 0.3],
      [30, 1.8],
    ])
      expect(
        (await t.request({ method: 'POST', url: '/zoo-medical/weight-ref/submit', token: admin, body: { speciesId: panda, ageDays, weightKg } })).body.success,
      ).toBe(true);
    const growth = (await get(admin, 'litter/growth', { id: litter.id })).body.data;
    // Weighed up to day 3: the points up to then and the next one, in grams on the cubs' dates.
    expect(growth.curve).toEqual([
      { day: '2024-08-20', ageDays: 0, grams: 150 },
      { day: '2024-08-27', ageDays: 7, grams: 300 },
    ]);
    // 大宝's 155 g on day 3 against 214.3 g (linear between day 0 and 7): 72.3 %; 小宝's 98 g at birth: 65.3 %.
    expect(growth.cubs.map((c: { id: string; percentOfCurve: number; behind: boolean }) => [c.id, c.percentOfCurve, c.behind])).toEqual([
      [a, 72.3, true],
      [b, 65.3, true],
    ]);
    // The threshold is the zoo's parameter; another zoo's is its own.
    const r = await t.request({
      method: 'POST',
      url: '/blade-system/param/submit',
      token: await platformToken(t),
      body: { paramName: '幼仔生长落后阈值', paramKey: `zoo.breeding.cubBehindPercent.${TENANT}`, paramValue: '70' },
    });
    expect(r.body.success).toBe(true);
    const lower = (await get(admin, 'litter/growth', { id: litter.id })).body.data;
    expect(lower.behindPercent).toBe(70);
    expect(lower.cubs.map((c: { behind: boolean }) => c.behind)).toEqual([false, true]);
  });

  it('a single sire is the sire; removing a litter reverses its birth movement', async () => {
    const dam = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 2, birthDate: '2014-08-01' });
    const ev = await ok('event/submit', { femaleId: dam, kind: 1, eventDate: '2024-03-01', sireIds: [sire] }, 'zoo_breed_event');
    // Stillborn only: nothing to book.
    await ok('litter/submit', { damId: dam, eventId: ev, birthDate: '2024-06-01', cageId, stillborn: 1, rearing: 1 }, 'zoo_breed_litter');
    await refused('cub-log/submit', { cubId: dam, logTime: '2024-06-02 08:00:00', kind: 2, placement: 1 }, '该个体不是产仔记录中的幼仔', ['zoo_breed_cub_log']);
    const before = await bornRows();
    const id = await ok(
      'litter/submit',
      { damId: dam, eventId: ev, birthDate: '2024-07-01', cageId, cubs: [{ localNo: 'CUB-S', sex: 3 }] },
      'zoo_breed_litter',
    );
    expect(await bornRows()).toBe(before + 1);
    const [cub] = await q(`select id::text, sire_id::text, sire_mark, dam_id::text from zoo_animal where local_no = 'CUB-S' and is_deleted = 0`);
    expect(cub).toMatchObject({ sire_id: sire, sire_mark: '', dam_id: dam });
    // The booked birth cannot be moved to another day by an edit; rearing and remark can change.
    const edit = await post(admin, 'litter/submit', { id, damId: dam, birthDate: '2024-07-02', cageId, cubs: [] });
    expect(edit.body).toMatchObject({ code: 400, msg: '产仔记录已登记出生变动,母本、产仔日期和笼舍不能修改;如有错误请删除后重新登记' });
    expect((await post(admin, 'litter/submit', { id, damId: dam, birthDate: '2024-07-01', cageId, cubs: [], rearing: 2 })).body.success).toBe(true);
    expect((await q(`select rearing, jsonb_array_length(cubs) n from zoo_breed_litter where id = $1`, [id]))[0]).toEqual({ rearing: 2, n: 1 });
    const rm = await t.request({ method: 'POST', url: '/zoo-breeding/litter/remove', token: admin, query: { ids: id } });
    expect(rm.body.success, JSON.stringify(rm.body)).toBe(true);
    expect((await q(`select is_deleted from zoo_animal where id = $1`, [cub.id]))[0].is_deleted).toBe(1);
    const [booked] = (await q(`select stock_log_ids from zoo_breed_litter where id = $1`, [id]))[0].stock_log_ids as string[];
    expect((await q(`select count(*)::int n from zoo_stock_log where reversed_id = $1`, [booked]))[0].n).toBe(1);
  });
});

describe('bird clutches', () => {
  it('a crane clutch in the incubator: eggs laid, fertile and hatched, the hatched chicks booked; refused for a mammal', async () => {
    await authorise(t, TENANT, [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Grus japonensis' }]);
    const crane = await speciesId(t, 'Grus japonensis');
    const hen = await makeAnimal(t, admin, { speciesId: crane, cageId, sex: 2, animalName: '丹丹', birthDate: '2015-05-01' });
    const cock = await makeAnimal(t, admin, { speciesId: crane, cageId, sex: 1, animalName: '顶顶', birthDate: '2014-05-01' });
    await ok('event/submit', { femaleId: hen, kind: 1, eventDate: '2023-03-20', sireIds: [cock], copulations: 3, outcome: 1 }, 'zoo_breed_event');
    const chicks = [
      { localNo: 'CHICK-1', sex: 3, birthWeightG: 120 },
      { localNo: 'CHICK-2', sex: 3, birthWeightG: 112 },
    ];
    const tables = ['zoo_breed_litter', 'zoo_animal'];
    const clutch = { damId: hen, birthDate: '2023-05-02', cageId, cubs: chicks, rearing: 5, eggsLaid: 3, eggsFertile: 2, eggsHatched: 2 };
    await refused('litter/submit', { ...clutch, eggsFertile: 4 }, '受精卵数不能大于产卵数', tables);
    await refused('litter/submit', { ...clutch, eggsHatched: 3 }, '出壳数不能大于受精卵数(或产卵数)', tables);
    await refused('litter/submit', { ...clutch, eggsFertile: 3, eggsHatched: 3 }, '出壳数(3)应等于登记的雏鸟数(2)', tables);
    // A mammal's litter has no eggs nor incubator.
    await refused(
      'litter/submit',
      { damId: mother, birthDate: '2024-09-01', cageId, cubs: [{ localNo: 'NO-EGG', sex: 3 }], rearing: 5 },
      '孵化箱育雏与卵数只适用于鸟类',
      tables,
    );
    await refused(
      'litter/submit',
      { damId: mother, birthDate: '2024-09-01', cageId, cubs: [{ localNo: 'NO-EGG', sex: 3 }], eggsLaid: 1 },
      '孵化箱育雏与卵数只适用于鸟类',
      tables,
    );
    const before = await bornRows();
    const id = await ok('litter/submit', clutch, 'zoo_breed_litter');
    expect(await bornRows()).toBe(before + 2);
    const d = (await get(admin, 'litter/detail', { id })).body.data;
    expect(d).toMatchObject({ rearing: 5, eggsLaid: 3, eggsFertile: 2, eggsHatched: 2, liveBorn: 2 });
    // The counts stay editable with the booked birth; hatched still has to match the chicks.
    const edit = { id, damId: hen, birthDate: '2023-05-02', cageId, cubs: [], rearing: 5, eggsLaid: 4, eggsFertile: 2, eggsHatched: 2 };
    expect((await post(admin, 'litter/submit', edit)).body.success).toBe(true);
    expect((await post(admin, 'litter/submit', { ...edit, eggsHatched: 1 })).body).toMatchObject({ code: 400, msg: '出壳数(1)应等于登记的雏鸟数(2)' });
    expect((await get(admin, 'litter/detail', { id })).body.data).toMatchObject({ eggsLaid: 4, eggsHatched: 2 });
  });
});

describe('paternity', () => {
  const sireOf = async (id: string) =>
    (await q(`select sire_id::text, sire_mark, sire_candidates from zoo_animal where id = $1`, [id]))[0] as {
      sire_id: string | null;
      sire_mark: string;
      sire_candidates: Array<{ id: string }> | null;
    };
  const call = (url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-breeding/litter/${url}`, token: admin, body });

  it('a MULT cub gets the sire a paternity test confirms among the candidates, in one transaction; removal restores the MULT', async () => {
    const [litter] = await q(`select id::text, cubs from zoo_breed_litter where dam_id = $1 and is_deleted = 0`, [mother]);
    const [a, b] = litter.cubs.map((c: { id: string }) => c.id);
    expect(await sireOf(a)).toMatchObject({ sire_id: null, sire_mark: 'MULT' });
    const before = await count('zoo_breed_paternity');
    // A sire who is not a candidate of the litter: 400 in Chinese, nothing written, the cub still MULT.
    const wrong = await call('paternity', { cubId: a, testDate: '2024-10-08', method: 1, lab: '某遗传检测中心', sireId: son });
    expect(wrong.body).toMatchObject({ code: 400, success: false });
    expect(wrong.body.msg).toMatch(/^所选父本不在该幼仔的候选父本中\(候选父本: .*阳阳.*星星|^所选父本不在该幼仔的候选父本中\(候选父本: .*星星.*阳阳/);
    expect(await count('zoo_breed_paternity')).toBe(before);
    expect((await sireOf(a)).sire_mark).toBe('MULT');
    for (const [body, msg] of [
      [{ cubId: a, testDate: '2099-01-01', method: 1, sireId: sire2 }, '鉴定日期不能晚于今天'],
      [{ cubId: a, testDate: '2024-08-01', method: 1, sireId: sire2 }, '鉴定日期不能早于出生日期(2024-08-20)'],
      [{ cubId: mother, testDate: '2024-10-08', method: 1, sireId: sire2 }, '该个体不是产仔记录中的幼仔'],
      [{ cubId: a, testDate: '2024-10-08', method: 9, sireId: sire2 }, /鉴定方法/],
    ] as const) {
      const r = await call('paternity', body);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 400, success: false });
      expect(r.body.msg).toMatch(msg);
    }
    expect(await count('zoo_breed_paternity')).toBe(before);

    // Microsatellites confirm 星星 (the donor of the frozen semen): the cub's sire is set, the MULT gone.
    const ok1 = await call('paternity', { cubId: a, testDate: '2024-10-08', method: 1, lab: '某遗传检测中心', sireId: sire2, remark: '18个微卫星位点' });
    expect(ok1.body, JSON.stringify(ok1.body)).toMatchObject({ success: true, data: { cubId: a, sireId: sire2, method: 1, lab: '某遗传检测中心' } });
    expect(ok1.body.data.sireName).toContain('星星');
    expect(await sireOf(a)).toEqual({ sire_id: sire2, sire_mark: '', sire_candidates: null });
    // The kinship follows: 阳阳 is no longer a possible father of this cub, 星星 is its father.
    const offspring = async (id: string) => ((await get(admin, 'animal', { animalId: id })).body.data.offspring as Array<{ id: string }>).map((o) => o.id);
    expect(await offspring(sire)).not.toContain(a);
    expect(await offspring(sire2)).toContain(a);
    // A test excluding every candidate leaves the twin's sire unknown.
    const none = await call('paternity', { cubId: b, testDate: '2024-10-08', method: 2, lab: '某遗传检测中心' });
    expect(none.body, JSON.stringify(none.body)).toMatchObject({ success: true, data: { cubId: b, sireId: '', sireName: '' } });
    expect(await sireOf(b)).toEqual({ sire_id: null, sire_mark: 'UNK', sire_candidates: null });
    // A re-test replaces the cub's result (one per cub).
    expect((await call('paternity', { cubId: b, testDate: '2024-10-20', method: 1, sireId: sire })).body.success).toBe(true);
    expect(await sireOf(b)).toMatchObject({ sire_id: sire, sire_mark: '' });
    const list = (await get(admin, 'litter/paternity', { id: litter.id })).body.data;
    expect(list.candidates.map((c: { id: string }) => c.id).sort()).toEqual([sire, sire2].sort());
    expect(list.results.map((r: { cubId: string; sireId: string; testDate: string }) => [r.cubId, r.sireId, r.testDate])).toEqual([
      [a, sire2, '2024-10-08'],
      [b, sire, '2024-10-20'],
    ]);
    // Audited like every write: the cub's sire change carries the reason.
    const audit = await q(`select count(*)::int n from sys_audit where table_name = 'zoo_animal' and record_id = $1 and reason like '亲子鉴定%'`, [a]);
    expect(audit[0].n).toBe(1);
    expect((await q(`select count(*)::int n from sys_audit where table_name = 'zoo_breed_paternity'`))[0].n).toBeGreaterThan(0);
    // Another zoo sees none of it and cannot record one.
    expect(
      (await t.request({ method: 'POST', url: '/zoo-breeding/litter/paternity', token: adminB, body: { cubId: a, testDate: '2024-10-08', method: 1 } })).body
        .success,
    ).toBe(false);
    // Removing the results gives the cubs back the litter's candidates (MULT).
    for (const r of list.results) expect((await call('paternity/remove', { id: r.id })).body.success).toBe(true);
    for (const id of [a, b]) {
      const back = await sireOf(id);
      expect(back).toMatchObject({ sire_id: null, sire_mark: 'MULT' });
      expect(back.sire_candidates!.map((c) => c.id).sort()).toEqual([sire, sire2].sort());
    }
    expect(await count('zoo_breed_paternity')).toBe(before);
  });

  it('results for one cub sent at once: each replaces the one before (one live result, the cub’s sire is its); one removal of it wins', async () => {
    const [litter] = await q(`select id::text, cubs from zoo_breed_litter where dam_id = $1 and is_deleted = 0`, [mother]);
    const cub = litter.cubs[0].id as string;
    const sires = [sire, sire2, sire, sire2];
    const answers = await Promise.all(
      sires.map((sireId, i) => call('paternity', { cubId: cub, testDate: '2024-10-08', method: 1, sireId, remark: `并发${i}` })),
    );
    expect(
      answers.map((r) => r.body.success),
      JSON.stringify(answers.map((r) => r.body)),
    ).toEqual([true, true, true, true]);
    const live = await q(`select id::text, sire_id::text from zoo_breed_paternity where cub_id = $1 and is_deleted = 0`, [cub]);
    expect(live).toHaveLength(1);
    expect((await sireOf(cub)).sire_id).toBe(live[0].sire_id);
    const removals = await Promise.all(Array.from({ length: 3 }, () => call('paternity/remove', { id: live[0].id })));
    expect(removals.map((r) => [r.status, r.body.success]).sort()).toEqual([
      [200, true],
      [400, false],
      [400, false],
    ]);
    for (const r of removals.filter((x) => !x.body.success)) expect(r.body.msg).toBe('亲子鉴定记录不存在');
    expect((await sireOf(cub)).sire_mark).toBe('MULT');
  });
});

describe('contraception', () => {
  it('an insemination or pairing of a contracepted animal is refused unless confirmed; the board warns', async () => {
    const fem = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 2, animalName: '避孕', birthDate: '2014-08-01' });
    const c = await ok(
      'contraception/submit',
      { animalId: fem, method: 1, product: '去洛瑞林 4.7mg', startDate: '2024-01-10', expectedEnd: '2024-07-10' },
      'zoo_breed_contra',
    );
    await refused(
      'event/submit',
      { femaleId: fem, kind: 1, eventDate: '2024-04-01', sireIds: [sire] },
      '「避孕 (' +
        (await q(`select local_no from zoo_animal where id = $1`, [fem]))[0].local_no +
        ')」在配种日期处于避孕期(去洛瑞林植入,2024-01-10起),如确认仍要配种请勾选"确认避孕状态"',
      ['zoo_breed_event'],
    );
    await refused('contraception/submit', { animalId: fem, method: 1, startDate: '2024-01-10', reversalDate: '2024-01-01' }, '恢复日期不能早于开始日期', [
      'zoo_breed_contra',
    ]);
    const board = SeasonBoard.parse((await get(admin, 'season', { speciesId: panda, year: '2024' })).body.data);
    expect(board.females.find((f) => f.animalId === fem)!.warnings[0]).toMatch(/处于避孕期\(去洛瑞林植入,2024-01-10起\),不宜配对/);
    await ok('event/submit', { femaleId: fem, kind: 1, eventDate: '2024-04-01', sireIds: [sire], confirmContraception: true }, 'zoo_breed_event');
    // Reversed: breeding after the reversal goes through without confirmation, and the board no longer warns.
    expect(
      (await post(admin, 'contraception/submit', { id: c, animalId: fem, method: 1, startDate: '2024-01-10', reversalDate: '2024-03-15' })).body.success,
    ).toBe(true);
    await ok('event/submit', { femaleId: fem, kind: 1, eventDate: '2024-04-02', sireIds: [sire] }, 'zoo_breed_event');
    const after = SeasonBoard.parse((await get(admin, 'season', { speciesId: panda, year: '2024' })).body.data);
    expect(after.females.find((f) => f.animalId === fem)!.warnings).toEqual([]);
    expect((await get(admin, 'contraception/detail', { id: c })).body.data).toMatchObject({ active: 0, reversalDate: '2024-03-15' });
  });
});

describe('season board and calendar', () => {
  it('recommends partners by kinship and MK, shows the pregnancy window, counts cubs as the ledger does', async () => {
    const board = SeasonBoard.parse((await get(admin, 'season', { speciesId: panda, year: '2024' })).body.data);
    const m = board.females.find((f) => f.animalId === mother)!;
    expect(m.pregnancy).toMatchObject({ status: 2, expectedFrom: '2024-07-03', expectedTo: '2024-10-28' });
    // Her son is the worst choice (kinship 0.25); the unrelated males come first.
    const rec = m.recommended;
    expect(rec.at(-1)).toMatchObject({ animalId: son, kinship: 0.25 });
    expect(rec[0]!.kinship).toBe(0);
    expect(rec.find((r) => r.animalId === sire)).toMatchObject({ used: true, contracepted: false });
    const ledger = (
      await q(`select count(*)::int n from zoo_stock_log l where l.movement_type = 'born' and l.tenant_id = '${TENANT}'
        and not exists (select 1 from zoo_stock_log r where r.reversed_id = l.id) and l.event_date >= '2024-01-01' and l.event_date < '2025-01-01'`)
    )[0].n;
    expect(board.summary.cubsBorn).toBe(ledger);
    expect(board.summary).toMatchObject({ pregnant: expect.any(Number), cubsBorn: 2, surviving30: 2 });
    expect(m.cubsBorn).toBe(2);
  });

  it('the month calendar lists breedings, the expected window, births and contraception ends', async () => {
    const apr = (await get(admin, 'calendar', { month: '2024-04', speciesId: panda })).body.data.items;
    expect(apr.filter((i: { kind: string; animalId: string }) => i.kind === 'breeding' && i.animalId === mother)).toHaveLength(2);
    const aug = (await get(admin, 'calendar', { month: '2024-08' })).body.data.items;
    expect(aug).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'expected', animalId: mother, date: '2024-08-01', until: '2024-08-31' }),
        expect.objectContaining({ kind: 'birth', animalId: mother, date: '2024-08-20', text: '产仔 2 只,死产 1 只' }),
      ]),
    );
    // In English the server's texts are English (decision 0049), the animal's name stays as typed.
    const augEn = (await t.request({ url: '/zoo-breeding/calendar', token: admin, query: { month: '2024-08' }, headers: { 'accept-language': 'en' } })).body
      .data.items;
    expect(augEn).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'birth', animalId: mother, text: '2 born, 1 stillborn' }),
        expect.objectContaining({
          kind: 'expected',
          animalId: mother,
          text: expect.stringMatching(/^Expected birth \S+~\S+ \((suspected|confirmed) pregnancy\)$/),
        }),
      ]),
    );
    const jul = (await get(admin, 'calendar', { month: '2024-07' })).body.data.items;
    expect(jul.some((i: { kind: string }) => i.kind === 'contraEnd')).toBe(false); // reversed before its expected end
    expect((await get(admin, 'calendar', { month: '2024-13' })).body).toMatchObject({ code: 400, msg: '月份格式应为 yyyy-MM' });
  });
});

describe('gestation from the species', () => {
  it('a new pregnancy takes its window from the species fields: none without a range, the library’s, the zoo’s own', async () => {
    // A species the product has no figure for, added by the platform.
    const platform = await platformToken(t);
    const bear = { speciesName: '眼镜熊', latinName: 'Tremarctos ornatus', protectionClass: 0, citesAppendix: 'I', iucnCategory: 'VU' };
    const added = await t.request({ method: 'POST', url: '/species/species/submit', token: platform, body: bear });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    await authorise(t, TENANT, [{ latin: 'Tremarctos ornatus' }]);
    const species = await speciesId(t, 'Tremarctos ornatus');
    const female = await makeAnimal(t, admin, { speciesId: species, cageId, sex: 2, animalName: '安娜', birthDate: '2015-01-01' });
    const male = await makeAnimal(t, admin, { speciesId: species, cageId, sex: 1, animalName: '帕科', birthDate: '2014-01-01' });
    await ok('event/submit', { femaleId: female, kind: 1, eventDate: '2025-01-10', sireIds: [male], copulations: 1, outcome: 1 }, 'zoo_breed_event');
    const windowOf = async (checkDate: string) => {
      const id = await ok('pregnancy/submit', { femaleId: female, checkDate, method: 1, pregStatus: 1 }, 'zoo_breed_pregnancy');
      const d = (await get(admin, 'pregnancy/detail', { id })).body.data;
      return { id, window: [d.expectedFrom, d.expectedTo] };
    };
    const none = await windowOf('2025-03-01');
    expect(none.window).toEqual(['', '']);
    expect((await q(`select expected_from, expected_to from zoo_breed_pregnancy where id = $1`, [none.id]))[0]).toEqual({
      expected_from: null,
      expected_to: null,
    });

    // The library's range, set through the species submit call.
    const lib = await t.request({
      method: 'POST',
      url: '/species/species/submit',
      token: platform,
      body: { ...bear, id: species, gestationMinDays: 160, gestationMaxDays: 250 },
    });
    expect(lib.body.success, JSON.stringify(lib.body)).toBe(true);
    expect((await windowOf('2025-03-02')).window).toEqual(['2025-06-19', '2025-09-17']);

    // The zoo's curator corrects it for this zoo; a new pregnancy follows, the earlier ones keep theirs.
    const mine = (await t.request({ url: '/zoo-species/species/detail', token: admin, query: { speciesId: species } })).body.data;
    const own = await t.request({
      method: 'POST',
      url: '/zoo-species/species/update',
      token: admin,
      body: { id: mine.id, gestationMinDays: 180, gestationMaxDays: 240 },
    });
    expect(own.body.success, JSON.stringify(own.body)).toBe(true);
    expect((await windowOf('2025-03-03')).window).toEqual(['2025-07-09', '2025-09-07']);
    expect((await get(admin, 'pregnancy/detail', { id: none.id })).body.data).toMatchObject({ expectedFrom: '', expectedTo: '' });
  });
});

describe('breeding age from the species', () => {
  it('the season board takes the breeding age from the species fields: the product default, the library’s, the zoo’s own', async () => {
    const platform = await platformToken(t);
    const species = await speciesId(t, 'Tremarctos ornatus');
    const older = (await q(`select id::text from zoo_animal where animal_name = '安娜' and tenant_id = '${TENANT}'`))[0].id as string;
    const young = await makeAnimal(t, admin, { speciesId: species, cageId, sex: 2, animalName: '小安', birthDate: '2020-03-01' });
    const board = async () => {
      const r = await get(admin, 'season', { speciesId: species, year: '2025' });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
      const b = SeasonBoard.parse(r.body.data);
      return [b.breedingAge, b.females.map((f) => f.animalId).sort()] as const;
    };
    // No figure anywhere: the product's default of 2 years.
    expect(await board()).toEqual([2, [older, young].sort()]);
    // The library's breeding age (物种库), set by the platform: 小安 (5 in 2025) is too young for 8.
    const bear = { id: species, speciesName: '眼镜熊', latinName: 'Tremarctos ornatus', protectionClass: 0, citesAppendix: 'I', iucnCategory: 'VU' };
    const lib = await t.request({ method: 'POST', url: '/species/species/submit', token: platform, body: { ...bear, breedingAgeYears: 8 } });
    expect(lib.body.success, JSON.stringify(lib.body)).toBe(true);
    expect(await board()).toEqual([8, [older]]);
    // The zoo's own (本园物种) over the library's; the record shows the three.
    const mine = (await t.request({ url: '/zoo-species/species/detail', token: admin, query: { speciesId: species } })).body.data;
    const update = (body: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/zoo-species/species/update', token: admin, body: { id: mine.id, ...body } });
    expect((await update({ breedingAgeYears: 5 })).body.success).toBe(true);
    expect(await board()).toEqual([5, [older, young].sort()]);
    const rec = (await t.request({ url: '/zoo-species/species/detail', token: admin, query: { speciesId: species } })).body.data;
    expect(rec).toMatchObject({ defaultBreedingAgeYears: 8, breedingAgeYears: 5, effectiveBreedingAgeYears: 5 });
    // Out of range or a fraction: 400 in Chinese, nothing changed.
    for (const [v, msg] of [
      [61, '适配年龄不能大于60'],
      [-1, '适配年龄不能小于0'],
      [2.5, '适配年龄必须是整数'],
    ] as const) {
      const r = await update({ breedingAgeYears: v });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 400, success: false, msg });
    }
    expect(await board()).toEqual([5, [older, young].sort()]);
    // Cleared: the library's again.
    expect((await update({ breedingAgeYears: null })).body.success).toBe(true);
    expect(await board()).toEqual([8, [older]]);
  });
});

describe('oestrus signs as a business dictionary', () => {
  it('the seed gives the platform the dictionary; a zoo’s own entries are what an observation may note', async () => {
    // The platform's rows (a new zoo copies them when it is created).
    const platform = await q(`select dict_key from blade_dict_biz where tenant_id = '000000' and code = 'oestrus_sign' and parent_id <> 0 and is_deleted = 0`);
    expect(platform.map((r) => r.dict_key).sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // This zoo's own dictionary: the seeded signs without 9, plus 打滚 (10).
    const dict = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/dict-biz/submit', token: admin, body });
    expect((await dict({ code: 'oestrus_sign', dictKey: -1, dictValue: '发情行为', sort: 1, isSealed: 0 })).body.success).toBe(true);
    const rootId = (await q(`select id::text from blade_dict_biz where tenant_id = $1 and code = 'oestrus_sign' and parent_id = 0`, [TENANT]))[0].id;
    for (const [k, v] of [
      ['1', '气味标记'],
      ['10', '打滚'],
    ])
      expect((await dict({ code: 'oestrus_sign', dictKey: k, dictValue: v, sort: Number(k), isSealed: 0, parentId: rootId })).body.success).toBe(true);
    const obs = { animalId: virgin, obsDate: '2024-03-20' };
    await ok('oestrus/submit', { ...obs, signs: [1, 10] }, 'zoo_breed_oestrus');
    await refused('oestrus/submit', { ...obs, signs: [9] }, '发情行为取值不正确: 业务字典「发情行为」(oestrus_sign) 中没有键 9', ['zoo_breed_oestrus']);
    // Another zoo without its own entries yet reads the seeded keys.
    const other = await zooAdmin(t, '330113');
    await authorise(t, '330113', [{ latin: 'Ailuropoda melanoleuca' }]);
    const c = await makeCageChain(t, other);
    const f = await makeAnimal(t, other, { speciesId: panda, cageId: c.cageId, sex: 2 });
    expect((await post(other, 'oestrus/submit', { animalId: f, obsDate: '2024-03-20', signs: [9] })).body.success).toBe(true);
    expect((await post(other, 'oestrus/submit', { animalId: f, obsDate: '2024-03-20', signs: [10] })).body.code).toBe(400);
  });
});
