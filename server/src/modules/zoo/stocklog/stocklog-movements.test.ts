import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCage, makeCageChain, speciesId, uid, zooAdmin, coverOutgoing, covered } from '../../../../test/zoo-fixtures';

// The server's own time zone as in production: a licence date read with the driver's default parser shifted by
// eight hours here (a refusal named the day before the licence's).
process.env.TZ = 'Asia/Shanghai';

let t: TestApp;
let zooA: string;
let zooB: string;
let deer: string;
let panda: string;
let macaque: string;
let chain: { parkId: string; venueId: string; cageId: string };

const post = (kind: string, body: Record<string, unknown>, token = zooA, headers?: Record<string, string>) =>
  t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token, body: kind === 'export' ? covered(token, body) : body, headers });
const ok = async (kind: string, body: Record<string, unknown>) => {
  const res = await post(kind, body);
  expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
  return res.body.data as { ids: string[]; animalIds: string[] };
};
const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const mfu = async (cageId: string, species = deer) => {
  const [r] = await q(
    `select male_quantity m, female_quantity f, they_quantity u from zoo_population where cage_id = $1 and species_id = $2 and is_deleted = 0`,
    [cageId, species],
  );
  return r ? [r.m, r.f, r.u] : undefined;
};
const animalRow = async (id: string) => (await q(`select status, cage_id::text as cage, is_deleted from zoo_animal where id = $1`, [id]))[0];
const auditCount = async () => Number((await q(`select count(*) n from sys_audit where tenant_id = '300011'`))[0].n);
const ledgerCount = async () => Number((await q(`select count(*) n from zoo_stock_log where tenant_id = '300011'`))[0].n);
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 16 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300011');
  zooB = await zooAdmin(t, '300012');
  await authorise(t, '300011', [
    { latin: 'Cervus nippon' },
    { latin: 'Ailuropoda melanoleuca' },
    { latin: 'Macaca mulatta', validFrom: '2010-01-01', validTo: '2012-12-31', licenceNo: 'M-OLD' },
    { latin: 'Grus japonensis', validFrom: '2098-03-01', licenceNo: 'FUT-2' },
  ]);
  await authorise(t, '300012', [{ latin: 'Cervus nippon' }]);
  deer = await speciesId(t, 'Cervus nippon');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  macaque = await speciesId(t, 'Macaca mulatta');
  chain = await makeCageChain(t, zooA);
  await coverOutgoing(t, zooA, [deer, panda]);
  await coverOutgoing(t, zooB, [deer]);
});
afterAll(async () => t?.close());

