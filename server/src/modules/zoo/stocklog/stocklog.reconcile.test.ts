import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, coverOutgoing, covered, makeCage, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

/**
 * Reconciliation: a random sequence of movements, reversals and inter-zoo transfers (proposals, accepts, rejections,
 * withdrawals between two zoos; batches fired concurrently, many of them refused), after which, in each zoo,
 * replaying the ledger from nothing gives exactly the current stock of every population and animal, every row's
 * "before" equals the previous row's "after" of the same stock, and the heads held for pending transfers are
 * exactly those the pending transfers promise.
 */
let t: TestApp;
let token: string;
let token2: string;
const cages2: string[] = [];
const TENANT2 = '300022';
let deer: string;
let panda: string;
const cages: string[] = [];
const TENANT = '300021';
const MOVEMENTS = 1000;
const BATCH = 6;

// A small deterministic generator, so a failure can be replayed.
let seed = 20251123;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const n = (max: number) => Math.floor(rand() * (max + 1));

beforeAll(async () => {
  t = await startTestApp();
  token = await zooAdmin(t, TENANT);
  await authorise(t, TENANT, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  deer = await speciesId(t, 'Cervus nippon');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  const chain = await makeCageChain(t, token);
  cages.push(chain.cageId);
  for (let i = 0; i < 3; i++) cages.push(await makeCage(t, token, chain.venueId));
  token2 = await zooAdmin(t, TENANT2);
  await authorise(t, TENANT2, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  const chain2 = await makeCageChain(t, token2);
  cages2.push(chain2.cageId, await makeCage(t, token2, chain2.venueId));
  await coverOutgoing(t, token, [deer, panda]);
  await coverOutgoing(t, token2, [deer, panda]);
});
afterAll(async () => t?.close());

const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const send = (kind: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token, body: kind === 'export' ? covered(token, body) : body });

async function randomMovement(i: number, animals: string[]): Promise<{ success: boolean; body: any }> {
  const r = rand();
  const qty = () => ({ maleQuantity: n(3), femaleQuantity: n(3), theyQuantity: n(2) });
  if (r < 0.5) {
    const kind = pick(['born', 'import', 'export', 'move', 'die', 'cancel'] as const);
    const cageId = pick(cages);
    const extra: Record<string, Record<string, unknown>> = {
      born: { bornDate: today },
      import: { importDate: today, importType: 1, source: '某动物园' },
      export: { exportDate: today, exportType: 1, output: '某动物园' },
      move: { moveDate: today, toCageId: pick(cages.filter((c) => c !== cageId)) },
      die: { dieDate: today, dieType: 1 },
      cancel: { cancelDate: today, cancelType: 6 },
    };
    const res = await send(kind, { animalType: 2, speciesId: deer, cageId, ...qty(), ...extra[kind] });
    return { success: res.body.success, body: res.body };
  }
  if (r < 0.62 || animals.length < 3) {
    const res = await send(pick(['born', 'import'] as const), {
      animalType: 1,
      speciesId: panda,
      cageId: pick(cages),
      bornDate: today,
      importDate: today,
      importType: 2,
      source: '救护站',
      animals: Array.from({ length: 1 + n(1) }, (_, k) => ({ localNo: `R${i}-${k}`, sex: 1 + n(2) })),
    });
    if (res.body.success) animals.push(...res.body.data.animalIds);
    return { success: res.body.success, body: res.body };
  }
  if (r < 0.92) {
    const kind = pick(['move', 'move', 'export', 'die', 'cancel'] as const);
    const res = await send(kind, {
      animalType: 1,
      speciesId: panda,
      animalId: pick(animals),
      toCageId: pick(cages),
      moveDate: today,
      exportDate: today,
      exportType: 1,
      output: '某地',
      dieDate: today,
      dieType: 1,
      cancelDate: today,
      cancelType: 1,
    });
    return { success: res.body.success, body: res.body };
  }
  // A reversal of some recent row: accepted only when it is the latest in force of its stock(s).
  const { rows } = await t.sql.query(`select id::text from zoo_stock_log where tenant_id = $1 order by id desc limit 10`, [TENANT]);
  if (!rows.length) return { success: false, body: {} };
  const res = await t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token, query: { ids: pick(rows).id } });
  return { success: res.body.success, body: res.body };
}

/** Zoo 1 and zoo 2 send each other heads and individuals; the receiver accepts or rejects, the sender withdraws. */
async function randomTransfer(): Promise<{ success: boolean; body: any }> {
  const r = rand();
  const zoos = [
    { tenant: TENANT, token, cages },
    { tenant: TENANT2, token: token2, cages: cages2 },
  ] as const;
  if (r < 0.4) {
    const from = rand() < 0.7 ? zoos[0] : zoos[1];
    const to = from === zoos[0] ? zoos[1] : zoos[0];
    let body: Record<string, unknown>;
    if (rand() < 0.6) body = { animalType: 2, speciesId: deer, cageId: pick(from.cages), maleQuantity: n(2), femaleQuantity: n(2), theyQuantity: n(1) };
    else {
      const { rows } = await t.sql.query(`select id::text from zoo_animal where tenant_id = $1 and status = 1 and is_deleted = 0 order by id desc limit 20`, [
        from.tenant,
      ]);
      if (!rows.length) return { success: false, body: {} };
      body = { animalType: 1, speciesId: panda, animalId: pick(rows).id };
    }
    const res = await t.request({
      method: 'POST',
      url: '/zoo-transfer/transferLog/submit',
      token: from.token,
      body: covered(from.token, { toTenantId: to.tenant, transferDate: today, ...body }),
    });
    return { success: res.body.success, body: res.body };
  }
  const { rows } = await t.sql.query(`select id::text, tenant_id, to_tenant_id from zoo_transfer_log where transfer_status = 0 and tenant_id in ($1, $2)`, [
    TENANT,
    TENANT2,
  ]);
  if (!rows.length) return { success: false, body: {} };
  const tr = pick(rows);
  const zooOf = (tenant: string) => zoos.find((z) => z.tenant === tenant)!;
  if (r < 0.85) {
    const to = zooOf(tr.to_tenant_id);
    const accept = rand() < 0.7;
    const res = await t.request({
      method: 'POST',
      url: '/zoo-transfer/transferLog/confirm',
      token: to.token,
      body: accept ? { id: tr.id, status: 1, toCageId: pick(to.cages), transferOpinion: '同意' } : { id: tr.id, status: 2, transferOpinion: '不接收' },
    });
    return { success: res.body.success, body: res.body };
  }
  const res = await t.request({ method: 'POST', url: '/zoo-transfer/transferLog/remove', token: zooOf(tr.tenant_id).token, query: { ids: tr.id } });
  return { success: res.body.success, body: res.body };
}

