import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, coverOutgoing, covered, makeAnimal, makeCageChain, speciesId, uid, zooAdmin } from '../../../../test/zoo-fixtures';

/** Transfers between zoos: A sends, B receives, C is a third zoo of the platform that must see nothing. */
let t: TestApp;
let zooA: string;
let zooB: string;
let zooC: string;
let deer: string;
let panda: string;
let cageA: string;
let cageB: string;
let cageC: string;
const A = '300031';
const B = '300032';
const C = '300033';
const base = '/zoo-transfer/transferLog';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const propose = (body: Record<string, unknown>, token = zooA) =>
  t.request({ method: 'POST', url: `${base}/submit`, token, body: covered(token, { toTenantId: B, transferDate: today, ...body }) });
const proposeOk = async (body: Record<string, unknown>): Promise<string> => {
  const res = await propose(body);
  expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
  const [row] = await q(`select id::text from zoo_transfer_log order by id desc limit 1`);
  return row.id;
};
const confirm = (body: Record<string, unknown>, token = zooB) => t.request({ method: 'POST', url: `${base}/confirm`, token, body });
const withdraw = (id: string, token = zooA) => t.request({ method: 'POST', url: `${base}/remove`, token, query: { ids: id } });
const list = async (token: string, query: Record<string, string> = {}) =>
  (await t.request({ url: `${base}/list`, token, query: { current: '1', size: '200', ...query } })).body.data.records as Array<Record<string, any>>;
const stock = async (tenant: string, cageId: string) => {
  const [r] = await q(
    `select male_quantity m, female_quantity f, they_quantity u, pending_male pm, pending_female pf, pending_they pu
    from zoo_population where tenant_id = $1 and cage_id = $2 and species_id = $3 and is_deleted = 0`,
    [tenant, cageId, deer],
  );
  return r ? [r.m, r.f, r.u, r.pm, r.pf, r.pu] : undefined;
};
const state = async (id: string) => (await q(`select transfer_status s from zoo_transfer_log where id = $1`, [id]))[0].s;
const ledgerOf = async (tenant: string, transferId: string) =>
  (await q(`select movement_type from zoo_stock_log where tenant_id = $1 and transfer_id = $2`, [tenant, transferId])).map((r) => r.movement_type);
const born = async (token: string, cageId: string, m: number, f: number) => {
  const res = await t.request({
    method: 'POST',
    url: '/zoo-stockLog/stockLog/born_enroll',
    token,
    body: { animalType: 2, speciesId: deer, cageId, bornDate: '2025-04-01', maleQuantity: m, femaleQuantity: f },
  });
  expect(res.body.msg).toBe('操作成功');
};
const pandaIn = async (localNo: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/zoo-stockLog/stockLog/born_enroll',
    token: zooA,
    body: { animalType: 1, speciesId: panda, cageId: cageA, bornDate: '2024-08-01', animals: [{ localNo, animalName: `熊猫${localNo}`, sex: 2 }] },
  });
  expect(res.body.msg).toBe('操作成功');
  return res.body.data.animalIds[0] as string;
};

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, A, undefined, '甲动物园');
  zooB = await zooAdmin(t, B, undefined, '乙动物园');
  zooC = await zooAdmin(t, C, undefined, '丙动物园');
  await authorise(t, A, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  await authorise(t, B, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  await authorise(t, C, [{ latin: 'Cervus nippon' }]);
  deer = await speciesId(t, 'Cervus nippon');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  cageA = (await makeCageChain(t, zooA)).cageId;
  cageB = (await makeCageChain(t, zooB)).cageId;
  cageC = (await makeCageChain(t, zooC)).cageId;
  for (const token of [zooA, zooB, zooC]) await coverOutgoing(t, token, [deer, panda]);
  await born(zooA, cageA, 5, 5);
});
afterAll(async () => t?.close());

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

async function cageCode(id: string): Promise<string> {
  return (await q(`select cage_code from zoo_cage where id = $1`, [id]))[0].cage_code;
}

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

describe('confirmation', () => {
  it('reject moves nothing and releases the held heads; the opinion is required', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, femaleQuantity: 2 });
    expect((await confirm({ id, status: 2 })).body.msg).toBe('拒绝时请填写确认意见');
    expect((await confirm({ id, status: 2, transferOpinion: '本园暂无合适笼舍' }, zooA)).body.msg).toBe('只有接收方可以确认转移');
    expect((await confirm({ id, status: 2, transferOpinion: '本园暂无合适笼舍' })).body.msg).toBe('操作成功');
    expect(await state(id)).toBe(2);
    expect(await stock(A, cageA)).toEqual([4, 5, 0, 0, 0, 0]);
    expect(await stock(B, cageB)).toBeUndefined();
    expect(await ledgerOf(A, id)).toEqual([]);
    const row = (await list(zooA)).find((r) => r.id === id)!;
    expect(row).toMatchObject({ transferStatus: 2, transferOpinion: '本园暂无合适笼舍', direction: 'out', toZooName: '乙动物园' });
  });

  it('accept moves population heads in one transaction: export at the sender, import at the receiver', async () => {
    const id = await proposeOk({ animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1, femaleQuantity: 2 });
    expect((await confirm({ id, status: 1, transferOpinion: '同意接收' })).body.msg).toBe('请选择接收笼舍');
    expect((await confirm({ id, status: 1, toCageId: cageA })).body.msg).toBe('接收笼舍不存在或不属于本园');
    expect(await stock(A, cageA)).toEqual([4, 5, 0, 1, 2, 0]);
    expect((await confirm({ id, status: 1, transferOpinion: '同意接收', toCageId: cageB })).body.msg).toBe('操作成功');
    expect(await stock(A, cageA)).toEqual([3, 3, 0, 0, 0, 0]);
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
        expect(await stock(A, cageA)).toEqual([m - 1, f, u, 0, 0, 0]);
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
