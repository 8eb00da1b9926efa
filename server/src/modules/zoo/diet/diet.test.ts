import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DietPlanRecord } from '@zoo/contract';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { seedBizDicts } from '../../../seed/biz-dicts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, makePopulation, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let keeper: string;
let pandaA: string;
let herd: string;
let cageA: string;
let pandaSpecies: string;
let today: string;

const post = (token: string, url: string, body: unknown) => t.request({ method: 'POST', url, token, body });
const plan = (body: Record<string, unknown>) => post(admin, '/zoo/diet/submit', body);
const feed = (token: string, body: Record<string, unknown>) => post(token, '/zoo/basicLog/feeding/submit', body);
const sync = (token: string, entries: unknown[]) => post(token, '/zoo/basicLog/sync', { entries });
const count = async (q: string, args: unknown[] = []) => (await t.sql.query(q, args)).rows[0].n as number;
const key = () => randomUUID();

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, '310001');
  await authorise(t, '310001', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  await inTenant(t.database.db, { tenantId: '000000', audit: false, allTenants: true }, seedBizDicts);
  pandaSpecies = await speciesId(t, 'Ailuropoda melanoleuca');
  cageA = (await makeCageChain(t, admin)).cageId;
  const k = await createTenantUser(t.sql, { tenantId: '310001', account: 'keeper1', password: 'pw', roleAlias: 'keeper' });
  await t.sql.query(
    `insert into blade_role_menu (tenant_id, role_id, menu_id) select '310001', $1, id from blade_menu where code in ('basiclog', 'basiclog_add', 'basiclog_edit', 'basiclog_view')`,
    [k.roleId],
  );
  keeper = await t.login('keeper1', 'pw', '310001');
  await post(admin, '/zoo-cage/cageBreeder/submit', { cageId: cageA, userId: k.userId });
  pandaA = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId: cageA, sex: 1, animalName: '阿宝' });
  herd = await makePopulation(t, admin, { speciesId: await speciesId(t, 'Cervus nippon'), cageId: cageA, maleQuantity: 2, femaleQuantity: 3 });
  today = (await t.sql.query(`select to_char(current_date, 'YYYY-MM-DD') as d`)).rows[0].d;
});
afterAll(async () => t?.close());

const BAMBOO = { time: '08:00', foodKey: 'bamboo', amount: 10, unit: 'kg', price: 2, note: '新鲜竹子, 去枯叶' };
const APPLE = { time: '15:00', foodKey: 'apple', amount: 1, unit: 'kg', note: '切块' };
const GRASS = { time: '09:00', foodKey: 'grass', amount: 20, unit: 'kg', price: 0.5 };
let pandaPlan: string;
let herdPlan: string;

