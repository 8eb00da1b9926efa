import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { chinaDay, ledgerCalls, useStocklogWorld, type StocklogWorld } from '../../../../test/stocklog-fixtures';
import { makeAnimal, makeCage, makePopulation, uid } from '../../../../test/zoo-fixtures';

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
const reverse = (id: string, token = zooA, headers?: Record<string, string>) =>
  t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token, query: { ids: id }, headers });
const today = chinaDay();

describe('reversal (remove)', () => {
  it('reverses only the latest movement of a stock, as a compensating row with the reason', async () => {
    const a = await makeCage(t, zooA, chain.venueId);
    const b = await makeCage(t, zooA, chain.venueId);
    const born = await ok('born', { animalType: 2, speciesId: deer, cageId: a, bornDate: today, maleQuantity: 4 });
    const mv = await ok('move', { animalType: 2, speciesId: deer, cageId: a, toCageId: b, moveDate: today, maleQuantity: 3 });
    const refused = await reverse(born.ids[0]!);
    expect(refused.body.msg).toBe('只能撤销该种群最近一次的存栏变动');
    const res = await reverse(mv.ids[0]!, zooA, { 'Audit-Reason': encodeURIComponent('迁移登记错了笼舍') });
    expect(res.body.msg).toBe('操作成功');
    expect(await mfu(a)).toEqual([4, 0, 0]);
    expect(await mfu(b)).toEqual([0, 0, 0]);
    const rev = (await q(`select id::text, movement_type, reversed_id::text, remark, male_quantity from zoo_stock_log where reversed_id = $1`, [mv.ids[0]]))[0];
    expect(rev).toMatchObject({ movement_type: 'reverse', remark: '迁移登记错了笼舍', male_quantity: 3 });
    expect((await t.request({ url: '/zoo-stockLog/stockLog/detail', token: zooA, query: { id: mv.ids[0]! } })).body.data.reversalId).toBe(rev.id);
    // The audit trail of the population change carries the reason too.
    const audit = await q(`select reason from sys_audit where table_name = 'zoo_population' and reason = '迁移登记错了笼舍'`);
    expect(audit.length).toBeGreaterThan(0);
    expect((await reverse(mv.ids[0]!)).body.msg).toBe('只能撤销该种群最近一次的存栏变动');
    expect((await reverse(rev.id)).body.msg).toBe('撤销记录本身不能再撤销');
    // Walking back further: the birth is now the latest in force.
    expect((await reverse(born.ids[0]!)).body.msg).toBe('操作成功');
    expect(await mfu(a)).toEqual([0, 0, 0]);
    // Another zoo cannot reverse this zoo's rows.
    const again = await ok('born', { animalType: 2, speciesId: deer, cageId: a, bornDate: today, maleQuantity: 1 });
    expect((await reverse(again.ids[0]!, zooB)).body.msg).toBe('数据不存在或已被删除');
    expect(await mfu(a)).toEqual([1, 0, 0]);
  });

  it('individuals: undoing a death puts the animal back in stock; undoing a birth withdraws the record', async () => {
    const r = await ok('born', { animalType: 1, speciesId: panda, cageId: chain.cageId, bornDate: today, animals: [{ localNo: `REV-${uid()}`, sex: 1 }] });
    const id = r.animalIds[0]!;
    const died = await ok('die', { animalType: 1, speciesId: panda, animalId: id, dieDate: today, dieType: 3 });
    expect((await reverse(r.ids[0]!)).body.msg).toMatch(/^只能撤销个体「REV-\w+」最近一次的存栏变动$/);
    expect((await reverse(died.ids[0]!)).body.msg).toBe('操作成功');
    expect(await animalRow(id)).toMatchObject({ status: 1, is_deleted: 0 });
    expect((await reverse(r.ids[0]!)).body.msg).toBe('操作成功');
    expect((await animalRow(id)).is_deleted).toBe(1);
  });

  it('the table refuses edits and deletions, whoever asks', async () => {
    await expect(t.sql.query(`update zoo_stock_log set male_quantity = 99`)).rejects.toThrow(/append-only/);
    await expect(t.sql.query(`delete from zoo_stock_log`)).rejects.toThrow(/append-only/);
  });
});

