import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { A, B, C, base, today, transferCalls, useTransferWorld } from '../../../../test/transfer-fixtures';
import { covered, makeCageChain, uid } from '../../../../test/zoo-fixtures';

// Transfers between zoos: proposing, and the stock a pending transfer holds (confirmation and visibility: transfer-confirm.test.ts).
const w = useTransferWorld();
const { propose, proposeOk, confirm, withdraw, stock, state, ledgerOf, pandaIn, cageCode } = transferCalls(w);
let t: TestApp;
let zooA: string;
let zooB: string;
let deer: string;
let panda: string;
let cageA: string;
let cageB: string;
beforeAll(() => {
  ({ t, zooA, zooB, deer, panda, cageA, cageB } = w);
});

describe('proposal', () => {
  it('lists the other zoos of the platform as destinations', async () => {
    const res = await t.request({ url: `${base}/zoos`, token: zooA });
    const codes = res.body.data.map((z: any) => z.tenantId);
    expect(codes).toEqual(expect.arrayContaining([B, C]));
    expect(codes).not.toContain(A);
    expect(codes).not.toContain('000000');
  });

  it('refuses a transfer to the own zoo, an unknown zoo, more heads than free, and validates the form', async () => {
    expect((await propose({ toTenantId: A, animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1 })).body.msg).toBe('不能向本园转移');
    expect((await propose({ toTenantId: '999999', animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1 })).body.msg).toBe('接收动物园不存在');
    expect((await propose({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 9 })).body.msg).toBe(
      `笼舍「${await cageCode(cageA)}」该种群雄性存栏 5 只,不能减少 9 只`,
    );
    const bad = await propose({ animalType: 2, speciesId: deer, cageId: cageA });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('雄性、雌性、性别不明数量不能全部为0');
    expect((await propose({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1, transferDate: '2020-01-01' })).body.msg).toContain(
      '转移日期不能早于今天',
    );
  });
});

describe('pending stock is held', () => {
  it('heads under a pending transfer cannot be exported, moved or promised again; withdraw frees them and moves nothing', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 4, remark: '种群交换' });
    expect(await stock(A, cageA)).toEqual([5, 5, 0, 4, 0, 0]);
    const exp = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/export_enroll',
      token: zooA,
      body: covered(zooA, { animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 2, exportDate: today, exportType: 1, output: '某保护区' }),
    });
    expect(exp.body.msg).toBe(`笼舍「${await cageCode(cageA)}」该种群雄性存栏 5 只,其中 4 只待转移确认,不能减少 2 只`);
    expect((await propose({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 2 })).body.msg).toContain('其中 4 只待转移确认');
    // The free head may still move.
    const ok = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/die_enroll',
      token: zooA,
      body: { animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1, dieDate: today, dieType: 1 },
    });
    expect(ok.body.msg).toBe('操作成功');
    // Only the sender withdraws, only while pending.
    expect((await withdraw(id, zooB)).body.msg).toBe('只有转出方可以撤回转移');
    expect((await withdraw(id)).body.msg).toBe('操作成功');
    expect(await state(id)).toBe(3);
    expect(await stock(A, cageA)).toEqual([4, 5, 0, 0, 0, 0]);
    expect(await ledgerOf(A, id)).toEqual([]);
    expect((await withdraw(id)).body.msg).toBe('该转移已撤回,不能撤回');
    expect((await confirm({ id, status: 1, toCageId: cageB })).body.msg).toBe('该转移已撤回,不能确认');
  });

  it('an individual under a pending transfer cannot move, die or be transferred again', async () => {
    const animal = await pandaIn(`P-${uid()}`);
    const id = await proposeOk({ animalType: 1, speciesId: panda, animalId: animal });
    const other = (await makeCageChain(t, zooA)).cageId;
    const mv = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/move_enroll',
      token: zooA,
      body: { animalType: 1, speciesId: panda, animalId: animal, moveDate: today, toCageId: other },
    });
    expect(mv.body.msg).toMatch(/^个体「.+」有待「乙动物园」确认的转移,不能迁移;请等待对方确认或撤回转移$/);
    expect((await propose({ animalType: 1, speciesId: panda, animalId: animal, toTenantId: C })).body.msg).toContain('不能再次转移');
    expect((await withdraw(id)).body.msg).toBe('操作成功');
    const mv2 = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/move_enroll',
      token: zooA,
      body: { animalType: 1, speciesId: panda, animalId: animal, moveDate: today, toCageId: other },
    });
    expect(mv2.body.msg).toBe('操作成功');
  });
});
