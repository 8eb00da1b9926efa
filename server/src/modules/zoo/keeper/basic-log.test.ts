import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicLogEndpoints } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCage, makeCageChain, makePopulation, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let adminB: string;
let keeper: string;
let keeperId: string;
let panda: string;
let deer: string;
let cageA: string;
let cageB: string;
let pandaA: string; // in the keeper's cage
let pandaB: string; // elsewhere, assigned to the keeper directly
let pandaC: string; // elsewhere, not the keeper's
let herd: string; // population in the keeper's cage
let today: string;

const base = '/zoo/basicLog';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });
const dayOffset = (d: number) => t.sql.query(`select to_char(current_date + $1::int, 'YYYY-MM-DD') as d`, [d]).then((r) => r.rows[0].d as string);

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, '310001');
  adminB = await zooAdmin(t, '310002');
  await authorise(t, '310001', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  deer = await speciesId(t, 'Cervus nippon');
  const chain = await makeCageChain(t, admin);
  cageA = chain.cageId;
  cageB = await makeCage(t, admin, chain.venueId);
  // A keeper with only the keeper-log buttons.
  const k = await createTenantUser(t.sql, { tenantId: '310001', account: 'keeper1', password: 'pw', roleAlias: 'keeper' });
  keeperId = k.userId;
  await t.sql.query(
    `insert into blade_role_menu (tenant_id, role_id, menu_id) select '310001', $1, id from blade_menu where code in ('basiclog', 'basiclog_add', 'basiclog_edit', 'basiclog_view')`,
    [k.roleId],
  );
  keeper = await t.login('keeper1', 'pw', '310001');
  expect((await t.request({ method: 'POST', url: '/zoo-cage/cageBreeder/submit', token: admin, body: { cageId: cageA, userId: keeperId } })).body.success).toBe(
    true,
  );
  pandaA = await makeAnimal(t, admin, { speciesId: panda, cageId: cageA, sex: 1, animalName: '阿宝' });
  pandaB = await makeAnimal(t, admin, { speciesId: panda, cageId: cageB, sex: 2 });
  pandaC = await makeAnimal(t, admin, { speciesId: panda, cageId: cageB, sex: 2 });
  await t.sql.query(`update zoo_animal set breeder_id = $1 where id = $2`, [keeperId, pandaB]);
  herd = await makePopulation(t, admin, { speciesId: deer, cageId: cageA, maleQuantity: 2, femaleQuantity: 3 });
  // An empty population in the keeper's cage is nothing to feed: not in the round.
  await makePopulation(t, admin, { speciesId: panda, cageId: cageA });
  today = await dayOffset(0);
});
afterAll(async () => t?.close());