describe('births and imports', () => {
  it('a litter of individuals: each newborn becomes an animal in stock with its ledger row', async () => {
    const sire = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, cageId: chain.cageId });
    const r = await ok('born', {
      animalType: 1,
      speciesId: panda,
      cageId: chain.cageId,
      bornDate: '2025-08-01',
      bornType: 1,
      sireId: sire,
      remark: '双胞胎',
      animals: [
        { localNo: 'CUB-1', animalName: '团团', sex: 1 },
        { localNo: 'CUB-2', sex: 2 },
      ],
      images: ['https://img.example.com/cub.jpg'],
    });
    expect(r.ids).toHaveLength(2);
    const [cub1, cub2] = r.animalIds as [string, string];
    expect(await animalRow(cub1)).toMatchObject({ status: 1, cage: chain.cageId, is_deleted: 0 });
    const cub = await t.request({ url: '/zoo-animal/animal/detail', token: zooA, query: { id: cub2 } });
    expect(cub.body.data).toMatchObject({ localNo: 'CUB-2', sex: 2, birthDate: '2025-08-01 00:00:00', origin: 1, sireId: sire, damMark: 'UNK', status: 1 });
    const row = await t.request({ url: '/zoo-stockLog/stockLog/detail', token: zooA, query: { id: r.ids[0]! } });
    expect(row.body.data).toMatchObject({
      movementType: 'born',
      animalType: 1,
      speciesName: '大熊猫',
      animalId: cub1,
      localNo: 'CUB-1',
      toCageId: chain.cageId,
      maleQuantity: 1,
      femaleQuantity: 0,
      theyQuantity: 0,
      toBefore: '0.0.0',
      toAfter: '1.0.0',
      statusBefore: 0,
      statusAfter: 1,
      eventDate: '2025-08-01 00:00:00',
      typeKey: '1',
      remark: '双胞胎',
      images: 'https://img.example.com/cub.jpg',
      reversalId: '',
    });
    expect(row.body.data.createUserName).toBeTruthy();
  });

  it("a population birth creates the cage's population, an import adds to it", async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    await ok('born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: yesterday, maleQuantity: 2, femaleQuantity: '3' });
    expect(await mfu(cage)).toEqual([2, 3, 0]);
    const imp = await ok('import', {
      animalType: 2,
      speciesId: deer,
      cageId: cage,
      importDate: today,
      importType: 1,
      source: '北京动物园',
      permitNo: 'PZ-2025-01',
      price: 12000,
      theyQuantity: 4,
    });
    expect(await mfu(cage)).toEqual([2, 3, 4]);
    const row = (await t.request({ url: '/zoo-stockLog/stockLog/detail', token: zooA, query: { id: imp.ids[0]! } })).body.data;
    expect(row).toMatchObject({
      movementType: 'import',
      counterpart: '北京动物园',
      permitNo: 'PZ-2025-01',
      price: 12000,
      toBefore: '2.3.0',
      toAfter: '2.3.4',
      typeKey: '1',
    });
  });

  it('an imported individual keeps its origin and source', async () => {
    const r = await ok('import', {
      animalType: 1,
      speciesId: panda,
      cageId: chain.cageId,
      importDate: '2025-01-10',
      importType: 2,
      source: '卧龙保护区',
      origin: 2,
      animals: [{ localNo: 'IMP-1', sex: 2 }],
    });
    expect((await t.request({ url: '/zoo-animal/animal/detail', token: zooA, query: { id: r.animalIds[0]! } })).body.data).toMatchObject({
      origin: 2,
      status: 1,
      cageId: chain.cageId,
    });
  });

  it('refuses what the rules forbid, changing nothing', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    const before = await ledgerCount();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        'born',
        { animalType: 2, speciesId: macaque, cageId: cage, bornDate: today, maleQuantity: 1 },
        '物种「猕猴」的许可证(M-OLD)已于 2012-12-31 到期,不能登记该物种的个体或种群',
      ],
      [
        'born',
        { animalType: 2, speciesId: await speciesId(t, 'Grus japonensis'), cageId: cage, bornDate: today, maleQuantity: 1 },
        '物种「丹顶鹤」的许可证(FUT-2)自 2098-03-01 起生效,目前不能登记该物种的个体或种群',
      ],
      // The same refusals for individuals, whose movement statements share a request with the audit label.
      [
        'born',
        { animalType: 1, speciesId: macaque, cageId: cage, bornDate: today, animals: [{ localNo: 'LIC-1', sex: 1 }] },
        '物种「猕猴」的许可证(M-OLD)已于 2012-12-31 到期,不能登记该物种的个体或种群',
      ],
      [
        'import',
        {
          animalType: 1,
          speciesId: await speciesId(t, 'Grus japonensis'),
          cageId: cage,
          importDate: today,
          importType: 1,
          source: '某地',
          animals: [{ localNo: 'LIC-2', sex: 2 }],
        },
        '物种「丹顶鹤」的许可证(FUT-2)自 2098-03-01 起生效,目前不能登记该物种的个体或种群',
      ],
      [
        'import',
        { animalType: 2, speciesId: await speciesId(t, 'Alligator sinensis'), cageId: cage, importDate: today, importType: 1, source: '某地', maleQuantity: 1 },
        '本园未获得物种「扬子鳄」的饲养繁育许可,不能登记该物种的个体或种群',
      ],
      ['born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: tomorrow, maleQuantity: 1 }, '出生日期不能晚于今天'],
      ['born', { animalType: 2, speciesId: deer, cageId: cage, maleQuantity: 1 }, '请选择出生日期'],
      ['born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: today }, '雄性、雌性、性别不明数量不能全部为0'],
      ['born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: today, maleQuantity: -1 }, '雄性数量不能为负数'],
      ['born', { animalType: 2, speciesId: deer, bornDate: today, maleQuantity: 1 }, '请选择笼舍'],
      ['born', { animalType: 1, speciesId: deer, cageId: cage, bornDate: today }, '请填写至少一个个体'],
      [
        'born',
        {
          animalType: 1,
          speciesId: panda,
          cageId: cage,
          bornDate: today,
          animals: [
            { localNo: 'DUP', sex: 1 },
            { localNo: 'DUP', sex: 2 },
          ],
        },
        '本园编号「DUP」在本次登记中重复',
      ],
      [
        'born',
        {
          animalType: 1,
          speciesId: panda,
          cageId: cage,
          bornDate: today,
          animals: [
            { localNo: 'OK-NEW', sex: 1 },
            { localNo: 'CUB-1', sex: 2 },
          ],
        },
        '本园编号「CUB-1」已存在',
      ],
      ['import', { animalType: 2, speciesId: deer, cageId: cage, importDate: today, importType: 1, maleQuantity: 1 }, '请输入来源单位'],
    ];
    for (const [kind, body, msg] of cases) {
      const res = await post(kind, body);
      expect(res.body.msg, `${kind} ${JSON.stringify(body)}`).toBe(msg);
      expect(res.status).toBe(400);
    }
    expect(await ledgerCount()).toBe(before);
    expect(await mfu(cage)).toBeUndefined();
    expect(await q(`select 1 from zoo_animal where local_no = 'OK-NEW'`)).toEqual([]);
    // Another zoo's cage is not this zoo's.
    const b = await makeCageChain(t, zooB);
    expect((await post('born', { animalType: 2, speciesId: deer, cageId: b.cageId, bornDate: today, maleQuantity: 1 })).body.msg).toBe(
      '所选笼舍不存在或不属于本园',
    );
  });
});

