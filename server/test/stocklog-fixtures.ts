import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { authorise, coverOutgoing, covered, makeCageChain, speciesId, zooAdmin } from './zoo-fixtures';

/** What a stock-ledger test file works with: two zoos (A licensed for four species, one of them expired and one not
 * yet valid; B for deer), a park → venue → cage chain in A, and the calls and reads the files share. */
export interface StocklogWorld {
  t: TestApp;
  zooA: string;
  zooB: string;
  deer: string;
  panda: string;
  macaque: string;
  chain: { parkId: string; venueId: string; cageId: string };
}

/** Starts the app for the file and builds the world once (beforeAll); the returned object is filled by then. */
export function useStocklogWorld(): StocklogWorld {
  // The server's own time zone as in production: a licence date read with the driver's default parser shifted by
  // eight hours here (a refusal named the day before the licence's).
  process.env.TZ = 'Asia/Shanghai';
  const w = {} as StocklogWorld;
  beforeAll(async () => {
    const t = await startTestApp();
    w.t = t;
    w.zooA = await zooAdmin(t, '300011');
    w.zooB = await zooAdmin(t, '300012');
    await authorise(t, '300011', [
      { latin: 'Cervus nippon' },
      { latin: 'Ailuropoda melanoleuca' },
      { latin: 'Macaca mulatta', validFrom: '2010-01-01', validTo: '2012-12-31', licenceNo: 'M-OLD' },
      { latin: 'Grus japonensis', validFrom: '2098-03-01', licenceNo: 'FUT-2' },
    ]);
    await authorise(t, '300012', [{ latin: 'Cervus nippon' }]);
    w.deer = await speciesId(t, 'Cervus nippon');
    w.panda = await speciesId(t, 'Ailuropoda melanoleuca');
    w.macaque = await speciesId(t, 'Macaca mulatta');
    w.chain = await makeCageChain(t, w.zooA);
    // Exports of class I/II species name a transport certificate (decision 0040; its own tests: permit-gate.test.ts).
    await coverOutgoing(t, w.zooA, [w.deer, w.panda]);
    await coverOutgoing(t, w.zooB, [w.deer]);
  });
  afterAll(async () => w.t?.close());
  return w;
}

/** China's calendar day (the ledger's dates), offset by whole days. */
export const chinaDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The ledger calls and reads of a world. */
export function ledgerCalls(w: StocklogWorld) {
  const post = (kind: string, body: Record<string, unknown>, token = w.zooA, headers?: Record<string, string>) =>
    w.t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token, body: kind === 'export' ? covered(token, body) : body, headers });
  const ok = async (kind: string, body: Record<string, unknown>) => {
    const res = await post(kind, body);
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    return res.body.data as { ids: string[]; animalIds: string[] };
  };
  const q = async (sql: string, params: unknown[] = []) => (await w.t.sql.query(sql, params)).rows;
  /** A cage's population of a species as [male, female, unknown], or undefined when it has none. */
  const mfu = async (cageId: string, species = w.deer) => {
    const [r] = await q(
      `select male_quantity m, female_quantity f, they_quantity u from zoo_population where cage_id = $1 and species_id = $2 and is_deleted = 0`,
      [cageId, species],
    );
    return r ? [r.m, r.f, r.u] : undefined;
  };
  const animalRow = async (id: string) => (await q(`select status, cage_id::text as cage, is_deleted from zoo_animal where id = $1`, [id]))[0];
  return { post, ok, q, mfu, animalRow };
}
