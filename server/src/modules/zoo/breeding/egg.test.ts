import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

/**
 * Per-egg records of a bird's clutch (decision 0042), through HTTP on PostgreSQL: a red-crowned crane clutch of three
 * eggs — one hatches and links to its chick, one is infertile and removed, one dies in the shell — with candlings
 * over time, incubation, the expected hatch from the species' 29–34 days and the clutch's derived counts.
 */
let t: TestApp;
let admin: string;
let cageId: string;
let litterId: string;
let chicks: string[];
let pandaLitter: string;
const TENANT = '330131';

const post = (url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-breeding/${url}`, token: admin, body });
const get = (url: string, query: Record<string, string>) => t.request({ url: `/zoo-breeding/${url}`, token: admin, query });
const q = async (text: string, args: unknown[] = []) => (await t.sql.query(text, args)).rows;
const eggs = async () => (await q(`select count(*)::int n from zoo_breed_egg where tenant_id = $1 and is_deleted = 0`, [TENANT]))[0].n as number;
async function refused(url: string, body: Record<string, unknown>, msg: string | RegExp) {
  const before = await eggs();
  const res = await post(url, body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 400, success: false });
  expect(res.body.msg).toMatch(msg);
  expect(await eggs()).toBe(before);
}
async function addEgg(body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await post('egg/submit', { litterId, ...body });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const [row] = await q(`select id::text from zoo_breed_egg where tenant_id = $1 order by id desc limit 1`, [TENANT]);
  return (await get('egg/detail', { id: row.id })).body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, TENANT);
  await authorise(t, TENANT, [{ latin: 'Grus japonensis' }, { latin: 'Ailuropoda melanoleuca' }]);
  const crane = await speciesId(t, 'Grus japonensis');
  const panda = await speciesId(t, 'Ailuropoda melanoleuca');
  ({ cageId } = await makeCageChain(t, admin));
  const hen = await makeAnimal(t, admin, { speciesId: crane, cageId, sex: 2, animalName: '丹丹', birthDate: '2015-05-01' });
  const cock = await makeAnimal(t, admin, { speciesId: crane, cageId, sex: 1, animalName: '顶顶', birthDate: '2014-05-01' });
  expect((await post('event/submit', { femaleId: hen, kind: 1, eventDate: '2023-03-20', sireIds: [cock], copulations: 3, outcome: 1 })).body.success).toBe(
    true,
  );
  const res = await post('litter/submit', {
    damId: hen,
    birthDate: '2023-04-28',
    cageId,
    cubs: [{ localNo: `EGG-CHICK-${TENANT}`, animalName: '小丹', sex: 3, birthWeightG: 118 }],
    rearing: 5,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const [l] = await q(`select id::text, cubs from zoo_breed_litter where dam_id = $1`, [hen]);
  litterId = l.id;
  chicks = l.cubs.map((c: { id: string }) => c.id);
  // A panda litter: no eggs.
  const mom = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 2, animalName: '熊妈', birthDate: '2012-05-01' });
  const dad = await makeAnimal(t, admin, { speciesId: panda, cageId, sex: 1, animalName: '熊爸', birthDate: '2011-05-01' });
  expect((await post('event/submit', { femaleId: mom, kind: 1, eventDate: '2024-04-10', sireIds: [dad], copulations: 1, outcome: 1 })).body.success).toBe(true);
  expect((await post('litter/submit', { damId: mom, birthDate: '2024-08-20', cageId, cubs: [{ localNo: `EGG-CUB-${TENANT}`, sex: 1 }] })).body.success).toBe(
    true,
  );
  pandaLitter = (await q(`select id::text from zoo_breed_litter where dam_id = $1`, [mom]))[0].id;
});
afterAll(async () => t?.close());

describe('eggs of a clutch', () => {
  it('adds eggs numbered in order, with measurements, incubation and the expected hatch from the species’ incubation', async () => {
    const e1 = await addEgg({
      laidDate: '2023-03-25',
      weightG: 210.5,
      lengthMm: 98,
      breadthMm: 62,
      incubation: 1,
      incubationStart: '2023-03-27',
      tempC: 37.5,
      humidityPct: 55,
    });
    // Red-crowned crane: 29–34 days of incubation from the start.
    expect(e1).toMatchObject({
      eggNo: 1,
      weightG: 210.5,
      lengthMm: 98,
      breadthMm: 62,
      incubation: 1,
      tempC: 37.5,
      humidityPct: 55,
      fertility: 0,
      candlings: [],
    });
    expect([e1.expectedHatchFrom, e1.expectedHatchTo]).toEqual(['2023-04-25', '2023-04-30']);
    const e2 = await addEgg({ laidDate: '2023-03-27', incubation: 2, incubationStart: '2023-03-27' });
    expect(e2.eggNo).toBe(2);
    const e3 = await addEgg({ laidDate: '2023-03-29' });
    expect(e3).toMatchObject({ eggNo: 3, expectedHatchFrom: '' });
    await refused('egg/submit', { litterId, eggNo: 2, laidDate: '2023-03-30' }, '卵号 2 已存在');
    await refused('egg/submit', { litterId, laidDate: '2099-01-01' }, '产卵日期不能晚于今天');
    await refused('egg/submit', { litterId, laidDate: '2023-03-25', incubation: 1, incubationStart: '2023-03-20' }, '入孵日期不能早于产卵日期');
    await refused('egg/submit', { litterId, laidDate: '2023-03-25', incubationStart: '2023-03-26' }, '请选择孵化方式');
    await refused('egg/submit', { litterId: pandaLitter, laidDate: '2024-05-01' }, '卵记录只适用于鸟类的窝卵');
  });

  it('candles over time, hatches one egg linked to its chick, and derives the clutch’s counts and hatch rates', async () => {
    const list = (await get('egg/list', { litterId, current: '1', size: '20' })).body.data.records as Array<Record<string, any>>;
    const [e1, e2, e3] = list.map((e) => e.id) as [string, string, string];
    const candle = (id: string, date: string, result: number) => post('egg/candle', { id, date, result });
    expect((await candle(e1, '2023-04-03', 1)).body.data).toMatchObject({ fertility: 1, candlings: [{ date: '2023-04-03', result: 1 }] });
    expect((await candle(e2, '2023-04-03', 2)).body.data.fertility).toBe(2);
    expect((await candle(e3, '2023-04-03', 1)).body.success).toBe(true);
    // The second candling of egg 3 finds the embryo dead: the latest result is its fertility, both are kept.
    const c3 = (await candle(e3, '2023-04-15', 3)).body.data;
    expect(c3).toMatchObject({
      fertility: 3,
      candlings: [
        { date: '2023-04-03', result: 1 },
        { date: '2023-04-15', result: 3 },
      ],
    });
    for (const [body, msg] of [
      [{ id: e1, date: '2099-01-01', result: 1 }, '照蛋日期不能晚于今天'],
      [{ id: e1, date: '2023-03-01', result: 1 }, '照蛋日期不能早于产卵日期(2023-03-25)'],
      [{ id: e1, date: '2023-04-05', result: 7 }, /照蛋结果/],
    ] as const) {
      const r = await post('egg/candle', body);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 400, success: false });
      expect(r.body.msg).toMatch(msg);
    }
    const base = list[0]!;
    const edit = (id: string, more: Record<string, unknown>) => ({
      id,
      litterId,
      laidDate: list.find((x) => x.id === id)!.laidDate,
      ...(id === e1 ? { weightG: base.weightG, incubation: 1, incubationStart: '2023-03-27' } : {}),
      ...more,
    });
    await refused('egg/submit', edit(e1, { outcome: 1 }), '已出壳的卵请填写出壳日期');
    await refused('egg/submit', edit(e1, { outcome: 1, hatchDate: '2023-03-26' }), '出壳日期不能早于入孵日期');
    await refused('egg/submit', edit(e1, { outcome: 2, chickId: chicks[0] }), '只有已出壳的卵可以关联雏鸟');
    await refused('egg/submit', edit(e1, { outcome: 1, hatchDate: '2023-04-28', chickId: litterId }), '所选雏鸟不是该窝出壳登记的雏鸟');
    const hatched = await post('egg/submit', edit(e1, { outcome: 1, hatchDate: '2023-04-28', chickId: chicks[0] }));
    expect(hatched.body.success, JSON.stringify(hatched.body)).toBe(true);
    const d1 = (await get('egg/detail', { id: e1 })).body.data;
    expect(d1).toMatchObject({
      eggNo: 1,
      outcome: 1,
      hatchDate: '2023-04-28',
      chickId: chicks[0],
      chickName: expect.stringContaining('小丹'),
      weightG: 210.5,
      fertility: 1,
    });
    // One egg per chick.
    await refused('egg/submit', edit(e3, { outcome: 1, hatchDate: '2023-04-28', chickId: chicks[0] }), '该雏鸟已关联卵号 1');
    expect((await post('egg/submit', edit(e2, { outcome: 4, remark: '照蛋无精,撤出' }))).body.success).toBe(true);
    expect((await post('egg/submit', edit(e3, { outcome: 2 }))).body.success).toBe(true);
    // Laid 3; fertile 2 (egg 1 hatched, egg 3 died in shell); hatched 1: 33.3 % of the laid, 50 % of the fertile.
    expect((await get('egg/clutch', { id: litterId })).body.data).toEqual({
      laid: 3,
      fertile: 2,
      hatched: 1,
      hatchRate: 33.3,
      fertileHatchRate: 50,
      incubationMinDays: 29,
      incubationMaxDays: 34,
    });
    // Removing the clutch's litter takes its eggs along.
    expect((await t.request({ method: 'POST', url: '/zoo-breeding/litter/remove', token: admin, query: { ids: litterId } })).body.success).toBe(true);
    expect(await eggs()).toBe(0);
  });
});
