import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { A, B, C, base, today, transferCalls, useTransferWorld } from '../../../../test/transfer-fixtures';
import { makeAnimal, uid } from '../../../../test/zoo-fixtures';

// Transfers between zoos: accepting or rejecting, and who sees a transfer.
const w = useTransferWorld();
const { q, proposeOk, confirm, withdraw, list, stock, state, ledgerOf, pandaIn } = transferCalls(w);
let t: TestApp;
let zooA: string;
let zooB: string;
let zooC: string;
let deer: string;
let panda: string;
let cageA: string;
let cageB: string;
let cageC: string;
beforeAll(() => {
  ({ t, zooA, zooB, zooC, deer, panda, cageA, cageB, cageC } = w);
});

// The deer in A's cage start at 5 + 5 (test/transfer-fixtures.ts): each file begins from that.
describe('confirmation', () => {
  it('reject moves nothing and releases the held heads; the opinion is required', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, femaleQuantity: 2 });
    expect((await confirm({ id, status: 2 })).body.msg).toBe('拒绝时请填写确认意见');
    expect((await confirm({ id, status: 2, transferOpinion: '本园暂无合适笼舍' }, zooA)).body.msg).toBe('只有接收方可以确认转移');
    expect((await confirm({ id, status: 2, transferOpinion: '本园暂无合适笼舍' })).body.msg).toBe('操作成功');
    expect(await state(id)).toBe(2);
    expect(await stock(A, cageA)).toEqual([5, 5, 0, 0, 0, 0]);
    expect(await stock(B, cageB)).toBeUndefined();
    expect(await ledgerOf(A, id)).toEqual([]);
    const row = (await list(zooA)).find((r) => r.id === id)!;
    expect(row).toMatchObject({ transferStatus: 2, transferOpinion: '本园暂无合适笼舍', direction: 'out', toZooName: '乙动物园' });
  });

  it('accept moves population heads in one transaction: export at the sender, import at the receiver', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1, femaleQuantity: 2 });
    expect((await confirm({ id, status: 1, transferOpinion: '同意接收' })).body.msg).toBe('请选择接收笼舍');
    expect((await confirm({ id, status: 1, toCageId: cageA })).body.msg).toBe('接收笼舍不存在或不属于本园');
    expect(await stock(A, cageA)).toEqual([5, 5, 0, 1, 2, 0]);
    expect((await confirm({ id, status: 1, transferOpinion: '同意接收', toCageId: cageB })).body.msg).toBe('操作成功');
    expect(await stock(A, cageA)).toEqual([4, 3, 0, 0, 0, 0]);
    expect(await stock(B, cageB)).toEqual([1, 2, 0, 0, 0, 0]);
    expect(await ledgerOf(A, id)).toEqual(['export']);
    expect(await ledgerOf(B, id)).toEqual(['import']);
    const [row] = await q(`select transfer_status s, export_log_id is not null e, import_log_id is not null i from zoo_transfer_log where id = $1`, [id]);
    expect(row).toEqual({ s: 1, e: true, i: true });
    expect((await confirm({ id, status: 2, transferOpinion: '再次' })).body.msg).toBe('该转移已接收,不能确认');
    // The transfer's ledger rows cannot be reversed on one side.
    const [exp] = await q(`select id::text from zoo_stock_log where transfer_id = $1 and tenant_id = $2`, [id, A]);
    expect((await t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token: zooA, query: { ids: exp.id } })).body.msg).toBe(
      '园间转移产生的存栏变动不能撤销',
    );
  });

  it('accept moves an individual: identity, numbers, flags with history and photos travel; the sender keeps it as 已转出', async () => {
    const localNo = `P-${uid()}`;
    const animal = await pandaIn(localNo);
    await t.request({
      method: 'POST',
      url: '/zoo-animal/animal/submit',
      token: zooA,
      body: { id: animal, speciesId: panda, localNo, sex: 2, photos: 'https://img.example.com/p.jpg' },
    });
    await t.request({ method: 'POST', url: '/zoo-animal/animalFlag/submit', token: zooA, body: { animalId: animal, type: 4, code: 'ZYBS-OLD' } });
    await t.request({ method: 'POST', url: '/zoo-animal/animalFlag/newversion', token: zooA, body: { animalId: animal, type: 4, code: 'ZYBS-NEW' } });
    const id = await proposeOk({ animalType: 1, speciesId: panda, animalId: animal, remark: '繁殖合作' });
    const incoming = (await list(zooB, { direction: 'in' })).find((r) => r.id === id)!;
    expect(incoming).toMatchObject({ direction: 'in', localNo, fromZooName: '甲动物园', transferStatus: 0, identityId: animal });
    expect((await confirm({ id, status: 1, toCageId: cageB, transferOpinion: '已到园' })).body.msg).toBe('操作成功');
    const [sender] = await q(`select status, identity_id::text from zoo_animal where id = $1`, [animal]);
    expect(sender).toEqual({ status: 5, identity_id: animal });
    const [recv] = await q(
      `select id::text, status, cage_id::text cage, local_no, sex, photos, identity_id::text, tenant_id from zoo_animal where identity_id = $1 and tenant_id = $2`,
      [animal, B],
    );
    expect(recv).toMatchObject({ status: 1, cage: cageB, local_no: localNo, sex: 2, photos: 'https://img.example.com/p.jpg', identity_id: animal });
    const flags = await q(`select code, version, void_time is not null voided from zoo_animal_flag where animal_id = $1 order by version`, [recv.id]);
    expect(flags).toEqual([
      { code: 'ZYBS-OLD', version: 1, voided: true },
      { code: 'ZYBS-NEW', version: 2, voided: false },
    ]);
    // Both detail timelines show the transfer row.
    const tlA = (await t.request({ url: '/zoo-stockLog/stockLog/timeline', token: zooA, query: { animalId: animal } })).body.data;
    expect(tlA.at(-1)).toMatchObject({ movementType: 'export', transferId: id, counterpart: '乙动物园', statusAfter: 5 });
    const tlB = (await t.request({ url: '/zoo-stockLog/stockLog/timeline', token: zooB, query: { animalId: recv.id } })).body.data;
    expect(tlB).toHaveLength(1);
    expect(tlB[0]).toMatchObject({ movementType: 'import', transferId: id, counterpart: '甲动物园' });
    // The shared identity finds the transfer from either zoo.
    expect((await list(zooB, { identityId: animal })).map((r) => r.id)).toContain(id);
    // The sender's record cannot move any more.
    const mv = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/die_enroll',
      token: zooA,
      body: { animalType: 1, speciesId: panda, animalId: animal, dieDate: today, dieType: 1 },
    });
    expect(mv.body.msg).toContain('已转出');
  });

  it('the receiver must be licensed for the species (same rule as an import), and its local number must be free', async () => {
    const animal = await pandaIn(`P-${uid()}`);
    const id = await proposeOk({ animalType: 1, speciesId: panda, animalId: animal, toTenantId: C });
    const res = await confirm({ id, status: 1, toCageId: cageC }, zooC);
    expect(res.body.msg).toMatch(/^本园未获得物种「.+」的饲养繁育许可/);
    expect(await state(id)).toBe(0);
    const [a] = await q(`select status from zoo_animal where id = $1`, [animal]);
    expect(a.status).toBe(1);
    expect(await ledgerOf(A, id)).toEqual([]);
    expect((await withdraw(id)).body.msg).toBe('操作成功');

    const taken = `P-${uid()}`;
    await makeAnimal(t, zooB, { speciesId: panda, sex: 1, cageId: cageB, localNo: taken });
    const dup = await pandaIn(taken);
    const id2 = await proposeOk({ animalType: 1, speciesId: panda, animalId: dup });
    expect((await confirm({ id: id2, status: 1, toCageId: cageB })).body.msg).toBe(`本园编号「${taken}」已被本园其他个体使用,请填写新的本园编号`);
    expect(await ledgerOf(A, id2)).toEqual([]);
    expect((await confirm({ id: id2, status: 1, toCageId: cageB, localNo: `${taken}-B` })).body.msg).toBe('操作成功');
  });
});