/** Replays one zoo's ledger and compares it with the zoo's current stock and holds. */
async function reconcile(tenant: string): Promise<void> {
  const { rows: ledger } = await t.sql.query(`select * from zoo_stock_log where tenant_id = $1 order by id`, [tenant]);
  // Populations: gains minus losses, and an unbroken chain of before/after per stock.
  const replay = new Map<string, number[]>();
  const side = (pid: string | null, q: number[], sign: number, before: number[] | null, after: number[] | null) => {
    if (!pid) return;
    const cur = replay.get(pid) ?? [0, 0, 0];
    expect(before, `row before of ${pid}`).toEqual(cur);
    const next = cur.map((v, k) => v + sign * q[k]!);
    expect(after).toEqual(next);
    expect(next.every((v) => v >= 0)).toBe(true);
    replay.set(pid, next);
  };
  // Individuals: the last row decides status (0 = registration withdrawn) and cage.
  const state = new Map<string, { status: number; cage: string | null }>();
  for (const r of ledger) {
    const q = [r.male_quantity, r.female_quantity, r.they_quantity];
    if (r.animal_type === 2) {
      side(r.population_id && String(r.population_id), q, -1, r.from_before, r.from_after);
      side(r.to_population_id && String(r.to_population_id), q, 1, r.to_before, r.to_after);
    } else {
      const prev = state.get(String(r.animal_id));
      expect(r.status_before).toBe(prev?.status ?? 0);
      state.set(String(r.animal_id), { status: r.status_after, cage: String(r.to_cage_id ?? r.from_cage_id) });
    }
  }
  const { rows: pops } = await t.sql.query(
    `select p.id::text, male_quantity m, female_quantity f, they_quantity u, pending_male pm, pending_female pf, pending_they pu,
       (select coalesce(array[sum(x.male_quantity), sum(x.female_quantity), sum(x.they_quantity)]::int[], array[0,0,0])
          from zoo_transfer_log x where x.population_id = p.id and x.transfer_status = 0) held
     from zoo_population p where tenant_id = $1 and is_deleted = 0`,
    [tenant],
  );
  expect(pops.length).toBeGreaterThan(0);
  for (const p of pops) {
    expect(replay.get(p.id) ?? [0, 0, 0], `population ${p.id}`).toEqual([p.m, p.f, p.u]);
    expect([p.pm, p.pf, p.pu], `held heads of ${p.id}`).toEqual(p.held.map((v: number | null) => v ?? 0));
  }
  const { rows: zoo } = await t.sql.query(`select id::text, status, cage_id::text cage, is_deleted from zoo_animal where tenant_id = $1`, [tenant]);
  expect(zoo.length).toBe(state.size);
  for (const a of zoo) {
    const s = state.get(a.id)!;
    if (s.status === 0) expect(a.is_deleted, `animal ${a.id}`).toBe(1);
    else expect({ status: a.status, cage: a.cage, is_deleted: a.is_deleted }, `animal ${a.id}`).toEqual({ status: s.status, cage: s.cage, is_deleted: 0 });
  }
}

describe('ledger reconciliation', () => {
  it(`replaying ${MOVEMENTS} random movements and transfers (concurrent batches) gives the current stock in both zoos`, async () => {
    const animals: string[] = [];
    let accepted = 0;
    const refusals = new Map<string, number>();
    for (let i = 0; i < MOVEMENTS; i += BATCH) {
      const batch = await Promise.all(Array.from({ length: BATCH }, (_, k) => (rand() < 0.2 ? randomTransfer() : randomMovement(i + k, animals))));
      for (const b of batch) {
        if (b.success) accepted++;
        else if (b.body.msg) {
          // Refusals are business rules (400 + message), never server errors.
          expect(b.body.code, JSON.stringify(b.body)).toBe(400);
          const key = String(b.body.msg).replace(/[\w-]+/g, '#');
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
      }
    }
    expect(accepted).toBeGreaterThan(MOVEMENTS / 3);
    expect(refusals.size).toBeGreaterThan(2);

    const { rows: moved } = await t.sql.query(`select transfer_status s, count(*)::int n from zoo_transfer_log group by 1 order by 1`);
    // Transfers were accepted, rejected and withdrawn (pending ones may or may not remain at the end).
    expect(moved.map((r) => r.s)).toEqual(expect.arrayContaining([1, 2, 3]));
    await reconcile(TENANT);
    await reconcile(TENANT2);
  }, 240_000);
});
