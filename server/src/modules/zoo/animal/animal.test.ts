import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let panda: string;
let tiger: string;
let cageA: string;
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/zoo-animal/animal/submit', token, body });
const update = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/zoo-animal/animal/update', token, body });
const detail = async (token: string, id: string) => (await t.request({ url: '/zoo-animal/animal/detail', token, query: { id } })).body;
const row = async (id: string) => (await t.sql.query(`select * from zoo_animal where id = $1`, [id])).rows[0];

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  await authorise(t, '300001', [
    { latin: 'Ailuropoda melanoleuca' },
    { latin: 'Panthera tigris altaica' },
    { latin: 'Panthera tigris amoyensis', validFrom: '2015-01-01', validTo: '2020-12-31', licenceNo: 'OLD-7' },
    { latin: 'Grus japonensis', validFrom: '2098-03-01', licenceNo: 'FUT-1' },
  ]);
  await authorise(t, '300002', [{ latin: 'Ailuropoda melanoleuca' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  tiger = await speciesId(t, 'Panthera tigris altaica');
  cageA = (await makeCageChain(t, zooA)).cageId;
});
afterAll(async () => t?.close());

describe('registering animals', () => {
  it('records an individual with species, cage, birth precision, origin, parents markers and photos', async () => {
    const res = await submit(zooA, {
      speciesId: panda,
      localNo: 'P-001',
      animalName: '美美',
      sex: '2',
      birthDate: '2015-08-15',
      birthPrecision: 1,
      origin: 1,
      cageId: cageA,
      photos: ['https://img.example.com/p1.jpg', '/api/blade-resource/files/p2.png'],
      remark: '性情温顺',
    });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const list = await t.request({ url: '/zoo-animal/animal/list', token: zooA, query: { localNo: 'P-001' } });
    expect(list.body.data.records[0]).toMatchObject({
      localNo: 'P-001',
      animalName: '美美',
      sex: 2,
      speciesName: '大熊猫',
      latinName: 'Ailuropoda melanoleuca',
      birthDate: '2015-08-15 00:00:00',
      birthPrecision: 1,
      origin: 1,
      sireId: '',
      sireMark: 'UNK',
      damMark: 'UNK',
      cageId: cageA,
      status: 1,
      tenantId: '300001',
      photos: 'https://img.example.com/p1.jpg,/api/blade-resource/files/p2.png',
    });
    expect((await t.request({ url: '/zoo-animal/animal/list', token: zooA, query: { sex: '2' } })).body.data.total).toBe(1);
    expect((await t.request({ url: '/zoo-animal/animal/list', token: zooA, query: { sex: 'female' } })).body.msg).toBe('参数 sex: 请求参数类型错误');
  });

  it('keeps local numbers unique per zoo', async () => {
    expect((await submit(zooA, { speciesId: panda, localNo: 'P-001', sex: 1 })).body.msg).toBe('本园编号「P-001」已存在');
    expect((await submit(zooB, { speciesId: panda, localNo: 'P-001', sex: 1 })).body.success).toBe(true);
  });

  it('validates fields with Chinese messages', async () => {
    const base = { speciesId: panda, localNo: 'V-1', sex: 1 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sex: 4 }, '性别取值不正确'],
      [{ sex: undefined }, '请选择性别'],
      [{ localNo: '' }, '请输入本园编号'],
      [{ speciesId: undefined }, '请选择物种'],
      [{ birthDate: '2015-13-01' }, '出生日期格式应为 yyyy-MM-dd'],
      [{ birthDate: '2999-01-01', birthPrecision: 1 }, '出生日期不能晚于今天'],
      [{ birthPrecision: 1 }, '未填写出生日期时,日期精度只能为"未知"'],
      [{ birthDate: '2015-01-01', birthPrecision: 4 }, '填写了出生日期时,请选择日期精度(日/月/年)'],
      [{ origin: 7 }, '来源取值不正确'],
      [{ status: 5 }, '状态取值不正确'],
      [{ sireMark: 'MULT' }, '父本为 MULT 时请填写候选个体'],
      [{ sireMark: 'OTHER' }, '父本标记只能是 UNK(未知)、WILD(野外) 或 MULT(多个可能)'],
      [{ photos: 'javascript:alert(1)' }, '照片链接不是有效的链接地址'],
      [{ cageId: '123456' }, '所选笼舍不存在'],
    ];
    for (const [change, msg] of cases) {
      const res = await submit(zooA, { ...base, ...change });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('authorised species', () => {
  it("refuses a species outside the zoo's licence scope", async () => {
    const res = await submit(zooA, { speciesId: await speciesId(t, 'Panthera uncia'), localNo: 'S-1', sex: 1 });
    expect(res.body).toMatchObject({ code: 400, msg: '本园未获得物种「雪豹」的饲养繁育许可,不能登记该物种的个体或种群' });
    expect(await t.sql.query(`select 1 from zoo_animal where local_no = 'S-1'`).then((r) => r.rowCount)).toBe(0);
  });

  it('refuses a species whose licence expired or is not yet in force', async () => {
    const expired = await submit(zooA, { speciesId: await speciesId(t, 'Panthera tigris amoyensis'), localNo: 'T-OLD', sex: 1 });
    expect(expired.body.msg).toBe('物种「华南虎」的许可证(OLD-7)已于 2020-12-31 到期,不能登记该物种的个体或种群');
    const pending = await submit(zooA, { speciesId: await speciesId(t, 'Grus japonensis'), localNo: 'C-NEW', sex: 1 });
    expect(pending.body.msg).toBe('物种「丹顶鹤」的许可证(FUT-1)自 2098-03-01 起生效,目前不能登记该物种的个体或种群');
  });

  it('checks the licence again only when the species changes, so old records stay editable', async () => {
    const id = await makeAnimal(t, zooA, { speciesId: tiger, sex: 1, localNo: 'T-EDIT' });
    await t.sql.query(`update zoo_tenant_species set valid_to = '2021-01-01' where species_id = $1 and tenant_id = '300001'`, [tiger]);
    expect((await update(zooA, { id, speciesId: tiger, localNo: 'T-EDIT', sex: 1, animalName: '改名' })).body.success).toBe(true);
    const moved = await update(zooA, { id, speciesId: await speciesId(t, 'Panthera uncia'), localNo: 'T-EDIT', sex: 1 });
    expect(moved.body.msg).toBe('本园未获得物种「雪豹」的饲养繁育许可,不能登记该物种的个体或种群');
    await t.sql.query(`update zoo_tenant_species set valid_to = '2099-12-31' where species_id = $1 and tenant_id = '300001'`, [tiger]);
  });
});

describe('pedigree', () => {
  let sire: string;
  let dam: string;
  let cub: string;
  beforeAll(async () => {
    sire = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, localNo: 'PED-SIRE' });
    dam = await makeAnimal(t, zooA, { speciesId: panda, sex: 2, localNo: 'PED-DAM', damMark: 'WILD', sireMark: 'WILD' });
    cub = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, localNo: 'PED-CUB', sireId: sire, damId: dam });
  });

  it('links parents and shows their names; markers fill what is not an animal', async () => {
    const d = await detail(zooA, cub);
    expect(d.data).toMatchObject({ sireId: sire, sireMark: '', sireName: 'PED-SIRE', damId: dam, damMark: '' });
    expect((await detail(zooA, dam)).data).toMatchObject({ sireMark: 'WILD', damMark: 'WILD', sireId: '' });
  });

  it('requires a male sire and a female dam of the same species, never the animal itself', async () => {
    const base = { speciesId: panda, localNo: 'PED-X', sex: 3 };
    expect((await submit(zooA, { ...base, sireId: dam })).body.msg).toBe('父本必须是雄性个体,「PED-DAM」的性别不符');
    expect((await submit(zooA, { ...base, damId: sire })).body.msg).toBe('母本必须是雌性个体,「PED-SIRE」的性别不符');
    const tigerMale = await makeAnimal(t, zooA, { speciesId: tiger, sex: 1 });
    expect((await submit(zooA, { ...base, sireId: tigerMale })).body.msg).toBe('父本必须与个体属于同一物种');
    expect((await update(zooA, { id: sire, speciesId: panda, localNo: 'PED-SIRE', sex: 1, sireId: sire })).body.msg).toBe('父本不能是个体自身');
    expect((await submit(zooA, { ...base, sireId: sire, sireMark: 'UNK' })).body.msg).toBe('父本只能指定一种:本园个体、他园个体或 UNK/WILD/MULT 标记');
    expect((await submit(zooA, { ...base, sireId: '999999' })).body.msg).toBe('父本个体不存在');
  });

  it('detects pedigree loops: a descendant cannot become an ancestor', async () => {
    const grandchild = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, localNo: 'PED-GC', sireId: cub });
    const res = await update(zooA, { id: sire, speciesId: panda, localNo: 'PED-SIRE', sex: 1, sireId: grandchild });
    expect(res.body).toMatchObject({ code: 400, msg: '父本「PED-GC」是该个体的后代,不能设为其父本(系谱不能成环)' });
    expect((await row(sire)).sire_id).toBeNull();
  });

  it("keeps a recorded parent's sex and species, and refuses removing it", async () => {
    expect((await update(zooA, { id: dam, speciesId: panda, localNo: 'PED-DAM', sex: 1 })).body.msg).toBe('该个体已登记为「PED-CUB」的母本,性别只能为雌性');
    expect((await update(zooA, { id: sire, speciesId: tiger, localNo: 'PED-SIRE', sex: 1 })).body.msg).toBe('该个体已登记有后代,不能修改物种');
    const res = await t.request({ method: 'POST', url: '/zoo-animal/animal/remove', token: zooA, query: { ids: sire } });
    expect(res.body.msg).toBe('该个体已登记为「PED-CUB」的亲本,不能删除(系谱需要保留)');
  });

  it("cannot use another zoo's animal as a parent", async () => {
    const foreign = await makeAnimal(t, zooB, { speciesId: panda, sex: 1 });
    expect((await submit(zooA, { speciesId: panda, localNo: 'PED-F', sex: 1, sireId: foreign })).body.msg).toBe('父本个体不存在');
  });
});