describe('keeper logs', () => {
  it('validates the log with Chinese messages', async () => {
    const ok = { animalId: pandaA, logDate: today };
    expect((await submit(keeper, { logDate: today })).body).toMatchObject({ code: 400, msg: '请选择动物' });
    expect((await submit(keeper, { animalId: pandaA })).body.msg).toBe('请选择日志日期');
    expect((await submit(keeper, { ...ok, logDate: '2024-02-30' })).body.msg).toBe('日志日期格式应为 yyyy-MM-dd');
    expect((await submit(keeper, { ...ok, logDate: await dayOffset(1) })).body.msg).toBe('日志日期不能晚于今天');
    expect((await submit(keeper, { ...ok, logTime: '25:00' })).body.msg).toBe('时间格式应为 HH:mm');
    expect((await submit(keeper, { ...ok, diet: [{ amount: 2 }] })).body.msg).toBe('请输入食物名称');
    expect((await submit(keeper, { ...ok, diet: [{ food: '竹子', amount: -1 }] })).body.msg).toBe('投喂量不能小于0');
    expect((await submit(keeper, { ...ok, diet: [{ food: '竹子', intake: 4 }] })).body.msg).toBe('采食情况取值不正确');
    expect((await submit(keeper, { ...ok, health: 9 })).body.msg).toBe('健康状况取值不正确');
    expect((await submit(keeper, { ...ok, animalId: '123' })).body.msg).toBe('所选动物或种群不存在');
    const foreign = await t.request({ url: '/zoo-cage/cage/list', token: adminB });
    expect(foreign.body.success).toBe(true);
    expect((await t.sql.query(`select count(*)::int as n from zoo_basic_log`)).rows[0].n).toBe(0);
  });

  it('logs an animal for today: diet, worst intake, keeper and time filled in, one log per day', async () => {
    const res = await submit(keeper, {
      animalId: pandaA,
      logDate: today,
      diet: [
        { food: '竹子', amount: '12.5', unit: 'kg', intake: 1 },
        { food: '窝窝头', amount: 2, unit: '个', intake: 2 },
      ],
      behaviour: 2,
      remark: '精神好',
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const { rows } = await t.sql.query(
      `select id::text, animal_type, cage_id::text, species_id::text, keeper_id::text, intake, log_time, diet, tenant_id from zoo_basic_log where animal_id = $1`,
      [pandaA],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ animal_type: 1, cage_id: cageA, species_id: panda, keeper_id: keeperId, intake: 2, tenant_id: '310001' });
    expect(rows[0].log_time).toMatch(/^\d{2}:\d{2}$/);
    expect(rows[0].diet).toEqual([
      { food: '竹子', amount: 12.5, unit: 'kg', intake: 1 },
      { food: '窝窝头', amount: 2, unit: '个', intake: 2 },
    ]);
    const detail = await t.request({ url: `${base}/detail`, token: keeper, query: { id: rows[0].id } });
    expect(detail.body.data).toMatchObject({
      animalType: 1,
      animalName: expect.stringContaining('阿宝'),
      speciesName: '大熊猫',
      cageId: cageA,
      keeperName: 'keeper1',
      logDate: today,
      intake: 2,
      behaviour: 2,
      health: 1,
      remark: '精神好',
    });
    const again = await submit(keeper, { animalId: pandaA, logDate: today });
    expect(again.body.msg).toMatch(/^「阿宝.*」\d{4}-\d{2}-\d{2} 已有饲养日志$/);
    // Editing the same log is not a duplicate; without diet items the overall intake is the one given.
    const edit = await submit(keeper, { id: rows[0].id, animalId: pandaA, logDate: today, intake: 3, health: 2 });
    expect(edit.body.success).toBe(true);
    const after = (await t.sql.query(`select intake, health, diet, log_time, keeper_id::text from zoo_basic_log where id = $1`, [rows[0].id])).rows[0];
    expect(after).toMatchObject({ intake: 3, health: 2, diet: [], log_time: rows[0].log_time, keeper_id: keeperId });
  });

  it("counts today's % over the keeper's cages, direct assignments and populations", async () => {
    const p0 = await t.request({ url: `${base}/today/percent`, token: keeper });
    // pandaA (logged), pandaB (assigned directly), herd; not pandaC, not the empty population.
    expect(p0.body.data).toEqual({ total: 3, logged: 1, percent: 33 });
    const round = await t.request({ url: `${base}/today/round`, token: keeper });
    expect(round.body.data.day).toBe(today);
    expect(round.body.data.items.map((i: any) => [i.animalId, i.animalType, Boolean(i.logId)]).sort()).toEqual(
      [
        [pandaA, 1, true],
        [pandaB, 1, false],
        [herd, 2, false],
      ].sort(),
    );
    expect(round.body.data.items.find((i: any) => i.animalId === herd)).toMatchObject({
      quantity: 5,
      speciesName: '梅花鹿',
      cageId: cageA,
      logId: '',
      health: '',
    });
    expect(round.body.data.items.find((i: any) => i.animalId === herd).log).toEqual({});
    // Today's log comes with its values, so the round can open its edit from the device's copy (decision 0046).
    const a = round.body.data.items.find((i: any) => i.animalId === pandaA);
    const row = (await t.sql.query(`select log_time, remark, row_version from zoo_basic_log where id = $1`, [a.logId])).rows[0];
    expect(a.logVersion).toBe(row.row_version);
    expect(a.log).toEqual({ logTime: row.log_time, diet: [], intake: 3, appetite: 1, behaviour: 1, faeces: 1, health: 2, remark: row.remark });
    expect((await submit(keeper, { animalId: herd, logDate: today })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/today/percent`, token: keeper })).body.data).toEqual({ total: 3, logged: 2, percent: 67 });
    // Yesterday's log of pandaB does not count for today.
    expect((await submit(keeper, { animalId: pandaB, logDate: await dayOffset(-1) })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/today/percent`, token: keeper })).body.data.logged).toBe(2);
    // ...but its diet is what a one-click entry offers today.
    await submit(keeper, { animalId: pandaB, logDate: await dayOffset(-3), diet: [{ food: '苹果', amount: 1, unit: '个' }] });
    await t.sql.query(
      `update zoo_basic_log set diet = '[{"food":"竹笋","amount":3,"unit":"kg","intake":2}]' where animal_id = $1 and log_date = current_date - 1`,
      [pandaB],
    );
    const items = (await t.request({ url: `${base}/today/round`, token: keeper })).body.data.items;
    expect(items.find((i: any) => i.animalId === pandaB).lastDiet).toEqual([{ food: '竹笋', amount: 3, unit: 'kg', intake: 2 }]);
    expect(items.find((i: any) => i.animalId === herd).lastDiet).toEqual([]);
    // The admin keeps no cage: nothing due.
    expect((await t.request({ url: `${base}/today/percent`, token: admin })).body.data).toEqual({ total: 0, logged: 0, percent: 0 });
    const herdLog = (await t.sql.query(`select animal_type from zoo_basic_log where animal_id = $1`, [herd])).rows[0];
    expect(herdLog.animal_type).toBe(2);
  });

  it('answers a day and a month calendar of one animal', async () => {
    const y = await t.sql.query(`select extract(year from current_date)::int as y, extract(month from current_date)::int as m`);
    const year = String(y.rows[0].y);
    const month = String(y.rows[0].m);
    // Two more days earlier in the month (or the month before for early days) and one the month before.
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    if (first !== today) expect((await submit(admin, { animalId: pandaC, logDate: first })).body.success).toBe(true);
    expect((await submit(admin, { animalId: pandaC, logDate: today, health: 3 })).body.success).toBe(true);
    const prevMonthDay = (await t.sql.query(`select to_char(date_trunc('month', current_date) - interval '1 day', 'YYYY-MM-DD') as d`)).rows[0].d;
    expect((await submit(admin, { animalId: pandaC, logDate: prevMonthDay })).body.success).toBe(true);

    const cal = await t.request({ url: `${base}/detail/month`, token: admin, query: { year, month, animalId: pandaC } });
    expect(cal.body.data).toMatchObject({ animalType: 1, animalId: pandaC, speciesName: '大熊猫' });
    const days = cal.body.data.days.map((d: any) => d.day);
    expect(days).toEqual(first === today ? [today] : [first, today]);
    expect(cal.body.data.days.at(-1)).toMatchObject({ health: 3, intake: 1, keeperName: expect.any(String) });
    expect(cal.body.data.days.at(-1).keeperName).not.toBe('');
    // The answer is built by PostgreSQL as JSON (one statement): it must still be exactly the contract's shape.
    expect(basicLogEndpoints.month.data.strict().parse(cal.body.data)).toEqual(cal.body.data);
    // The herd's log of today (the keeper's round above): a population's calendar.
    const herdCal = await t.request({ url: `${base}/detail/month`, token: admin, query: { year, month, animalId: herd } });
    expect(herdCal.body.data).toMatchObject({
      animalType: 2,
      animalId: herd,
      speciesName: '梅花鹿',
      cageName: expect.any(String),
      days: [{ day: today, keeperName: expect.any(String) }],
    });
    const prev = await t.request({
      url: `${base}/detail/month`,
      token: admin,
      query: { year: prevMonthDay.slice(0, 4), month: String(+prevMonthDay.slice(5, 7)), animalId: pandaC },
    });
    expect(prev.body.data.days.map((d: any) => d.day)).toEqual([prevMonthDay]);
    expect((await t.request({ url: `${base}/detail/month`, token: admin, query: { year, month: '13', animalId: pandaC } })).body.msg).toBe('月份应为1-12');
    expect((await t.request({ url: `${base}/detail/month`, token: admin, query: { year, month } })).body.msg).toBe('请选择动物');

    const day = await t.request({ url: `${base}/detail/day`, token: admin, query: { day: today, animalId: pandaC } });
    expect(day.body.data).toMatchObject({ animalId: pandaC, logDate: today, health: 3 });
    const none = await t.request({ url: `${base}/detail/day`, token: admin, query: { day: '2020-01-01', animalId: pandaC } });
    expect(none.body).toMatchObject({ code: 200, data: {} });
    // Another zoo sees neither the animal nor its logs.
    expect((await t.request({ url: `${base}/detail/month`, token: adminB, query: { year, month, animalId: pandaC } })).body.msg).toBe('所选动物或种群不存在');
    expect((await t.request({ url: `${base}/detail/day`, token: adminB, query: { day: today, animalId: pandaC } })).body.data).toEqual({});
  });

  it('lists by animal and date range, and removes', async () => {
    const list = await t.request({ url: `${base}/list`, token: admin, query: { animalId: pandaC } });
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.records[0].logDate >= list.body.data.records[1].logDate).toBe(true);
    const ranged = await t.request({ url: `${base}/list`, token: admin, query: { animalId: pandaC, logDate_datege: today, logDate_datele: today } });
    expect(ranged.body.data.records.map((r: any) => r.logDate)).toEqual([today]);
    const id = ranged.body.data.records[0].id;
    // The keeper has no delete button.
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: keeper, query: { ids: id } })).body.code).toBe(403);
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: id } })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/detail/day`, token: admin, query: { day: today, animalId: pandaC } })).body.data).toEqual({});
    // A removed log frees its day.
    expect((await submit(admin, { animalId: pandaC, logDate: today })).body.success).toBe(true);
  });

  it("the month calendar keeps to the caller's data scope (one statement with the scope's condition)", async () => {
    const year = today.slice(0, 4);
    const month = String(+today.slice(5, 7));
    const days = async (token: string, animalId: string) =>
      (
        (await t.request({ url: `${base}/detail/month`, token, query: { year, month, animalId } })).body.data.days as Array<{ day: string; keeperName: string }>
      ).map((d) => d.day);
    expect(await days(keeper, pandaC)).toContain(today);
    const { rows } = await t.sql.query(`select role_id from blade_user where id = $1`, [keeperId]);
    const menu = (await t.sql.query(`select id::text from blade_menu where code = 'basiclog' limit 1`)).rows[0].id;
    const scope = await t.sql.query(
      `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) values ($1, 'basiclog', '本人记录', 2, 'keeperId') returning id::text`,
      [menu],
    );
    await t.sql.query(`insert into blade_role_scope (tenant_id, scope_category, scope_id, role_id) values ('310001', 1, $1, $2)`, [
      scope.rows[0].id,
      rows[0].role_id,
    ]);
    t.app.zoo.cache.clearLocal();
    // pandaC's logs were written by the administrator: the keeper sees the calendar without them; the herd's log is theirs.
    expect(await days(keeper, pandaC)).toEqual([]);
    expect(await days(keeper, herd)).toEqual([today]);
    expect(await days(admin, pandaC)).toContain(today);
  });

  it('two logs for one animal and day sent at once: one is saved, the other is refused with a clear 400', async () => {
    const animal = await makeAnimal(t, admin, { speciesId: panda, cageId: cageA, sex: 1, animalName: '并发' });
    const day = await dayOffset(-3);
    const answers = await Promise.all([
      submit(admin, { animalId: animal, logDate: day, remark: '甲' }),
      submit(admin, { animalId: animal, logDate: day, remark: '乙' }),
    ]);
    const ok = answers.filter((r) => r.status === 200 && r.body.success === true);
    const refused = answers.filter((r) => r.status === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.msg).toMatch(new RegExp(`${day} 已有饲养日志$`));
    expect(
      (await t.sql.query(`select count(*)::int n from zoo_basic_log where animal_id = $1 and log_date = $2 and is_deleted = 0`, [animal, day])).rows[0].n,
    ).toBe(1);
  });
});