describe('diet plans', () => {
  it('validates a plan in Chinese, checks foods against the dictionary, keeps feeding numbers across edits', async () => {
    expect((await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [] })).body).toMatchObject({ code: 400, msg: '请至少添加一次饲喂' });
    expect((await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [{ ...BAMBOO, time: '8点' }] })).body.msg).toBe('饲喂时间格式应为 HH:mm');
    expect((await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [{ ...BAMBOO, amount: 0 }] })).body.msg).toBe('计划量必须大于0');
    expect((await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [{ ...BAMBOO, foodKey: 'cake' }] })).body.msg).toBe(
      '食物「cake」不在饲料品种字典中',
    );
    const created = await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [APPLE, BAMBOO] });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    pandaPlan = (await t.sql.query(`select id::text from zoo_diet_plan where animal_id = $1`, [pandaA])).rows[0].id;
    const detail = await t.request({ url: '/zoo/diet/detail', token: admin, query: { id: pandaPlan } });
    const rec = DietPlanRecord.parse(detail.body.data);
    // Ordered by time, numbered in the order given.
    expect(rec.feedings.map((f) => [f.no, f.time, f.foodName, f.price])).toEqual([
      [2, '08:00', '竹子', 2],
      [1, '15:00', '苹果', ''],
    ]);
    expect(rec.animalName).toMatch(/^阿宝 \(/);
    // An edit that drops the apple and adds a carrot: the bamboo keeps no 2, the carrot gets 3 (never a reused 1).
    const edited = await plan({
      id: pandaPlan,
      animalId: pandaA,
      effectiveFrom: '2024-03-01',
      feedings: [
        { ...BAMBOO, no: 2 },
        { ...APPLE, foodKey: 'carrot' },
      ],
    });
    expect(edited.body.success).toBe(true);
    const again = (await t.request({ url: '/zoo/diet/detail', token: admin, query: { id: pandaPlan } })).body.data;
    expect(again.feedings.map((f: { no: number; foodKey: string }) => [f.no, f.foodKey])).toEqual([
      [2, 'bamboo'],
      [3, 'carrot'],
    ]);
    await plan({
      id: pandaPlan,
      animalId: pandaA,
      effectiveFrom: '2024-03-01',
      feedings: [
        { ...BAMBOO, no: 2 },
        { ...APPLE, no: 3 },
      ],
    });
    expect((await plan({ animalId: pandaA, effectiveFrom: '2024-03-01', feedings: [BAMBOO] })).body.msg).toMatch(/已有 2024-03-01 生效的饲喂计划/);
    expect((await post(keeper, '/zoo/diet/submit', { animalId: pandaA, effectiveFrom: '2024-05-01', feedings: [BAMBOO] })).status).toBe(403);
    expect((await plan({ animalId: herd, effectiveFrom: '2024-03-01', feedings: [GRASS] })).body.success).toBe(true);
    herdPlan = (await t.sql.query(`select id::text from zoo_diet_plan where animal_id = $1`, [herd])).rows[0].id;
  });

  it('records feedings: the planned amount by default, leftover ≤ offered, a reason for a refusal, one per feeding and day', async () => {
    const base = { planId: pandaPlan, feedingNo: 2, feedDate: '2024-03-05' };
    expect((await feed(keeper, { ...base, offered: 5, leftover: 6 })).body.msg).toBe('剩余量不能大于投喂量');
    expect((await feed(keeper, { ...base, refused: 1 })).body.msg).toBe('拒食时请填写原因');
    expect((await feed(keeper, { ...base, feedingNo: 9 })).body.msg).toBe('所选饲喂次数不在该计划中');
    expect((await feed(keeper, { ...base, feedDate: '2024-02-01' })).body.msg).toBe('饲喂日期早于该计划的生效日期 2024-03-01');
    expect((await feed(keeper, { ...base, offered: 10, leftover: 2 })).body.success).toBe(true);
    expect((await feed(keeper, { ...base, offered: 10 })).body.msg).toMatch(/的饲喂已记录$/);
    // Apple (no 3, 1 kg planned): 1.5 offered, all eaten. Next day: bamboo refused, offered defaults to the plan.
    expect((await feed(keeper, { planId: pandaPlan, feedingNo: 3, feedDate: '2024-03-05', offered: 1.5, leftover: 0 })).body.success).toBe(true);
    expect((await feed(keeper, { ...base, feedDate: '2024-03-06', refused: 1, refuseReason: '精神沉郁' })).body.success).toBe(true);
    expect((await feed(keeper, { planId: herdPlan, feedingNo: 1, feedDate: '2024-03-05', offered: 18, leftover: 3 })).body.success).toBe(true);
    expect((await feed(keeper, { planId: herdPlan, feedingNo: 1, feedDate: '2024-04-02', offered: 20, leftover: 0 })).body.success).toBe(true);
    const refused = (
      await t.sql.query(`select offered::float, leftover::float, refuse_reason, food_key, price::float from zoo_feeding where feed_date = '2024-03-06'`)
    ).rows[0];
    expect(refused).toEqual({ offered: 10, leftover: 10, refuse_reason: '精神沉郁', food_key: 'bamboo', price: 2 });
  });

  it('rolls intake up per animal, cage and species by day and month, as the hand sums say, missed feedings included', async () => {
    const intake = (q: Record<string, string>) => t.request({ url: '/zoo/diet/intake', token: admin, query: q });
    const pick = (r: any) => [r.period, r.groupId, r.feedings, r.refused, r.missed, r.intake, r.deviation, r.flagged, r.cost];
    const byAnimal = (await intake({ by: 'animal', period: 'day', from: '2024-03-01', to: '2024-04-30' })).body.data;
    // Both plans start 03-01 and hold every day up to today: 61 days × (panda, herd), each day's row there.
    expect(byAnimal).toHaveLength(122);
    const at = (day: string) => byAnimal.filter((r: any) => r.period === day).map(pick);
    const sort = (rs: unknown[][]) => rs.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    // Panda 03-05: bamboo 8/10 = 0.8 (deviation 0), apple 1.5/1.5 = 1 (deviation +0.5): means 0.9 and 0.25 → flagged; cost 10 × 2.
    // Herd 03-05: 15/18 = 0.8333, deviation −0.1 (not over 10 %), cost 18 × 0.5 = 9.
    expect(at('2024-03-05')).toEqual(
      sort([
        ['2024-03-05', pandaA, 2, 0, 0, 0.9, 0.25, 1, 20],
        ['2024-03-05', herd, 1, 0, 0, 0.8333, -0.1, 0, 9],
      ]),
    );
    // Panda 03-06: bamboo refused (0, deviation 0, cost 20) and the apple never recorded (missed: 0, deviation −1):
    // intake 0, deviation −0.5. The herd's grass is missed: 0 and −1, cost 0 × 0.5.
    expect(at('2024-03-06')).toEqual(
      sort([
        ['2024-03-06', pandaA, 2, 1, 1, 0, -0.5, 1, 20],
        ['2024-03-06', herd, 1, 0, 1, 0, -1, 1, 0],
      ]),
    );
    // 04-02: the herd's 20/20; the panda's two feedings missed (the apple has no price: cost 0 from the bamboo).
    expect(at('2024-04-02')).toEqual(
      sort([
        ['2024-04-02', pandaA, 2, 0, 2, 0, -1, 1, 0],
        ['2024-04-02', herd, 1, 0, 0, 1, 0, 0, 10],
      ]),
    );
    expect(byAnimal.find((r: any) => r.groupId === herd).groupName).toMatch(/./);
    // The cage holds both: 03-05 is (0.8 + 1 + 0.8333) / 3 = 0.8778, deviation (0 + 0.5 − 0.1) / 3 = 0.1333, cost 29.
    const byCage = (await intake({ by: 'cage', period: 'day', from: '2024-03-05', to: '2024-03-06' })).body.data;
    expect(byCage).toEqual([
      expect.objectContaining({ period: '2024-03-05', groupId: cageA, feedings: 3, missed: 0, intake: 0.8778, deviation: 0.1333, flagged: 1, cost: 29 }),
      // 03-06: refused bamboo, missed apple, missed grass: intake 0, deviation (0 − 1 − 1) / 3 = −0.6667, cost 20 + 0.
      expect.objectContaining({
        period: '2024-03-06',
        groupId: cageA,
        feedings: 3,
        refused: 1,
        missed: 2,
        intake: 0,
        deviation: -0.6667,
        flagged: 1,
        cost: 20,
      }),
    ]);
    // March for the panda species: 31 days × 2 planned = 62; recorded 3 (0.8, 1, refused 0), 59 missed.
    // Intake 1.8 / 62 = 0.029, deviation (0.5 − 59) / 62 = −0.9435, cost 40. April: 30 × 2, all missed.
    const bySpecies = (await intake({ by: 'species', period: 'month', from: '2024-03-01', to: '2024-04-30' })).body.data;
    expect(bySpecies.filter((r: any) => r.groupId === pandaSpecies)).toEqual([
      expect.objectContaining({ period: '2024-03', feedings: 62, refused: 1, missed: 59, intake: 0.029, deviation: -0.9435, flagged: 1, cost: 40 }),
      expect.objectContaining({ period: '2024-04', feedings: 60, refused: 0, missed: 60, intake: 0, deviation: -1, flagged: 1, cost: 0 }),
    ]);
    // Before the plans start nothing is planned, so nothing is missed.
    expect((await intake({ by: 'animal', period: 'day', from: '2024-02-01', to: '2024-02-29' })).body.data).toEqual([]);
    // An animal that died: its missed feedings count up to its last recorded one (the record says no more).
    const gone = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId: cageA, sex: 2, animalName: '已故' });
    expect((await plan({ animalId: gone, effectiveFrom: '2024-05-01', feedings: [BAMBOO] })).body.success).toBe(true);
    const gonePlan = (await t.sql.query(`select id::text from zoo_diet_plan where animal_id = $1`, [gone])).rows[0].id;
    expect((await feed(admin, { planId: gonePlan, feedingNo: 1, feedDate: '2024-05-03', offered: 10, leftover: 5 })).body.success).toBe(true);
    await t.sql.query(`update zoo_animal set status = 3 where id = $1`, [gone]);
    const goneRows = (await intake({ by: 'animal', period: 'day', from: '2024-05-01', to: '2024-05-10' })).body.data.filter((r: any) => r.groupId === gone);
    expect(goneRows.map((r: any) => [r.period, r.missed, r.intake])).toEqual([
      ['2024-05-01', 1, 0],
      ['2024-05-02', 1, 0],
      ['2024-05-03', 0, 0.5],
    ]);
    expect((await intake({ by: 'keeper', from: '2024-03-01', to: '2024-03-02' })).body.msg).toBe('统计维度应为 animal、cage 或 species');
    expect((await intake({ from: '2024-03-02', to: '2024-03-01' })).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await t.request({ url: '/zoo/diet/intake', token: keeper, query: { from: '2024-03-01', to: '2024-03-02' } })).status).toBe(403);
  });

  it("shows today's planned feedings in the keeper's round with what was recorded", async () => {
    await feed(keeper, { planId: pandaPlan, feedingNo: 2, feedDate: today, offered: 9, leftover: 1 });
    const r = (await t.request({ url: '/zoo/basicLog/today/feedings', token: keeper })).body.data;
    expect(r.day).toBe(today);
    const panda = r.items.find((i: any) => i.animalId === pandaA);
    expect(panda.feedings.map((f: any) => [f.time, f.foodName, f.amount, f.offered, f.leftover, f.rowVersion])).toEqual([
      ['08:00', '竹子', 10, 9, 1, 1],
      ['15:00', '苹果', 1, '', '', 0],
    ]);
    expect(r.items.find((i: any) => i.animalId === herd).feedings).toHaveLength(1);
  });
});

