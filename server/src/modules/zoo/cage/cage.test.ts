import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCage, makeCageChain, makePark, makePopulation, makeVenue, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let chain: { parkId: string; venueId: string; cageId: string };
let panda: string;
let deer: string;
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/zoo-cage/cage/submit', token, body });

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  await authorise(t, '300001', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  deer = await speciesId(t, 'Cervus nippon');
  chain = await makeCageChain(t, zooA);
});
afterAll(async () => t?.close());

describe('cages', () => {
  it('creates a cage with its venue, park and measurements', async () => {
    const res = await submit(zooA, {
      venueId: chain.venueId,
      cageCode: 'PD-01',
      cageName: '熊猫1号舍',
      cageType: '3',
      area: '120.5',
      capacity: 4,
      cameraUrl: 'rtsp://10.0.0.8:554/live/pd01',
    });
    expect(res.body.success).toBe(true);
    const list = await t.request({ url: '/zoo-cage/cage/list', token: zooA, query: { cageCode: 'PD-01' } });
    expect(list.body.data.records[0]).toMatchObject({
      cageCode: 'PD-01',
      cageType: 3,
      area: 120.5,
      capacity: 4,
      parkId: chain.parkId,
      venueId: chain.venueId,
      animalCount: 0,
      populationQuantity: 0,
      cameraUrl: 'rtsp://10.0.0.8:554/live/pd01',
    });
  });

  it('keeps cage codes unique per zoo only', async () => {
    expect((await submit(zooA, { venueId: chain.venueId, cageCode: 'PD-01', cageName: '重复' })).body.msg).toBe('笼舍编号「PD-01」已存在');
    const b = await makeCageChain(t, zooB);
    expect((await submit(zooB, { venueId: b.venueId, cageCode: 'PD-01', cageName: '乙园同号' })).body.success).toBe(true);
  });

  it('validates the camera URL, code, capacity and venue', async () => {
    const base = { venueId: chain.venueId, cageCode: 'X-1', cageName: '测试' };
    expect((await submit(zooA, { ...base, cameraUrl: 'not a url' })).body.msg).toBe('监控视频地址不是有效的URL (支持 http、https、rtsp、rtmp、ws、wss)');
    expect((await submit(zooA, { ...base, cameraUrl: 'ftp://cam/1' })).body.msg).toBe('监控视频地址不是有效的URL (支持 http、https、rtsp、rtmp、ws、wss)');
    expect((await submit(zooA, { ...base, cageCode: 'A 1' })).body.msg).toBe('笼舍编号只能包含字母、数字、下划线和连字符');
    expect((await submit(zooA, { ...base, capacity: 1.5 })).body.msg).toBe('容量必须是整数');
    expect((await submit(zooA, { ...base, cageType: 9 })).body.msg).toBe('笼舍类型取值不正确');
    expect((await submit(zooA, { ...base, cageName: undefined })).body.msg).toBe('请输入笼舍名称');
    const foreignVenue = await makeVenue(t, zooB, await makePark(t, zooB));
    expect((await submit(zooA, { ...base, venueId: foreignVenue })).body.msg).toBe('所选场馆不存在');
    expect((await submit(zooA, { ...base, cameraUrl: 'https://cam.example.com/hls/x.m3u8' })).body.success).toBe(true);
  });

  it('pages by park (through the venue) and refuses a malformed park id', async () => {
    const other = await makeCageChain(t, zooA);
    const byPark = await t.request({ url: '/zoo-cage/cage/list', token: zooA, query: { parkId: other.parkId } });
    expect(byPark.body.data.records.map((c: any) => c.id)).toEqual([other.cageId]);
    const bad = await t.request({ url: '/zoo-cage/cage/list', token: zooA, query: { parkId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数 parkId: ID格式不正确');
    const sel = await t.request({ url: '/zoo-cage/cage/select', token: zooA, query: { parkId: other.parkId } });
    expect(sel.body.data).toEqual([expect.objectContaining({ id: other.cageId })]);
    const selB = await t.request({ url: '/zoo-cage/cage/select', token: zooB });
    expect(selB.body.data.map((c: any) => c.id)).not.toContain(other.cageId);
    expect((await t.request({ url: '/zoo-cage/cage/select', token: zooB, query: { parkId: other.parkId } })).body.data).toEqual([]);
  });

  it('finds the cages holding a species (animals in stock or populations) and refuses removing them', async () => {
    const animalCage = await makeCage(t, zooA, chain.venueId);
    const popCage = await makeCage(t, zooA, chain.venueId);
    const animal = await makeAnimal(t, zooA, { speciesId: panda, cageId: animalCage, sex: 1 });
    await makePopulation(t, zooA, { speciesId: deer, cageId: popCage, maleQuantity: 1 });
    expect((await t.request({ url: '/zoo-cage/cage/species', token: zooA, query: { speciesId: panda } })).body.data.map((c: any) => c.id)).toEqual([
      animalCage,
    ]);
    expect((await t.request({ url: '/zoo-cage/cage/species', token: zooA, query: { speciesId: deer } })).body.data.map((c: any) => c.id)).toEqual([popCage]);
    expect((await t.request({ url: '/zoo-cage/cage/species', token: zooB, query: { speciesId: panda } })).body.data).toEqual([]);
    const code = (id: string) => t.sql.query(`select cage_code from zoo_cage where id = $1`, [id]).then((r) => r.rows[0].cage_code);
    const r1 = await t.request({ method: 'POST', url: '/zoo-cage/cage/remove', token: zooA, query: { ids: animalCage } });
    expect(r1.body).toMatchObject({ code: 400, msg: `笼舍「${await code(animalCage)}」中还有在养个体,请先转移后再删除` });
    const r2 = await t.request({ method: 'POST', url: '/zoo-cage/cage/remove', token: zooA, query: { ids: popCage } });
    expect(r2.body.msg).toBe(`笼舍「${await code(popCage)}」中还有种群,请先转移或删除种群后再删除笼舍`);
    // A dead animal no longer occupies its cage.
    const died = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/die_enroll',
      token: zooA,
      body: { animalType: 1, speciesId: panda, animalId: animal, dieDate: '2024-05-01', dieType: 1 },
    });
    expect(died.body.success, JSON.stringify(died.body)).toBe(true);
    expect((await t.request({ method: 'POST', url: '/zoo-cage/cage/remove', token: zooA, query: { ids: animalCage } })).body.success).toBe(true);
  });
});

describe('cage breeders', () => {
  it('assigns keepers of the same zoo, once per cage', async () => {
    const keeper = await createTenantUser(t.sql, { tenantId: '300001', account: 'keeper', roleAlias: null });
    const outsider = await createTenantUser(t.sql, { tenantId: '300002', account: 'keeper_b', roleAlias: null });
    const post = (userId: string) => t.request({ method: 'POST', url: '/zoo-cage/cageBreeder/submit', token: zooA, body: { cageId: chain.cageId, userId } });
    expect((await post(keeper.userId)).body.success).toBe(true);
    expect((await post(keeper.userId)).body.msg).toBe('该饲养员已分配到此笼舍');
    expect((await post(outsider.userId)).body.msg).toBe('所选饲养员不是本园用户');
    const list = await t.request({ url: '/zoo-cage/cageBreeder/list', token: zooA, query: { cageId: chain.cageId } });
    expect(list.body.data.records).toEqual([expect.objectContaining({ userId: keeper.userId, account: 'keeper', cageId: chain.cageId })]);
    expect((await t.request({ url: '/zoo-cage/cageBreeder/list', token: zooB })).body.data.total).toBe(0);
    const id = list.body.data.records[0].id;
    expect((await t.request({ method: 'POST', url: '/zoo-cage/cageBreeder/remove', token: zooA, query: { ids: id } })).body.success).toBe(true);
    expect((await t.request({ url: '/zoo-cage/cageBreeder/list', token: zooA, query: { cageId: chain.cageId } })).body.data.total).toBe(0);
    // Once unassigned, the keeper can be assigned again.
    expect((await post(keeper.userId)).body.success).toBe(true);
  });
});

describe('cage contents views', () => {
  it('lists the populations and in-stock animals of a cage, only for its own zoo', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    await makeAnimal(t, zooA, { speciesId: panda, cageId: cage, sex: 2, localNo: 'VIEW-1' });
    const gone = await makeAnimal(t, zooA, { speciesId: panda, cageId: cage, sex: 1, localNo: 'VIEW-2' });
    await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/die_enroll',
      token: zooA,
      body: { animalType: 1, speciesId: panda, animalId: gone, dieDate: '2024-05-01', dieType: 1 },
    });
    await makePopulation(t, zooA, { speciesId: deer, cageId: cage, maleQuantity: 2, femaleQuantity: 3 });
    const animals = await t.request({ url: '/zoo-cageAnimal/cageAnimal/list', token: zooA, query: { cageId: cage } });
    expect(animals.body.data.records.map((a: any) => a.localNo)).toEqual(['VIEW-1']);
    expect(animals.body.data.records[0]).toMatchObject({ speciesName: '大熊猫', cageId: cage });
    const all = await t.request({ url: '/zoo-cageAnimal/cageAnimal/list', token: zooA, query: { cageId: cage, status: 'all' } });
    expect(all.body.data.total).toBe(2);
    const pops = await t.request({ url: '/zoo-cage-population/cagePopulation/list', token: zooA, query: { cageId: cage } });
    expect(pops.body.data.records).toEqual([expect.objectContaining({ speciesName: '梅花鹿', totalQuantity: 5 })]);
    expect((await t.request({ url: '/zoo-cageAnimal/cageAnimal/list', token: zooB, query: { cageId: cage, status: 'all' } })).body.data.total).toBe(0);
    expect((await t.request({ url: '/zoo-cage-population/cagePopulation/list', token: zooB, query: { cageId: cage } })).body.data.total).toBe(0);
    expect((await t.request({ url: '/zoo-cageAnimal/cageAnimal/list', token: zooA })).body.msg).toBe('请选择笼舍');
  });
});