describe('visibility is the two parties only', () => {
  it('a third zoo can neither list, read, confirm nor withdraw a transfer between two others', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1 });
    expect((await list(zooA)).map((r) => r.id)).toContain(id);
    expect((await list(zooB)).map((r) => r.id)).toContain(id);
    expect((await list(zooC)).map((r) => r.id)).not.toContain(id);
    expect((await t.request({ url: `${base}/detail`, token: zooC, query: { id } })).body.success).toBe(false);
    expect((await confirm({ id, status: 1, toCageId: cageC }, zooC)).body.success).toBe(false);
    await withdraw(id, zooC);
    expect(await state(id)).toBe(0);
    expect((await t.request({ url: `${base}/detail`, token: zooB, query: { id } })).body.data).toMatchObject({ direction: 'in', transferStatus: 0 });
    // Directions split the two zoos' views.
    expect((await list(zooA, { direction: 'in' })).map((r) => r.id)).not.toContain(id);
    expect((await list(zooB, { direction: 'out' })).map((r) => r.id)).not.toContain(id);
  });

  it('row-level security itself: as the restricted role, tenant C reads no row and cannot insert for another sender', async () => {
    await t.sql.query('begin');
    try {
      await t.sql.query(`select set_config('app.tenant_id', $1, true), set_config('role', 'zoo_app', true)`, [C]);
      const all = (await t.sql.query(`select tenant_id, to_tenant_id from zoo_transfer_log`)).rows;
      expect(all.length).toBeGreaterThan(0);
      expect(all.filter((r) => r.tenant_id !== C && r.to_tenant_id !== C)).toEqual([]);
      await expect(
        t.sql.query(`insert into zoo_transfer_log (tenant_id, to_tenant_id, animal_type, species_id, transfer_date) values ($1, $2, 2, $3, now())`, [
          A,
          B,
          deer,
        ]),
      ).rejects.toThrow(/row-level security/);
    } finally {
      await t.sql.query('rollback');
    }
  });
});