describe('registry forms and the ledger', () => {
  it('a registry create (submit without id) enters as an import row; updates no longer change status, cage or counts', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    const other = await makeCage(t, zooA, chain.venueId);
    const pop = await makePopulation(t, zooA, { speciesId: deer, cageId: cage, maleQuantity: 2, femaleQuantity: 1 });
    const opening = await q(`select movement_type, type_key, remark, to_after from zoo_stock_log where to_population_id = $1`, [pop]);
    expect(opening).toEqual([{ movement_type: 'import', type_key: '6', remark: '档案登记(经档案表单新增,未填写引进登记)', to_after: [2, 1, 0] }]);
    const upd = await t.request({
      method: 'POST',
      url: '/zoo-population/population/submit',
      token: zooA,
      body: { id: pop, speciesId: deer, cageId: other, populationName: '改名鹿群', maleQuantity: 9, femaleQuantity: 9 },
    });
    expect(upd.body.success).toBe(true);
    expect((await t.request({ url: '/zoo-population/population/detail', token: zooA, query: { id: pop } })).body.data).toMatchObject({
      populationName: '改名鹿群',
      cageId: cage,
      maleQuantity: 2,
      femaleQuantity: 1,
    });
    const id = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, cageId: cage, localNo: `REG-${uid()}` });
    const local = (await q(`select local_no from zoo_animal where id = $1`, [id]))[0].local_no;
    expect(await q(`select movement_type, type_key, to_cage_id::text as cage, status_after from zoo_stock_log where animal_id = $1`, [id])).toEqual([
      { movement_type: 'import', type_key: '6', cage, status_after: 1 },
    ]);
    await t.request({
      method: 'POST',
      url: '/zoo-animal/animal/update',
      token: zooA,
      body: { id, speciesId: panda, localNo: local, sex: 1, cageId: other, status: 3 },
    });
    expect(await animalRow(id)).toMatchObject({ status: 1, cage });
    // A population with movements after its opening cannot be deleted from the registry.
    await ok('die', { animalType: 2, speciesId: deer, cageId: cage, dieDate: today, dieType: 1, maleQuantity: 1 });
    expect((await t.request({ method: 'POST', url: '/zoo-population/population/remove', token: zooA, query: { ids: pop } })).body.msg).toBe(
      '该种群已有存栏变动,不能删除;请在存栏变动中撤销或登记输出、死亡、注销',
    );
  });
});

describe('concurrency', () => {
  it('parallel exports from one population never overdraw it', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    await ok('born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: today, maleQuantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        post('export', { animalType: 2, speciesId: deer, cageId: cage, exportDate: today, exportType: 1, output: '并发测试', maleQuantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(10);
    expect(results.filter((r) => !r.body.success).every((r) => /雄性存栏 0 只,不能减少 1 只$/.test(r.body.msg))).toBe(true);
    expect(await mfu(cage)).toEqual([0, 0, 0]);
  });

  it('parallel births into a cage without a population create one population and lose no head', async () => {
    const cage = await makeCage(t, zooA, chain.venueId);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post('born', { animalType: 2, speciesId: deer, cageId: cage, bornDate: today, femaleQuantity: 1 })),
    );
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(await q(`select count(*)::int n from zoo_population where cage_id = $1 and is_deleted = 0`, [cage])).toEqual([{ n: 1 }]);
    expect(await mfu(cage)).toEqual([0, 12, 0]);
  });

  it('crossing moves between two cages neither deadlock nor lose a head', async () => {
    const a = await makeCage(t, zooA, chain.venueId);
    const b = await makeCage(t, zooA, chain.venueId);
    await ok('born', { animalType: 2, speciesId: deer, cageId: a, bornDate: today, theyQuantity: 20 });
    await ok('born', { animalType: 2, speciesId: deer, cageId: b, bornDate: today, theyQuantity: 20 });
    const moves = Array.from({ length: 16 }, (_, i) =>
      post('move', { animalType: 2, speciesId: deer, cageId: i % 2 ? a : b, toCageId: i % 2 ? b : a, moveDate: today, theyQuantity: 1 + (i % 3) }),
    );
    const results = await Promise.all(moves);
    expect(results.filter((r) => !r.body.success).map((r) => r.body.msg)).toEqual([]);
    const [ma, mb] = [await mfu(a), await mfu(b)];
    expect(ma![2] + mb![2]).toBe(40);
  });
});
