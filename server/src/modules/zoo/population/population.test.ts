import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCage, makeCageChain, makePopulation, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let deer: string;
let panda: string;
let chain: { parkId: string; venueId: string; cageId: string };
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/zoo-population/population/submit', token, body });

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  await authorise(t, '300001', [
    { latin: 'Cervus nippon' },
    { latin: 'Ailuropoda melanoleuca' },
    { latin: 'Macaca mulatta', validFrom: '2010-01-01', validTo: '2012-12-31', licenceNo: 'M-OLD' },
  ]);
  await authorise(t, '300002', [{ latin: 'Cervus nippon' }]);
  deer = await speciesId(t, 'Cervus nippon');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  chain = await makeCageChain(t, zooA);
});
afterAll(async () => t?.close());

describe('populations', () => {
  it('records M.F.U counts (missing ones are 0) with species and cage names', async () => {
    const res = await submit(zooA, { speciesId: deer, cageId: chain.cageId, populationName: '鹿群', maleQuantity: '4', femaleQuantity: 10 });
    expect(res.body.success).toBe(true);
    const list = await t.request({ url: '/zoo-population/population/list', token: zooA, query: { speciesId: deer } });
    expect(list.body.data.records).toEqual([
      expect.objectContaining({
        populationName: '鹿群',
        maleQuantity: 4,
        femaleQuantity: 10,
        theyQuantity: 0,
        totalQuantity: 14,
        speciesName: '梅花鹿',
        cageId: chain.cageId,
      }),
    ]);
    const bySpecies = await t.request({ url: '/zoo-population/population/species', token: zooA, query: { speciesId: deer } });
    expect(bySpecies.body.data.map((p: any) => p.populationName)).toEqual(['鹿群']);
  });

  it('validates counts as non-negative integers', async () => {
    const base = { speciesId: deer, cageId: await makeCage(t, zooA, chain.venueId) };
    expect((await submit(zooA, { ...base, maleQuantity: -1 })).body.msg).toBe('雄性数量不能为负数');
    expect((await submit(zooA, { ...base, femaleQuantity: 1.5 })).body.msg).toBe('雌性数量必须是整数');
    expect((await submit(zooA, { ...base, theyQuantity: 'many' })).body.msg).toBe('性别不明数量必须是整数');
    expect((await submit(zooA, { speciesId: deer })).body.msg).toBe('请选择笼舍');
  });

  it('allows one population per species and cage', async () => {
    expect((await submit(zooA, { speciesId: deer, cageId: chain.cageId })).body.msg).toMatch(/中已有该物种的种群,请直接修改该种群$/);
  });

  it('enforces the licence scope, including an expired licence', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    expect((await submit(zooA, { speciesId: await speciesId(t, 'Macaca mulatta'), cageId: cage })).body.msg).toBe(
      '物种「猕猴」的许可证(M-OLD)已于 2012-12-31 到期,不能登记该物种的个体或种群',
    );
    expect((await submit(zooA, { speciesId: await speciesId(t, 'Alligator sinensis'), cageId: cage })).body.msg).toBe(
      '本园未获得物种「扬子鳄」的饲养繁育许可,不能登记该物种的个体或种群',
    );
  });

  it("cannot be placed in another zoo's cage or seen by another zoo", async () => {
    const b = await makeCageChain(t, zooB);
    expect((await submit(zooA, { speciesId: deer, cageId: b.cageId })).body.msg).toBe('所选笼舍不存在');
    expect((await t.request({ url: '/zoo-population/population/species', token: zooB, query: { speciesId: deer } })).body.data).toEqual([]);
  });
});

describe('population members', () => {
  it('links animals of the same species to a population, once', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    const pop = await makePopulation(t, zooA, { speciesId: panda, cageId: cage, maleQuantity: 1 });
    const member = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, localNo: 'MEM-1' });
    const post = (animalId: string) =>
      t.request({ method: 'POST', url: '/zoo-populationAnimal/populationAnimal/submit', token: zooA, body: { populationId: pop, animalId } });
    expect((await post(member)).body.success).toBe(true);
    expect((await post(member)).body.msg).toBe('该个体已是此种群的成员');
    const deerPop = (await t.sql.query(`select id::text from zoo_population where species_id = $1 and tenant_id = '300001'`, [deer])).rows[0].id;
    const wrong = await t.request({
      method: 'POST',
      url: '/zoo-populationAnimal/populationAnimal/submit',
      token: zooA,
      body: { populationId: deerPop, animalId: member },
    });
    expect(wrong.body.msg).toBe('个体与种群不是同一物种');
    const list = await t.request({ url: '/zoo-populationAnimal/populationAnimal/list', token: zooA, query: { populationId: pop } });
    expect(list.body.data.records).toEqual([expect.objectContaining({ animalId: member, localNo: 'MEM-1', sex: 1 })]);
    const link = list.body.data.records[0].id;
    expect((await t.request({ method: 'POST', url: '/zoo-populationAnimal/populationAnimal/remove', token: zooA, query: { ids: link } })).body.success).toBe(
      true,
    );
    expect((await post(member)).body.success).toBe(true);
    // Removing the population takes its member links with it.
    expect((await t.request({ method: 'POST', url: '/zoo-population/population/remove', token: zooA, query: { ids: pop } })).body.success).toBe(true);
    expect((await t.request({ url: '/zoo-populationAnimal/populationAnimal/list', token: zooA, query: { populationId: pop } })).body.data.total).toBe(0);
  });
});
