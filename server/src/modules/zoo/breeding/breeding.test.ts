import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeasonBoard } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let adminB: string;
let pandaSpecies: string;
let craneSpecies: string;
let female: string; // 美香, a breeding-age panda of zoo A
let young: string; // a panda female too young for the season board
let male: string; // 添添, a panda male of zoo A
let male2: string; // a second candidate sire
let craneMale: string;
let foreignMale: string; // a panda male of zoo B
const YEAR = 2024;

const post = (token: string, url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-breeding/${url}`, token, body });
const get = (token: string, url: string, query: Record<string, string>) => t.request({ url: `/zoo-breeding/${url}`, token, query });
const lastId = async (table: string) => (await t.sql.query(`select id::text from ${table} order by id desc limit 1`)).rows[0].id as string;
const count = async (table: string) =>
  (await t.sql.query(`select count(*)::int as n from ${table} where is_deleted = 0 and tenant_id = '330101'`)).rows[0].n as number;
const straws = async (id: string) => (await t.sql.query(`select straws from zoo_breed_semen where id = $1`, [id])).rows[0].straws as number;

async function ok(url: string, body: Record<string, unknown>, table: string): Promise<string> {
  const res = await post(admin, url, body);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId(table);
}
const semen = (body: Record<string, unknown> = {}) =>
  ok(
    'semen/submit',
    {
      sampleNo: `S-${Math.random().toString(36).slice(2, 8)}`,
      speciesId: pandaSpecies,
      donorName: '成都基地 永永',
      collectDate: '2024-03-01',
      straws: 5,
      ...body,
    },
    'zoo_breed_semen',
  );
const ai = (semenId: string, n = 1, extra: Record<string, unknown> = {}) =>
  post(admin, 'event/submit', { femaleId: female, kind: 2, eventDate: '2024-04-12', semenId, straws: n, method: 3, ...extra });

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, '330101');
  adminB = await zooAdmin(t, '330102');
  await authorise(t, '330101', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Grus japonensis' }]);
  await authorise(t, '330102', [{ latin: 'Ailuropoda melanoleuca' }]);
  pandaSpecies = await speciesId(t, 'Ailuropoda melanoleuca');
  craneSpecies = await speciesId(t, 'Grus japonensis');
  const { cageId } = await makeCageChain(t, admin);
  female = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId, sex: 2, animalName: '美香' });
  young = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId, sex: 2, animalName: '幼仔' });
  male = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId, sex: 1, animalName: '添添' });
  male2 = await makeAnimal(t, admin, { speciesId: pandaSpecies, cageId, sex: 1, animalName: '阳阳' });
  craneMale = await makeAnimal(t, admin, { speciesId: craneSpecies, cageId, sex: 1 });
  const b = await makeCageChain(t, adminB);
  foreignMale = await makeAnimal(t, adminB, { speciesId: pandaSpecies, cageId: b.cageId, sex: 1 });
  await t.sql.query(`update zoo_animal set birth_date = '2015-08-16 00:00:00' where id = $1`, [female]);
  await t.sql.query(`update zoo_animal set birth_date = '2022-07-01 00:00:00' where id = $1`, [young]);
});
afterAll(async () => t?.close());

describe('oestrus observations', () => {
  it('records a female with signs, vulva score and hormones, and charts the peak', async () => {
    const days: Array<[string, number]> = [
      ['2024-03-20', 12.5],
      ['2024-03-25', 48.2],
      ['2024-03-28', 96.4],
      ['2024-03-30', 30.1],
    ];
    for (const [obsDate, oestrogen] of days)
      await ok(
        'oestrus/submit',
        { animalId: female, obsDate, signs: [1, 2, 2], vulvaScore: 3, oestrogen, oestrogenUnit: 'ng/mg Cr', progesterone: 2.1 },
        'zoo_breed_oestrus',
      );
    const list = await get(admin, 'oestrus/list', { animalId: female, year: String(YEAR), current: '1', size: '2' });
    expect(list.body.data.total).toBe(4);
    expect(list.body.data.records).toHaveLength(2);
    expect(list.body.data.records[0]).toMatchObject({
      obsDate: '2024-03-30',
      animalName: expect.stringContaining('美香'),
      signs: [1, 2],
      speciesName: '大熊猫',
    });
    expect((await get(admin, 'oestrus/list', { animalId: female, year: '2023', current: '1', size: '10' })).body.data.total).toBe(0);
    const series = await get(admin, 'oestrus/series', { animalId: female, year: String(YEAR) });
    expect(series.body.data.points).toHaveLength(4);
    expect(series.body.data.peak).toEqual({ obsDate: '2024-03-28', oestrogen: 96.4, unit: 'ng/mg Cr' });
  });

  it('refuses a male, bad input and another zoo with Chinese messages, writing nothing', async () => {
    const before = await count('zoo_breed_oestrus');
    const base = { animalId: female, obsDate: '2024-03-21', signs: [1] };
    expect((await post(admin, 'oestrus/submit', { ...base, animalId: male })).body).toMatchObject({ code: 400, msg: '雄性个体不能登记发情观察' });
    expect((await post(admin, 'oestrus/submit', { ...base, signs: [42] })).body).toMatchObject({
      code: 400,
      msg: '发情行为取值不正确: 业务字典「发情行为」(oestrus_sign) 中没有键 42',
    });
    expect((await post(admin, 'oestrus/submit', { ...base, signs: [0] })).body).toMatchObject({ code: 400, msg: '发情行为取值不正确' });
    expect((await post(admin, 'oestrus/submit', { ...base, signs: [] })).body.msg).toBe('请至少填写一项发情行为、外阴评分或激素值');
    expect((await post(admin, 'oestrus/submit', { ...base, vulvaScore: 7 })).body.msg).toBe('外阴评分不能大于4');
    expect((await post(admin, 'oestrus/submit', { ...base, oestrogen: 5, oestrogenUnit: 'mg/kg' })).body.msg).toBe('雌激素单位不正确');
    expect((await post(admin, 'oestrus/submit', { ...base, obsDate: '2999-01-01' })).body.msg).toBe('观察日期不能晚于今天');
    expect((await post(adminB, 'oestrus/submit', base)).body).toMatchObject({ code: 400, msg: '所选动物不存在' });
    expect(await count('zoo_breed_oestrus')).toBe(before);
  });
});

describe('breeding events', () => {
  it('records a natural pairing with several candidate sires and an AI from another base semen', async () => {
    const id = await ok(
      'event/submit',
      { femaleId: female, kind: 1, eventDate: '2024-03-28', sireIds: [male, male2, male], startTime: '09:10', endTime: '09:40', copulations: 2, outcome: 1 },
      'zoo_breed_event',
    );
    const detail = await get(admin, 'event/detail', { id });
    expect(detail.body.data).toMatchObject({ kind: 1, sireIds: [male, male2], copulations: 2, semenId: '', method: '' });
    expect(detail.body.data.sireNames).toContain('添添');
    expect(detail.body.data.sireNames).toContain('阳阳');
    const s = await semen({ straws: 4 });
    expect((await ai(s, 2, { doseMl: 0.5, motility: 65 })).body.success).toBe(true);
    expect(await straws(s)).toBe(2);
  });

  it('refuses a donor of another species, another zoo and wrong kinds, changing nothing', async () => {
    const before = await count('zoo_breed_event');
    const pair = { femaleId: female, kind: 1, eventDate: '2024-03-28', sireIds: [male] };
    expect((await post(admin, 'event/submit', { ...pair, sireIds: [craneMale] })).body).toMatchObject({ code: 400, msg: '父本(供体)与雌性不是同一物种' });
    expect((await post(admin, 'event/submit', { ...pair, sireIds: [foreignMale] })).body.msg).toBe('所选父本个体不存在');
    expect((await post(admin, 'event/submit', { ...pair, sireIds: [female] })).body.msg).toBe('父本(供体)必须是雄性个体');
    expect((await post(admin, 'event/submit', { ...pair, femaleId: male })).body.msg).toBe('雄性个体不能登记配种记录');
    expect((await post(admin, 'event/submit', { ...pair, sireIds: [] })).body.msg).toBe('自然配对请选择雄性个体');
    expect((await post(admin, 'event/submit', { ...pair, kind: 2, sireIds: [], method: 1 })).body.msg).toBe('人工授精请选择供体个体或精液样本');
    const craneSemen = await semen({ speciesId: craneSpecies, donorName: '外园丹顶鹤' });
    const craneStraws = await straws(craneSemen);
    expect((await ai(craneSemen)).body).toMatchObject({ code: 400, msg: '精液样本的供体与雌性不是同一物种' });
    expect(await straws(craneSemen)).toBe(craneStraws);
    const s = await semen({ straws: 1 });
    expect((await ai(s, 2)).body.msg).toBe('精液样本剩余支数不足(剩余1支,需要2支)');
    expect(await straws(s)).toBe(1);
    expect(await count('zoo_breed_event')).toBe(before);
  });

  it('gives straws back when an insemination is changed or removed', async () => {
    const a = await semen({ straws: 3 });
    const b = await semen({ straws: 3 });
    expect((await ai(a, 2)).body.success).toBe(true);
    const id = await lastId('zoo_breed_event');
    expect(await straws(a)).toBe(1);
    expect((await post(admin, 'event/submit', { id, femaleId: female, kind: 2, eventDate: '2024-04-12', semenId: b, straws: 1, method: 3 })).body.success).toBe(
      true,
    );
    expect([await straws(a), await straws(b)]).toEqual([3, 2]);
    expect((await t.request({ method: 'POST', url: '/zoo-breeding/semen/remove', token: admin, query: { ids: b } })).body.msg).toBe(
      '精液样本已用于配种记录,不能删除',
    );
    // Two removals of the same insemination at once give its straw back once.
    const remove = () => t.request({ method: 'POST', url: '/zoo-breeding/event/remove', token: admin, query: { ids: id } });
    await Promise.all([remove(), remove()]);
    expect(await straws(b)).toBe(3);
  });
});

describe('semen bank', () => {
  it('keeps the straw count at zero under parallel inseminations: exactly the available number succeed', async () => {
    const s = await semen({ straws: 3 });
    const before = await count('zoo_breed_event');
    const results = await Promise.all(Array.from({ length: 8 }, () => ai(s, 1)));
    const passed = results.filter((r) => r.body.success);
    const refused = results.filter((r) => !r.body.success);
    expect(passed).toHaveLength(3);
    for (const r of refused) expect(r.body).toMatchObject({ code: 400, msg: '精液样本剩余支数不足(剩余0支,需要1支)' });
    expect(await straws(s)).toBe(0);
    expect(await count('zoo_breed_event')).toBe(before + 3);
  });

  it('checks donor, counts and transfer out', async () => {
    const body = { sampleNo: 'S-X', speciesId: pandaSpecies, collectDate: '2024-03-01', straws: 2 };
    expect((await post(admin, 'semen/submit', body)).body.msg).toBe('请选择供体个体或填写供体名称');
    expect((await post(admin, 'semen/submit', { ...body, donorAnimalId: craneMale })).body.msg).toBe('供体个体与样本物种不一致');
    expect((await post(admin, 'semen/submit', { ...body, donorName: 'x', straws: -1 })).body.msg).toBe('剩余支数不能小于0');
    expect((await post(admin, 'semen/submit', { ...body, donorName: 'x', transferDate: '2024-05-01' })).body.msg).toBe('转出日期和转出至需同时填写');
    const own = await ok('semen/submit', { ...body, sampleNo: 'S-OWN', donorAnimalId: male, tank: 'LN-2', position: 'A3' }, 'zoo_breed_semen');
    expect((await get(admin, 'semen/detail', { id: own })).body.data).toMatchObject({ donorName: expect.stringContaining('添添'), tank: 'LN-2' });
    const moved = await semen({ transferDate: '2024-06-01', transferTo: '成都大熊猫繁育研究基地' });
    expect((await ai(moved)).body.msg).toBe('精液样本已转出,不能用于输精');
    expect((await get(adminB, 'semen/detail', { id: own })).body.success).toBe(false);
  });
});

describe('season board', () => {
  it('lists breeding-age females with their latest oestrus, events and counts', async () => {
    const res = await get(admin, 'season', { speciesId: pandaSpecies, year: String(YEAR) });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const board = SeasonBoard.parse(res.body.data);
    expect(board.breedingAge).toBe(4);
    expect(board.females.map((f) => f.animalId)).toEqual([female]);
    const [f] = board.females;
    expect(f!.latestOestrus).toMatchObject({ obsDate: '2024-03-30', oestrogen: 30.1 });
    expect(f!.observedInOestrus).toBe(true);
    const { rows } = await t.sql.query(`select count(*)::int n from zoo_breed_event where female_id = $1 and is_deleted = 0`, [female]);
    expect(f!.events).toHaveLength(rows[0].n);
    expect(board.summary).toMatchObject({ females: 1, observedInOestrus: 1, bred: 1, naturalPairings: 1, inseminations: rows[0].n - 1 });
    // The young female counts from the year she reaches four.
    const laterRes = await get(admin, 'season', { speciesId: pandaSpecies, year: '2026' });
    expect(laterRes.body.success, JSON.stringify(laterRes.body)).toBe(true);
    const later = SeasonBoard.parse(laterRes.body.data);
    expect(later.females.map((x) => x.animalId).sort()).toEqual([female, young].sort());
    expect(later.summary).toMatchObject({ females: 2, observedInOestrus: 0, bred: 0 });
    expect(later.females[0]!.latestOestrus).toBe('');
    expect((await get(admin, 'oestrus/series', { animalId: young })).body.data).toMatchObject({ points: [], peak: '' });
    // Zoo B sees none of zoo A's animals.
    expect((await get(adminB, 'season', { speciesId: pandaSpecies, year: String(YEAR) })).body.data.females).toEqual([]);
    expect((await get(admin, 'season', { speciesId: pandaSpecies, year: 'abc' })).body).toMatchObject({ code: 400 });
  });
});