describe('update, setbreeder, species', () => {
  it('update needs an id and changes the animal', async () => {
    const id = await makeAnimal(t, zooA, { speciesId: panda, sex: 3 });
    expect((await update(zooA, { speciesId: panda, localNo: 'U-1', sex: 1 })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await update(zooA, { id, speciesId: panda, localNo: 'U-1', sex: 1, cageId: cageA })).body.success).toBe(true);
    // The cage is the stock ledger's (a move), not the registry form's: the update keeps it.
    expect((await detail(zooA, id)).data).toMatchObject({ localNo: 'U-1', sex: 1, cageId: '' });
    expect((await update(zooB, { id, speciesId: panda, localNo: 'U-B', sex: 1 })).body.msg).toBe('数据不存在或已被删除');
  });

  it('setbreeder assigns a keeper of the same zoo to animals', async () => {
    const a1 = await makeAnimal(t, zooA, { speciesId: panda, sex: 1 });
    const a2 = await makeAnimal(t, zooA, { speciesId: panda, sex: 2 });
    const keeper = await createTenantUser(t.sql, { tenantId: '300001', account: 'keeper', roleAlias: null });
    const res = await t.request({ method: 'POST', url: '/zoo-animal/animal/setbreeder', token: zooA, query: { ids: `${a1},${a2}`, breederId: keeper.userId } });
    expect(res.body.success).toBe(true);
    expect((await detail(zooA, a1)).data).toMatchObject({ breederId: keeper.userId, breederName: 'keeper' });
    const outsider = await createTenantUser(t.sql, { tenantId: '300002', account: 'kb', roleAlias: null });
    const bad = await t.request({ method: 'POST', url: '/zoo-animal/animal/setbreeder', token: zooA, query: { ids: a1, breederId: outsider.userId } });
    expect(bad.body.msg).toBe('所选饲养员不是本园用户');
    const foreign = await t.request({ method: 'POST', url: '/zoo-animal/animal/setbreeder', token: zooB, query: { ids: a1 } });
    expect(foreign.body.msg).toBe('数据不存在或已被删除');
    expect((await row(a1)).breeder_id).toBe(keeper.userId);
  });

  it("species(speciesId) lists the zoo's in-stock animals of a species", async () => {
    const res = await t.request({ url: '/zoo-animal/animal/species', token: zooA, query: { speciesId: tiger } });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((a: any) => a.status === 1)).toBe(true);
    const b = await t.request({ url: '/zoo-animal/animal/species', token: zooB, query: { speciesId: panda } });
    const bIds = b.body.data.map((a: any) => a.id);
    const { rows } = await t.sql.query(`select id::text from zoo_animal where tenant_id = '300002' and species_id = $1 and status = 1`, [panda]);
    expect(bIds.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('removal of an animal without offspring is logical', async () => {
    const id = await makeAnimal(t, zooA, { speciesId: panda, sex: 1 });
    expect((await t.request({ method: 'POST', url: '/zoo-animal/animal/remove', token: zooA, query: { ids: id } })).body.success).toBe(true);
    expect((await row(id)).is_deleted).toBe(1);
  });
});