describe('races', () => {
  it('accept and withdraw of one transfer sent at once: exactly one wins, and stock follows the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await stock(A, cageA);
      const inB = await stock(B, cageB);
      const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1 });
      const [acc, wd] = await Promise.all([confirm({ id, status: 1, transferOpinion: '同意', toCageId: cageB }), withdraw(id)]);
      const wins = [acc, wd].filter((r) => r.body.msg === '操作成功');
      expect(wins, JSON.stringify([acc.body, wd.body])).toHaveLength(1);
      const loser = wins[0] === acc ? wd : acc;
      expect(loser.status).toBe(400);
      expect(loser.body.msg).toMatch(wins[0] === acc ? /^该转移已接收,不能撤回$/ : /^该转移已撤回,不能确认$/);
      const [m, f, u] = before!;
      if (wins[0] === acc) {
        expect(await state(id)).toBe(1);
        // Holds of other pending transfers stay (the third-zoo test above leaves one): only this one's head left.
        expect(await stock(A, cageA)).toEqual([m - 1, f, u, ...before!.slice(3)]);
        expect((await stock(B, cageB))!.slice(0, 3)).toEqual([(inB?.[0] ?? 0) + 1, inB?.[1] ?? 0, inB?.[2] ?? 0]);
        expect([await ledgerOf(A, id), await ledgerOf(B, id)]).toEqual([['export'], ['import']]);
      } else {
        expect(await state(id)).toBe(3);
        expect(await stock(A, cageA)).toEqual(before);
        expect([await ledgerOf(A, id), await ledgerOf(B, id)]).toEqual([[], []]);
      }
    }
  });
});