describe('offline sync', () => {
  it('applies each key exactly once under parallel replays of the same batch', async () => {
    const day = '2024-03-10';
    const batch = [
      { key: key(), kind: 'feeding', base: 0, body: { planId: pandaPlan, feedingNo: 2, feedDate: day, offered: 10, leftover: 1 } },
      { key: key(), kind: 'feeding', base: 0, body: { planId: pandaPlan, feedingNo: 3, feedDate: day, offered: 1, leftover: 0 } },
      { key: key(), kind: 'feeding', base: 0, body: { planId: herdPlan, feedingNo: 1, feedDate: day, refused: 1, refuseReason: '下雨' } },
      { key: key(), kind: 'log', base: 0, body: { animalId: pandaA, logDate: day, health: 2, remark: '离线记录' } },
    ];
    const answers = await Promise.all(Array.from({ length: 6 }, () => sync(keeper, batch)));
    for (const a of answers) expect(a.body.success, JSON.stringify(a.body)).toBe(true);
    for (const [i, e] of batch.entries()) {
      const statuses = answers.map((a) => a.body.data.results[i]);
      expect(
        statuses.filter((s) => s.status === 'applied'),
        e.key,
      ).toHaveLength(1);
      expect(statuses.filter((s) => s.status === 'duplicate')).toHaveLength(5);
      // Every duplicate names the row the applied one wrote.
      expect(new Set(statuses.map((s) => s.id)).size).toBe(1);
    }
    expect(await count(`select count(*)::int as n from zoo_feeding where feed_date = $1`, [day])).toBe(3);
    expect(await count(`select count(*)::int as n from zoo_basic_log where log_date = $1 and remark = '离线记录'`, [day])).toBe(1);
    expect(await count(`select count(*)::int as n from zoo_sync_receipt where client_key = any($1)`, [batch.map((b) => b.key)])).toBe(4);
    // The same key twice in one batch: the second is a duplicate.
    const k = key();
    const twice = await sync(keeper, [
      { key: k, kind: 'log', base: 0, body: { animalId: herd, logDate: day } },
      { key: k, kind: 'log', base: 0, body: { animalId: herd, logDate: day } },
    ]);
    expect(twice.body.data.results.map((r: any) => r.status)).toEqual(['applied', 'duplicate']);
  });

  it('an abnormal log sent offline tells the vets once, however often the batch is replayed (decision 0051)', async () => {
    const day = '2024-03-12';
    const batch = [{ key: key(), kind: 'log', base: 0, body: { animalId: pandaA, logDate: day, health: 3, remark: '离线异常' } }];
    for (const a of await Promise.all(Array.from({ length: 3 }, () => sync(keeper, batch)))) expect(a.body.success, JSON.stringify(a.body)).toBe(true);
    const sent = await t.sql.query(`select title, audience_roles from blade_notice where tenant_id = '310001' and content like '%离线异常%'`);
    expect(sent.rows).toEqual([
      {
        title: `动物健康异常:「阿宝 (${(await t.sql.query(`select local_no from zoo_animal where id = $1`, [pandaA])).rows[0].local_no})」${day}`,
        audience_roles: 'vet',
      },
    ]);
  });

  it('answers a conflict with both versions when the log changed meanwhile, and applies the chosen one', async () => {
    const day = '2024-03-11';
    const a = await sync(keeper, [{ key: key(), kind: 'log', base: 0, body: { animalId: pandaA, logDate: day, remark: '甲设备' } }]);
    expect(a.body.data.results[0]).toMatchObject({ status: 'applied', rowVersion: 1 });
    // A second device that saw no log: conflict, the server's version comes back, nothing is written.
    const bKey = key();
    const b = await sync(keeper, [{ key: bKey, kind: 'log', base: 0, body: { animalId: pandaA, logDate: day, remark: '乙设备' } }]);
    expect(b.body.data.results[0]).toMatchObject({ status: 'conflict', rowVersion: 1, server: { remark: '甲设备', rowVersion: 1 } });
    expect(await count(`select count(*)::int as n from zoo_sync_receipt where client_key = $1`, [bKey])).toBe(0);
    // The keeper keeps the second device's text: sent again on the version it was shown.
    const chosen = await sync(keeper, [{ key: key(), kind: 'log', base: 1, body: { animalId: pandaA, logDate: day, remark: '乙设备' } }]);
    expect(chosen.body.data.results[0]).toMatchObject({ status: 'applied', rowVersion: 2 });
    // Changed on the server (the log screen) after the device saw version 2: conflict again.
    const id = chosen.body.data.results[0].id;
    expect((await post(admin, '/zoo/basicLog/submit', { id, animalId: pandaA, logDate: day, remark: '办公室改' })).body.success).toBe(true);
    const late = await sync(keeper, [{ key: key(), kind: 'log', base: 2, body: { animalId: pandaA, logDate: day, remark: '甲设备再改' } }]);
    expect(late.body.data.results[0]).toMatchObject({ status: 'conflict', rowVersion: 3, server: { remark: '办公室改' } });
    expect((await t.sql.query(`select remark from zoo_basic_log where id = $1`, [id])).rows[0].remark).toBe('办公室改');
    // A feeding recorded by another device meanwhile is a conflict too.
    const f = { planId: pandaPlan, feedingNo: 2, feedDate: day, offered: 10, leftover: 0 };
    expect((await sync(keeper, [{ key: key(), kind: 'feeding', base: 0, body: f }])).body.data.results[0].status).toBe('applied');
    const fc = await sync(keeper, [{ key: key(), kind: 'feeding', base: 0, body: { ...f, leftover: 4 } }]);
    expect(fc.body.data.results[0]).toMatchObject({ status: 'conflict', server: { leftover: 0, rowVersion: 1 } });
  });

  it('rejects an entry a rule refuses with its message and releases its key; validates the batch', async () => {
    const k = key();
    const r = await sync(keeper, [{ key: k, kind: 'log', base: 0, body: { animalId: '123', logDate: '2024-03-12' } }]);
    expect(r.body.data.results[0]).toMatchObject({ status: 'rejected', msg: '所选动物或种群不存在' });
    expect(await count(`select count(*)::int as n from zoo_sync_receipt where client_key = $1`, [k])).toBe(0);
    expect((await sync(keeper, [])).body).toMatchObject({ code: 400, msg: '没有要同步的条目' });
    expect((await sync(keeper, [{ key: 'x', kind: 'log', base: 0, body: {} }])).body.code).toBe(400);
    expect((await sync(keeper, [{ key: key(), kind: 'photo', base: 0, body: {} }])).body.code).toBe(400);
  });

  it("refuses an update of a row the caller's data scope does not reach, entry by entry, as the screens refuse it", async () => {
    const day = '2024-03-14';
    // Written by the administrator: the log and the feeding are the administrator's (keeperId).
    const log = await post(admin, '/zoo/basicLog/submit', { animalId: pandaA, logDate: day, remark: '办公室写' });
    expect(log.body.success, JSON.stringify(log.body)).toBe(true);
    const logRow = (await t.sql.query(`select id::text, row_version as v from zoo_basic_log where animal_id = $1 and log_date = $2`, [pandaA, day])).rows[0];
    const f = { planId: pandaPlan, feedingNo: 2, feedDate: day, offered: 10, leftover: 0 };
    expect((await feed(admin, f)).body.success).toBe(true);
    const feedRow = (await t.sql.query(`select id::text, row_version as v from zoo_feeding where plan_id = $1 and feed_date = $2`, [pandaPlan, day])).rows[0];
    // The keeper's role gets "own records" (keeperId) on keeper logs and feedings.
    const role = (await t.sql.query(`select role_id from blade_user where account = 'keeper1' and tenant_id = '310001'`)).rows[0].role_id;
    const menu = (await t.sql.query(`select id::text from blade_menu where code = 'basiclog' limit 1`)).rows[0].id;
    for (const resource of ['basiclog', 'diet_feeding']) {
      const scope = await t.sql.query(
        `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) values ($1, $2, '本人记录', 2, 'keeperId') returning id::text`,
        [menu, resource],
      );
      await t.sql.query(`insert into blade_role_scope (tenant_id, scope_category, scope_id, role_id) values ('310001', 1, $1, $2)`, [scope.rows[0].id, role]);
    }
    t.app.zoo.cache.clearLocal();
    const refused = '该记录不在您的数据权限范围内, 不能修改';
    const [kLog, kFeed, kNew] = [key(), key(), key()];
    const r = await sync(keeper, [
      { key: kLog, kind: 'log', base: logRow.v, body: { animalId: pandaA, logDate: day, remark: '离线改' } },
      { key: kFeed, kind: 'feeding', base: feedRow.v, body: { ...f, leftover: 3 } },
      // A new log is no update: the scope does not stop it, nor does a refused entry stop the batch.
      { key: kNew, kind: 'log', base: 0, body: { animalId: herd, logDate: day, remark: '新记录' } },
    ]);
    expect(r.body.data.results.map((x: any) => [x.status, x.msg, x.server])).toEqual([
      ['rejected', refused, undefined],
      ['rejected', refused, undefined],
      ['applied', '', undefined],
    ]);
    // Not even a conflict's copy of the row goes back: a stale base is refused the same way.
    const stale = await sync(keeper, [{ key: key(), kind: 'log', base: 0, body: { animalId: pandaA, logDate: day, remark: '离线改' } }]);
    expect(stale.body.data.results[0]).toMatchObject({ status: 'rejected', msg: refused });
    expect(stale.body.data.results[0].server).toBeUndefined();
    expect((await t.sql.query(`select remark from zoo_basic_log where id = $1`, [logRow.id])).rows[0].remark).toBe('办公室写');
    expect((await t.sql.query(`select leftover::float from zoo_feeding where id = $1`, [feedRow.id])).rows[0].leftover).toBe(0);
    expect(await count(`select count(*)::int as n from zoo_sync_receipt where client_key = any($1)`, [[kLog, kFeed]])).toBe(0);
    // The log screen and the feeding screen refuse the same rows with the same words.
    const screen = await post(keeper, '/zoo/basicLog/submit', { id: logRow.id, animalId: pandaA, logDate: day, remark: '屏幕改' });
    expect(screen.body).toMatchObject({ code: 400, msg: refused });
    expect((await feed(keeper, { id: feedRow.id, ...f, leftover: 3 })).body).toMatchObject({ code: 400, msg: refused });
    // Removing keeps to the scope too (given the delete button).
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select '310001', $1, id from blade_menu where code = 'basiclog_delete'`, [
      role,
    ]);
    t.app.zoo.cache.clearLocal();
    const removed = await t.request({ method: 'POST', url: '/zoo/basicLog/feeding/remove', token: keeper, query: { ids: feedRow.id } });
    expect(removed.body).toMatchObject({ code: 400, msg: refused });
    expect(await count(`select count(*)::int as n from zoo_feeding where id = $1 and is_deleted = 0`, [feedRow.id])).toBe(1);
    // The keeper's own log (written by the sync above) stays theirs to edit, offline too.
    const own = r.body.data.results[2];
    const edit = await sync(keeper, [{ key: key(), kind: 'log', base: own.rowVersion, body: { animalId: herd, logDate: day, remark: '再改' } }]);
    expect(edit.body.data.results[0]).toMatchObject({ status: 'applied', rowVersion: own.rowVersion + 1 });
    // The administrator (no scope) edits either.
    expect((await post(admin, '/zoo/basicLog/submit', { id: logRow.id, animalId: pandaA, logDate: day, remark: '办公室再改' })).body.success).toBe(true);
  });
});
