import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { authorise, coverOutgoing, covered, makeCageChain, speciesId, zooAdmin } from './zoo-fixtures';

/** Transfers between zoos: A sends, B receives, C is a third zoo of the platform that must see nothing. */
export const A = '300031';
export const B = '300032';
export const C = '300033';
export const base = '/zoo-transfer/transferLog';
export const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The three zoos' admins, the species they hold and a cage in each; A starts with 5 + 5 deer in its cage. */
export interface TransferWorld {
  t: TestApp;
  zooA: string;
  zooB: string;
  zooC: string;
  deer: string;
  panda: string;
  cageA: string;
  cageB: string;
  cageC: string;
}

/** Starts the app and builds the world (beforeAll); the returned object is filled by then. */
export function useTransferWorld(): TransferWorld {
  const w = {} as TransferWorld;
  beforeAll(async () => {
    const t = (w.t = await startTestApp());
    w.zooA = await zooAdmin(t, A, undefined, '甲动物园');
    w.zooB = await zooAdmin(t, B, undefined, '乙动物园');
    w.zooC = await zooAdmin(t, C, undefined, '丙动物园');
    await authorise(t, A, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
    await authorise(t, B, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
    await authorise(t, C, [{ latin: 'Cervus nippon' }]);
    w.deer = await speciesId(t, 'Cervus nippon');
    w.panda = await speciesId(t, 'Ailuropoda melanoleuca');
    w.cageA = (await makeCageChain(t, w.zooA)).cageId;
    w.cageB = (await makeCageChain(t, w.zooB)).cageId;
    w.cageC = (await makeCageChain(t, w.zooC)).cageId;
    // Exports and transfers of class I/II species name a transport certificate (decision 0040).
    for (const token of [w.zooA, w.zooB, w.zooC]) await coverOutgoing(t, token, [w.deer, w.panda]);
    await transferCalls(w).born(w.zooA, w.cageA, 5, 5);
  });
  afterAll(async () => w.t?.close());
  return w;
}

/** The transfer calls and the stock reads the transfer tests share. */
export function transferCalls(w: TransferWorld) {
  const q = async (sql: string, params: unknown[] = []) => (await w.t.sql.query(sql, params)).rows;
  const propose = (body: Record<string, unknown>, token = w.zooA) =>
    w.t.request({ method: 'POST', url: `${base}/submit`, token, body: covered(token, { toTenantId: B, transferDate: today, ...body }) });
  const proposeOk = async (body: Record<string, unknown>): Promise<string> => {
    const res = await propose(body);
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    const [row] = await q(`select id::text from zoo_transfer_log order by id desc limit 1`);
    return row.id;
  };
  const confirm = (body: Record<string, unknown>, token = w.zooB) => w.t.request({ method: 'POST', url: `${base}/confirm`, token, body });
  const withdraw = (id: string, token = w.zooA) => w.t.request({ method: 'POST', url: `${base}/remove`, token, query: { ids: id } });
  const list = async (token: string, query: Record<string, string> = {}) =>
    (await w.t.request({ url: `${base}/list`, token, query: { current: '1', size: '200', ...query } })).body.data.records as Array<Record<string, any>>;
  const stock = async (tenant: string, cageId: string) => {
    const [r] = await q(
      `select male_quantity m, female_quantity f, they_quantity u, pending_male pm, pending_female pf, pending_they pu
      from zoo_population where tenant_id = $1 and cage_id = $2 and species_id = $3 and is_deleted = 0`,
      [tenant, cageId, w.deer],
    );
    return r ? [r.m, r.f, r.u, r.pm, r.pf, r.pu] : undefined;
  };
  const state = async (id: string) => (await q(`select transfer_status s from zoo_transfer_log where id = $1`, [id]))[0].s;
  const ledgerOf = async (tenant: string, transferId: string) =>
    (await q(`select movement_type from zoo_stock_log where tenant_id = $1 and transfer_id = $2`, [tenant, transferId])).map((r) => r.movement_type);
  const born = async (token: string, cageId: string, m: number, f: number) => {
    const res = await w.t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/born_enroll',
      token,
      body: { animalType: 2, speciesId: w.deer, cageId, bornDate: '2025-04-01', maleQuantity: m, femaleQuantity: f },
    });
    expect(res.body.msg).toBe('操作成功');
  };
  const pandaIn = async (localNo: string) => {
    const res = await w.t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/born_enroll',
      token: w.zooA,
      body: { animalType: 1, speciesId: w.panda, cageId: w.cageA, bornDate: '2024-08-01', animals: [{ localNo, animalName: `熊猫${localNo}`, sex: 2 }] },
    });
    expect(res.body.msg).toBe('操作成功');
    return res.body.data.animalIds[0] as string;
  };
  const cageCode = async (id: string): Promise<string> => (await q(`select cage_code from zoo_cage where id = $1`, [id]))[0].cage_code;
  return { q, propose, proposeOk, confirm, withdraw, list, stock, state, ledgerOf, born, pandaIn, cageCode };
}