describe('exports, moves, deaths, deregistrations', () => {
  it('individuals: only an animal in stock can leave, move or die', async () => {
    const cage2 = await makeCage(t, zooA, chain.venueId);
    const id = await makeAnimal(t, zooA, { speciesId: panda, sex: 2, cageId: chain.cageId, localNo: `OUT-${uid()}` });
    await ok('move', { animalType: 1, speciesId: panda, animalId: id, toCageId: cage2, moveDate: today });
    expect(await animalRow(id)).toMatchObject({ status: 1, cage: cage2 });
    expect((await post('move', { animalType: 1, speciesId: panda, animalId: id, toCageId: cage2, moveDate: today })).body.msg).toMatch(
      /^个体「OUT-\w+」已在笼舍「C-\w+」$/,
    );
    expect(
      (
        await post('export', {
          animalType: 1,
          speciesId: panda,
          animalId: id,
          exportDate: today,
          exportType: 3,
          output: '成都大熊猫繁育研究基地',
          backDate: yesterday,
        })
      ).body.msg,
    ).toBe('归还日期不能早于今天');
    expect((await post('export', { animalType: 1, speciesId: panda, animalId: id, exportDate: today, exportType: 3 })).body.msg).toBe('请输入输出去向');
    expect((await post('export', { animalType: 1, speciesId: deer, animalId: id, exportDate: today, exportType: 3, output: '某地' })).body.msg).toMatch(
      /不是所选物种$/,
    );
    const exp = await ok('export', {
      animalType: 1,
      speciesId: panda,
      animalId: id,
      exportDate: today,
      exportType: 3,
      output: '成都大熊猫繁育研究基地',
      backDate: '2099-01-01',
      price: 0,
    });
    expect(await animalRow(id)).toMatchObject({ status: 2, cage: cage2 });
    const row = (await t.request({ url: '/zoo-stockLog/stockLog/detail', token: zooA, query: { id: exp.ids[0]! } })).body.data;
    expect(row).toMatchObject({
      movementType: 'export',
      fromCageId: cage2,
      backDate: '2099-01-01 00:00:00',
      counterpart: '成都大熊猫繁育研究基地',
      statusBefore: 1,
      statusAfter: 2,
      fromBefore: '0.1.0',
      fromAfter: '0.0.0',
    });
    for (const [kind, extra] of [
      ['export', { exportDate: today, exportType: 1, output: 'x' }],
      ['move', { toCageId: chain.cageId, moveDate: today }],
      ['die', { dieDate: today, dieType: 1 }],
      ['cancel', { cancelDate: today, cancelType: 1 }],
    ] as const) {
      const res = await post(kind, { animalType: 1, speciesId: panda, animalId: id, ...extra });
      expect(res.body.msg).toMatch(/^个体「OUT-\w+」当前状态为已输出,不在养,不能(输出|迁移|死亡|注销)$/);
    }
    expect((await post('die', { animalType: 1, speciesId: panda, dieDate: today, dieType: 1 })).body.msg).toBe('请选择个体');
    expect((await post('die', { animalType: 1, speciesId: panda, animalId: id, dieDate: tomorrow, dieType: 1 })).body.msg).toBe('死亡日期不能晚于今天');
    expect((await post('cancel', { animalType: 1, speciesId: panda, animalId: id, cancelDate: today })).body.msg).toBe('请选择注销类型');

    const other = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, cageId: chain.cageId });
    await ok('die', { animalType: 1, speciesId: panda, animalId: other, dieDate: today, dieType: 2, reason: '多器官衰竭' });
    expect((await animalRow(other)).status).toBe(3);
    const third = await makeAnimal(t, zooA, { speciesId: panda, sex: 3, cageId: chain.cageId });
    await ok('cancel', { animalType: 1, speciesId: panda, animalId: third, cancelDate: today, cancelType: 1, reason: '放归评估合格' });
    expect((await animalRow(third)).status).toBe(4);
    // Another zoo's animal does not exist for this zoo.
    expect((await post('die', { animalType: 1, speciesId: panda, animalId: third, dieDate: today, dieType: 1 }, zooB)).body.msg).toBe(
      '所选个体不存在或不属于本园',
    );
  });

  it('populations: never more out than in stock, per sex; moves create the target population', async () => {
    const a = await makeCage(t, zooA, chain.venueId);
    const b = await makeCage(t, zooA, chain.venueId);
    await ok('born', { animalType: 2, speciesId: deer, cageId: a, bornDate: today, maleQuantity: 3, femaleQuantity: 5, theyQuantity: 1 });
    const before = await ledgerCount();
    const over = await post('export', { animalType: 2, speciesId: deer, cageId: a, exportDate: today, exportType: 2, output: '某动物园', femaleQuantity: 6 });
    expect(over.body.msg).toMatch(/^笼舍「C-\w+」该种群雌性存栏 5 只,不能减少 6 只$/);
    expect((await post('die', { animalType: 2, speciesId: deer, cageId: b, dieDate: today, dieType: 1, maleQuantity: 1 })).body.msg).toMatch(
      /^笼舍「C-\w+」没有该物种的种群存栏$/,
    );
    expect((await post('move', { animalType: 2, speciesId: deer, cageId: a, toCageId: a, moveDate: today, maleQuantity: 1 })).body.msg).toBe(
      '迁入笼舍不能与迁出笼舍相同',
    );
    expect((await post('cancel', { animalType: 2, speciesId: deer, cageId: a, cancelDate: today, cancelType: 1 })).body.msg).toBe(
      '雄性、雌性、性别不明数量不能全部为0',
    );
    // A refused move leaves no empty population in its target cage; another zoo's cages are not this zoo's.
    const c = await makeCage(t, zooA, chain.venueId);
    const audited = await auditCount();
    expect((await post('move', { animalType: 2, speciesId: deer, cageId: a, toCageId: c, moveDate: today, maleQuantity: 4 })).body.msg).toMatch(
      /^笼舍「C-\w+」该种群雄性存栏 3 只,不能减少 4 只$/,
    );
    expect(await mfu(c)).toBeUndefined();
    const other = await makeCageChain(t, zooB);
    expect((await post('move', { animalType: 2, speciesId: deer, cageId: a, toCageId: other.cageId, moveDate: today, maleQuantity: 1 })).body.msg).toBe(
      '迁入笼舍不存在或不属于本园',
    );
    expect(
      (await post('export', { animalType: 2, speciesId: deer, cageId: other.cageId, exportDate: today, exportType: 2, output: '某动物园', maleQuantity: 1 }))
        .body.msg,
    ).toBe('所选笼舍不存在或不属于本园');
    expect(await auditCount()).toBe(audited);
    expect(await ledgerCount()).toBe(before);
    expect(await mfu(a)).toEqual([3, 5, 1]);

    await ok('export', { animalType: 2, speciesId: deer, cageId: a, exportDate: today, exportType: 2, output: '某动物园', femaleQuantity: 2 });
    const mv = await ok('move', { animalType: 2, speciesId: deer, cageId: a, toCageId: b, moveDate: today, maleQuantity: 1, femaleQuantity: 1 });
    await ok('die', { animalType: 2, speciesId: deer, cageId: b, dieDate: today, dieType: 1, maleQuantity: 1 });
    await ok('cancel', { animalType: 2, speciesId: deer, cageId: a, cancelDate: today, cancelType: 4, theyQuantity: 1 });
    expect(await mfu(a)).toEqual([2, 2, 0]);
    expect(await mfu(b)).toEqual([0, 1, 0]);
    const row = (await t.request({ url: '/zoo-stockLog/stockLog/detail', token: zooA, query: { id: mv.ids[0]! } })).body.data;
    expect(row).toMatchObject({ fromBefore: '3.3.1', fromAfter: '2.2.1', toBefore: '0.0.0', toAfter: '1.1.0', fromCageId: a, toCageId: b });
    // The list filters by cage (either side), type, species and date.
    const list = await t.request({ url: '/zoo-stockLog/stockLog/list', token: zooA, query: { cageId: b, size: '50' } });
    expect(list.body.data.records.map((r: any) => r.movementType).sort()).toEqual(['die', 'move']);
    const deaths = await t.request({
      url: '/zoo-stockLog/stockLog/list',
      token: zooA,
      query: { movementType: 'die', speciesId: deer, eventDate_datege: `${today} 00:00:00`, size: '50' },
    });
    expect(deaths.body.data.records.every((r: any) => r.movementType === 'die' && r.speciesId === deer)).toBe(true);
    expect(deaths.body.data.total).toBeGreaterThan(0);
    const popId = (await q(`select id::text from zoo_population where cage_id = $1`, [b]))[0].id;
    const tl = await t.request({ url: '/zoo-stockLog/stockLog/timeline', token: zooA, query: { populationId: popId } });
    expect(tl.body.data.map((r: any) => r.movementType)).toEqual(['move', 'die']);
  });
});
