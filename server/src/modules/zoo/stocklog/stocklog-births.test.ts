import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { chinaDay, ledgerCalls, useStocklogWorld, type StocklogWorld } from '../../../../test/stocklog-fixtures';
import { makeAnimal, makeCage, makeCageChain, speciesId } from '../../../../test/zoo-fixtures';

// Stock coming in: births and imports (what leaves and moves: stocklog-movements.test.ts).
const w = useStocklogWorld();
const { post, ok, q, mfu, animalRow } = ledgerCalls(w);
let t: TestApp;
let zooA: string;
let zooB: string;
let deer: string;
let panda: string;
let macaque: string;
let chain: StocklogWorld['chain'];
beforeAll(() => {
  ({ t, zooA, zooB, deer, panda, macaque, chain } = w);
});
const ledgerCount = async () => Number((await q(`select count(*) n from zoo_stock_log where tenant_id = '300011'`))[0].n);
const today = chinaDay();
const tomorrow = chinaDay(1);
const yesterday = chinaDay(-1);

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
