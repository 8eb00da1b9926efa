import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { chinaDay, ledgerCalls, useStocklogWorld, type StocklogWorld } from '../../../../test/stocklog-fixtures';
import { makeAnimal, makeCage, makeCageChain, uid } from '../../../../test/zoo-fixtures';

// Stock leaving and moving: exports, moves, deaths, deregistrations (births and imports: stocklog-births.test.ts).
const w = useStocklogWorld();
const { post, ok, q, mfu, animalRow } = ledgerCalls(w);
let t: TestApp;
let zooA: string;
let zooB: string;
let deer: string;
let panda: string;
let chain: StocklogWorld['chain'];
beforeAll(() => {
  ({ t, zooA, zooB, deer, panda, chain } = w);
});
const auditCount = async () => Number((await q(`select count(*) n from sys_audit where tenant_id = '300011'`))[0].n);
const ledgerCount = async () => Number((await q(`select count(*) n from zoo_stock_log where tenant_id = '300011'`))[0].n);
const today = chinaDay();
const tomorrow = chinaDay(1);
const yesterday = chinaDay(-1);

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
