import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, makePopulation, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let zooA: string;
let zooB: string;
let panda: string;
const PANDA = 'Ailuropoda melanoleuca';
const base = '/zoo-species/species';

beforeAll(async () => {
  t = await startTestApp();
  admin = await platformToken(t);
  zooA = await zooAdmin(t, '300001', 'adm_a', '甲动物园');
  zooB = await zooAdmin(t, '300002', 'adm_b', '乙动物园');
  panda = await speciesId(t, PANDA);
  await authorise(t, '300001', [
    { latin: PANDA, licenceNo: 'A-PANDA' },
    { latin: 'Grus japonensis', validFrom: '2015-01-01', validTo: '2020-12-31' },
    { latin: 'Cervus nippon', validFrom: '2099-01-01' },
  ]);
  await authorise(t, '300002', [{ latin: PANDA, licenceNo: 'B-PANDA' }]);
  const a = await makeCageChain(t, zooA);
  await makeAnimal(t, zooA, { speciesId: panda, sex: 1, cageId: a.cageId });
  await makeAnimal(t, zooA, { speciesId: panda, sex: 2, cageId: a.cageId });
  // A dead animal: status comes from the stock ledger (a death), not from the registry form.
  const dead = await makeAnimal(t, zooA, { speciesId: panda, sex: 3, cageId: a.cageId });
  const died = await t.request({
    method: 'POST',
    url: '/zoo-stockLog/stockLog/die_enroll',
    token: zooA,
    body: { animalType: 1, speciesId: panda, animalId: dead, dieDate: '2024-05-01', dieType: 1 },
  });
  expect(died.body.success, JSON.stringify(died.body)).toBe(true);
  await makePopulation(t, zooA, { speciesId: panda, cageId: a.cageId, maleQuantity: 1, femaleQuantity: 0, theyQuantity: 2 });
  await makeAnimal(t, zooB, { speciesId: panda, sex: 2 });
});
afterAll(async () => t?.close());

describe("a zoo's authorised species", () => {
  it('lists the licence scope with licence state and in-stock counts (dead animals excluded)', async () => {
    const res = await t.request({ url: `${base}/list`, token: zooA });
    expect(res.body.data.total).toBe(3);
    const byName = new Map(res.body.data.records.map((r: any) => [r.speciesName, r]));
    expect(byName.get('大熊猫')).toMatchObject({
      tenantId: '300001',
      speciesId: panda,
      licenceNo: 'A-PANDA',
      licenceState: 'valid',
      managementMode: 1,
      managementModeOverride: '',
      individualCount: 2,
      populationQuantity: 3,
      maleQuantity: 2,
      femaleQuantity: 1,
      theyQuantity: 2,
      totalQuantity: 5,
    });
    expect(byName.get('丹顶鹤')).toMatchObject({ licenceState: 'expired', totalQuantity: 0 });
    expect(byName.get('梅花鹿')).toMatchObject({ licenceState: 'pending' });
    const expired = await t.request({ url: `${base}/list`, token: zooA, query: { licenceState: 'expired' } });
    expect(expired.body.data.records.map((r: any) => r.speciesName)).toEqual(['丹顶鹤']);
  });

  it('offers only species with a licence in force for registration, unless all=true', async () => {
    const res = await t.request({ url: `${base}/select`, token: zooA });
    expect(res.body.data).toEqual([{ id: panda, speciesName: '大熊猫', latinName: PANDA, managementMode: 1, licenceState: 'valid' }]);
    const all = await t.request({ url: `${base}/select`, token: zooA, query: { all: 'true' } });
    expect(all.body.data).toHaveLength(3);
  });

  it('lets the zoo set its local fields and management-mode override through update', async () => {
    const row = (await t.request({ url: `${base}/detail`, token: zooA, query: { speciesId: panda } })).body.data;
    const res = await t.request({
      method: 'POST',
      url: `${base}/update`,
      token: zooA,
      body: { id: row.id, localName: '国宝', localRemark: '本园旗舰物种', managementMode: 2 },
    });
    expect(res.body.success).toBe(true);
    expect((await t.request({ url: `${base}/detail`, token: zooA, query: { id: row.id } })).body.data).toMatchObject({
      localName: '国宝',
      managementMode: 2,
      managementModeOverride: 2,
      defaultManagementMode: 1,
    });
    await t.request({ method: 'POST', url: `${base}/update`, token: zooA, body: { id: row.id, managementMode: '' } });
    expect((await t.request({ url: `${base}/detail`, token: zooA, query: { id: row.id } })).body.data).toMatchObject({
      managementMode: 1,
      managementModeOverride: '',
      localName: '',
    });
    const bad = await t.request({ method: 'POST', url: `${base}/update`, token: zooA, body: { id: row.id, managementMode: 5 } });
    expect(bad.body.msg).toBe('管理方式取值不正确');
  });

  it("lets the zoo correct the library's gestation range for itself, both days or neither", async () => {
    const row = (await t.request({ url: `${base}/detail`, token: zooA, query: { speciesId: panda } })).body.data;
    expect(row).toMatchObject({ defaultGestationMinDays: 83, defaultGestationMaxDays: 200, gestationMinDays: '', effectiveGestationMinDays: 83 });
    const update = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/update`, token, body: { id: row.id, ...body } });
    expect((await update(zooA, { gestationMinDays: 90, gestationMaxDays: 185 })).body.success).toBe(true);
    const detail = async (token: string) => (await t.request({ url: `${base}/detail`, token, query: { speciesId: panda } })).body.data;
    expect(await detail(zooA)).toMatchObject({
      defaultGestationMinDays: 83,
      defaultGestationMaxDays: 200,
      gestationMinDays: 90,
      gestationMaxDays: 185,
      effectiveGestationMinDays: 90,
      effectiveGestationMaxDays: 185,
    });
    // The other zoo and the library keep theirs.
    expect(await detail(zooB)).toMatchObject({ gestationMinDays: '', effectiveGestationMinDays: 83, effectiveGestationMaxDays: 200 });
    const lib = async () => (await t.sql.query(`select gestation_min_days lo, gestation_max_days hi from zoo_species where id = $1`, [panda])).rows[0];
    expect(await lib()).toEqual({ lo: 83, hi: 200 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ gestationMinDays: 186, gestationMaxDays: 185 }, '妊娠期最短天数不能大于最长天数'],
      [{ gestationMinDays: 0, gestationMaxDays: 185 }, '妊娠期最短天数不能小于1'],
      [{ gestationMinDays: 90, gestationMaxDays: 1001 }, '妊娠期最长天数不能大于1000'],
      [{ gestationMaxDays: 185 }, '妊娠期最短天数与最长天数须同时填写或同时留空'],
    ];
    for (const [change, msg] of cases) {
      const res = await update(zooA, change);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    }
    expect(await detail(zooA)).toMatchObject({ gestationMinDays: 90, gestationMaxDays: 185 });
    // Cleared: the library's range is in force again.
    expect((await update(zooA, { gestationMinDays: '', gestationMaxDays: null })).body.success).toBe(true);
    expect(await detail(zooA)).toMatchObject({ gestationMinDays: '', effectiveGestationMinDays: 83, effectiveGestationMaxDays: 200 });
  });

  it('keeps each zoo to its own licence rows (list, detail, select, update)', async () => {
    const rowA = (await t.request({ url: `${base}/detail`, token: zooA, query: { speciesId: panda } })).body.data;
    const listB = (await t.request({ url: `${base}/list`, token: zooB })).body.data;
    expect(listB.records.map((r: any) => r.licenceNo)).toEqual(['B-PANDA']);
    expect(listB.records[0]).toMatchObject({ individualCount: 1, totalQuantity: 1 });
    expect((await t.request({ url: `${base}/detail`, token: zooB, query: { id: rowA.id } })).body).toMatchObject({ success: false, code: 400 });
    expect((await t.request({ url: `${base}/select`, token: zooB, query: { all: 'true' } })).body.data).toHaveLength(1);
    const upd = await t.request({ method: 'POST', url: `${base}/update`, token: zooB, body: { id: rowA.id, localName: '被改' } });
    expect(upd.body.success).toBe(false);
    expect((await t.sql.query(`select local_name from zoo_tenant_species where id = $1`, [rowA.id])).rows[0].local_name).toBe('');
  });

  it('public: the library, marking what this zoo is authorised for', async () => {
    const res = await t.request({ url: `${base}/public`, token: zooB, query: { size: '100' } });
    expect(res.body.data.total).toBe(46);
    const authorised = res.body.data.records.filter((r: any) => r.authorised).map((r: any) => r.speciesName);
    expect(authorised).toEqual(['大熊猫']);
    const filtered = await t.request({ url: `${base}/public`, token: zooB, query: { speciesName: '熊猫' } });
    expect(filtered.body.data.records.map((r: any) => r.speciesName).sort()).toEqual(['大熊猫', '小熊猫'].sort());
  });
});

describe('species distribution across zoos (dist)', () => {
  it('gives the platform administrator every zoo with tenant ids, licences and counts', async () => {
    const res = await t.request({ url: `${base}/dist`, token: admin, query: { id: panda } });
    expect(res.body.data).toMatchObject({ speciesName: '大熊猫', zooCount: 2, totalQuantity: 6, individualCount: 3, populationQuantity: 3 });
    expect(res.body.data.zoos).toEqual([
      expect.objectContaining({
        tenantId: '300001',
        tenantName: '甲动物园',
        licenceNo: 'A-PANDA',
        licenceState: 'valid',
        totalQuantity: 5,
        maleQuantity: 2,
        femaleQuantity: 1,
        theyQuantity: 2,
      }),
      expect.objectContaining({ tenantId: '300002', tenantName: '乙动物园', licenceNo: 'B-PANDA', totalQuantity: 1 }),
    ]);
  });

  it('gives a zoo user only zoo names and aggregate counts, and leaves its isolation intact afterwards', async () => {
    const res = await t.request({ url: `${base}/dist`, token: zooB, query: { id: panda } });
    expect(res.body.data.zoos).toEqual([
      { tenantName: '甲动物园', individualCount: 2, populationQuantity: 3, maleQuantity: 2, femaleQuantity: 1, theyQuantity: 2, totalQuantity: 5 },
      { tenantName: '乙动物园', individualCount: 1, populationQuantity: 0, maleQuantity: 0, femaleQuantity: 1, theyQuantity: 0, totalQuantity: 1 },
    ]);
    expect(res.body.data.totalQuantity).toBe(6);
    // Same connection pool, next request: the aggregate scope must not leak into it.
    const listB = await t.request({ url: '/zoo-animal/animal/list', token: zooB, query: { size: '100' } });
    expect(listB.body.data.total).toBe(1);
    expect((await t.request({ url: `${base}/dist`, token: zooB, query: { id: '1' } })).body.msg).toBe('物种不存在');
  });
});
