import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, coverOutgoing, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';
import { takeNightlySnapshots } from './nightly';

/**
 * The studbook through HTTP on PostgreSQL: zoo A holds a small panda pedigree, B receives one animal by transfer,
 * C holds none. Figures are worked by hand (kinship rules of Falconer & Mackay; MK over the living, PMx).
 */
let t: TestApp;
let zooA: string;
let zooB: string;
let zooC: string;
let panda: string;
let deer: string;
let cageA: string;
let cageB: string;
const A = '300291';
const B = '300292';
const C = '300293';
const base = '/zoo-studbook/studbook';
const ids: Record<string, string> = {};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const get = (path: string, token: string, query: Record<string, string> = {}) => t.request({ url: `${base}/${path}`, token, query });
const animal = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/zoo-animal/animal/submit', token, body });
const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, A, undefined, '甲动物园');
  zooB = await zooAdmin(t, B, undefined, '乙动物园');
  zooC = await zooAdmin(t, C, undefined, '丙动物园');
  for (const z of [A, B, C]) await authorise(t, z, [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  deer = await speciesId(t, 'Cervus nippon');
  cageA = (await makeCageChain(t, zooA)).cageId;
  cageB = (await makeCageChain(t, zooB)).cageId;
  // S × D → X (male), Y (female); N a wild-caught female. All five in stock at A.
  const mk = async (localNo: string, sex: number, birthDate: string, more: Record<string, unknown> = {}) =>
    (ids[localNo] = await makeAnimal(t, zooA, { speciesId: panda, cageId: cageA, localNo, sex, birthDate, birthPrecision: 1, ...more }));
  await mk('S', 1, '2010-01-01 00:00:00', { sireMark: 'WILD', damMark: 'WILD' });
  await mk('D', 2, '2010-06-01 00:00:00', { sireMark: 'WILD', damMark: 'WILD' });
  await mk('X', 1, '2016-08-01 00:00:00', { sireId: ids.S, damId: ids.D });
  await mk('Y', 2, '2017-08-01 00:00:00', { sireId: ids.S, damId: ids.D });
  await mk('N', 2, '2012-03-01 00:00:00', { sireMark: 'WILD', damMark: 'WILD' });
});
afterAll(async () => t?.close());

const records = async (token: string, query: Record<string, string> = {}) => {
  const res = await get('list', token, { speciesId: panda, current: '1', size: '100', ...query });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.records as Array<Record<string, any>>;
};

describe('figures of a hand-worked pedigree', () => {
  it('lists F, MK, rank and % known; MK includes self-kinship over the five living', async () => {
    const rows = await records(zooA);
    const by = Object.fromEntries(rows.map((r) => [r.localNo, r]));
    // MK_X = (f(X,X) ½ + f(X,S) ¼ + f(X,D) ¼ + f(X,Y) ¼ + f(X,N) 0) / 5 = 0.25; MK_N = ½ / 5 = 0.1; MK_S = (½+¼+¼)/5 = 0.2
    expect(by.X).toMatchObject({ mk: 0.25, f: 0, known: 1, alive: true, animalId: ids.X, recordId: ids.X, holderTenantName: '甲动物园' });
    expect(by.N).toMatchObject({ mk: 0.1, rank: 1 });
    expect(by.S.mk).toBe(0.2);
    expect(rows.map((r) => r.localNo)).toEqual(['N', 'S', 'D', 'X', 'Y']);
    const s = (await get('summary', zooA, { speciesId: panda })).body.data;
    // mean MK = (0.2 + 0.2 + 0.25 + 0.25 + 0.1) / 5 = 0.2 → GD 0.8, FGE 2.5; founders S, D, N
    expect(s).toMatchObject({ living: 5, founders: 3, meanMk: 0.2, gd: 0.8, fge: 2.5, meanF: 0 });
  });

  it('what-if: kinship of full sibs = offspring F 1/4; half-sib pair through a MULT sire', async () => {
    const k = (await get('kinship', zooA, { speciesId: panda, a: ids.X!, b: ids.Y! })).body.data;
    expect(k).toMatchObject({ kinship: 0.25, offspringF: 0.25 });
    // Z (female) of N and MULT sire {S, X}: f(Z, Y) = ½[½(f(S,Y) + f(X,Y)) + f(N,Y)] = ½[½(¼ + ¼) + 0] = 1/8
    const res = await animal(zooA, {
      speciesId: panda,
      cageId: cageA,
      localNo: 'Z',
      sex: 2,
      birthDate: '2020-05-01 00:00:00',
      birthPrecision: 1,
      sireMark: 'MULT',
      sireCandidates: `${ids.S},${ids.X}`,
      damId: ids.N,
    });
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    const [z] = await q(`select id::text from zoo_animal where local_no = 'Z' and tenant_id = $1`, [A]);
    ids.Z = z.id;
    expect((await get('kinship', zooA, { speciesId: panda, a: ids.Z!, b: ids.Y! })).body.data.kinship).toBe(0.125);
  });

  it('pairing advice: relatives within three generations and pairs over the cap are left out, the rest ranked by MK sum', async () => {
    const res = await get('pairs', zooA, { speciesId: panda, current: '1', size: '50' });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const pairs = res.body.data.records as Array<Record<string, any>>;
    const names = pairs.map((p) => `${p.sireLabel}×${p.damLabel}`);
    expect(names).not.toContain('X×Y'); // full sibs
    expect(names).not.toContain('S×Y'); // parent × offspring
    expect(names).toContain('X×N');
    expect(pairs[0]!.rank).toBe(1);
    for (let i = 1; i < pairs.length; i++) expect(pairs[i]!.mkSum).toBeGreaterThanOrEqual(pairs[i - 1]!.mkSum);
    expect(pairs[0]!.reason).toMatch(/MK 之和/);
    // No generation rule and a cap of ½: full sibs come back (F ¼).
    const all = (await get('pairs', zooA, { speciesId: panda, generations: '0', maxF: '0.5', size: '50' })).body.data.records.map(
      (p: any) => `${p.sireLabel}×${p.damLabel}`,
    );
    expect(all).toContain('X×Y');
  });

  it('the pedigree chart: nodes and edges up to N generations, WILD markers as nodes', async () => {
    const g = (await get('pedigree', zooA, { id: ids.X!, generations: '2' })).body.data;
    expect(g.nodes.map((n: any) => n.label)).toEqual(expect.arrayContaining(['X', 'S', 'D', 'WILD']));
    expect(g.edges).toEqual(expect.arrayContaining([{ from: ids.S, to: ids.X, role: 'sire', weight: 1 }]));
  });

  it('the animal detail figures and the heatmap', async () => {
    const a = (await get('animal', zooA, { id: ids.X! })).body.data;
    expect(a).toMatchObject({ animalId: ids.X, f: 0, living: 6 });
    const h = (await get('heatmap', zooA, { speciesId: panda })).body.data;
    expect(h.ids.length).toBe(6);
    const ix = h.ids.indexOf(ids.X);
    const iy = h.ids.indexOf(ids.Y);
    expect(h.values[ix][iy]).toBe(0.25);
    expect(h.values[ix][ix]).toBe(0.5);
  });
});

describe('parent rules', () => {
  it('refuses a parent younger than its offspring, a loop, a wrong sex and a MULT without candidates', async () => {
    const young = await animal(zooA, { speciesId: panda, localNo: 'OLD', sex: 1, birthDate: '2015-01-01 00:00:00', birthPrecision: 1, sireId: ids.X });
    expect(young.body.code).toBe(400);
    expect(young.body.msg).toMatch(/出生日期 2016-08-01 不早于该个体的出生日期 2015-01-01/);
    const loop = await animal(zooA, { id: ids.S, speciesId: panda, localNo: 'S', sex: 1, birthDate: '2010-01-01 00:00:00', birthPrecision: 1, sireId: ids.X });
    expect(loop.body.code).toBe(400);
    expect(loop.body.msg).toMatch(/成环|不早于/);
    const loop2 = await animal(zooA, { id: ids.S, speciesId: panda, localNo: 'S', sex: 1, sireId: ids.X });
    expect(loop2.body.msg).toMatch(/系谱不能成环/);
    expect((await animal(zooA, { speciesId: panda, localNo: 'W1', sex: 1, damIdentityId: ids.X })).body.msg).toMatch(/必须是雌性/);
    expect((await animal(zooA, { speciesId: panda, localNo: 'W2', sex: 1, sireMark: 'MULT' })).body.msg).toMatch(/MULT/);
    expect((await animal(zooA, { speciesId: panda, localNo: 'W3', sex: 1, sireMark: 'MULT', sireCandidates: `${ids.X},${ids.N}` })).body.msg).toMatch(/雄性/);
  });
});

describe('bad input is a 400 with a Chinese message', () => {
  it.each([
    [{ speciesId: 'abc' }, 'list', /ID格式不正确|物种/],
    [{ speciesId: '999999999' }, 'summary', /物种不存在/],
  ])('%j on %s', async (query, path, msg) => {
    const res = await get(path, zooA, { current: '1', size: '10', ...query });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });
  it('unknown, other-species and malformed animals, a cap outside 0–1', async () => {
    const deerAnimal = await makeAnimal(t, zooA, { speciesId: deer, cageId: cageA, sex: 1 });
    for (const [query, msg] of [
      [{ a: ids.X!, b: deerAnimal }, /不在该物种的谱系中/],
      [{ a: ids.X!, b: '12345' }, /不在该物种的谱系中/],
      [{ a: 'x1', b: ids.Y! }, /ID格式不正确/],
    ] as const) {
      const res = await get('kinship', zooA, { speciesId: panda, ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    for (const maxF of ['2', '-0.1', 'abc']) {
      const res = await get('pairs', zooA, { speciesId: panda, maxF });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/后代近交系数上限/);
    }
  });
});

describe('across zoos', () => {
  it('a transfer keeps both parents, and the studbook is the same read from either zoo', async () => {
    const prop = await t.request({
      method: 'POST',
      url: '/zoo-transfer/transferLog/submit',
      token: zooA,
      body: { toTenantId: B, transferDate: today, animalType: 1, speciesId: panda, animalId: ids.Y, permitIds: [await coverOutgoing(t, zooA, [panda])] },
    });
    expect(prop.body.msg, JSON.stringify(prop.body)).toBe('操作成功');
    const [tr] = await q(`select id::text from zoo_transfer_log order by id desc limit 1`);
    const ok = await t.request({ method: 'POST', url: '/zoo-transfer/transferLog/confirm', token: zooB, body: { id: tr.id, status: 1, toCageId: cageB } });
    expect(ok.body.msg, JSON.stringify(ok.body)).toBe('操作成功');
    const [recv] = await q(
      `select sire_identity_id::text s, dam_identity_id::text d, sire_mark, dam_mark from zoo_animal where tenant_id = $1 and identity_id = $2`,
      [B, ids.Y],
    );
    expect(recv).toEqual({ s: ids.S, d: ids.D, sire_mark: '', dam_mark: '' });

    // B (not a keeper) sees its own animal with the same figures as A computes for it; A's others are hidden.
    const fromB = await records(zooB);
    expect(fromB.map((r) => r.animalId)).toEqual([ids.Y]);
    const fromA = await records(zooA);
    const yA = fromA.find((r) => r.animalId === ids.Y)!;
    expect(fromB[0]).toMatchObject({ f: yA.f, mk: yA.mk, rank: yA.rank, known: 1, holderTenantName: '乙动物园' });
    expect(yA.holderTenantName).toBe('乙动物园');
    expect((await get('summary', zooB, { speciesId: panda })).body.data).toEqual({ ...(await get('summary', zooA, { speciesId: panda })).body.data });
    // Not a keeper: no what-if on A's animals; C sees no rows at all.
    expect((await get('kinship', zooB, { speciesId: panda, a: ids.Y!, b: ids.X! })).body.msg).toMatch(/谱系管理员/);
    expect(await records(zooC)).toEqual([]);

    // Keepers of the species at both zoos read the same studbook (figures and pedigree facts).
    const platform = await platformToken(t);
    const setKeepers = (tenantIds: string[], token = platform) =>
      t.request({ method: 'POST', url: `${base}/keepers`, token, body: { speciesId: panda, tenantIds } });
    expect((await setKeepers([A, B], zooA)).status).toBe(403);
    expect((await setKeepers(['999999'])).body.msg).toBe('动物园 999999 不存在');
    expect((await setKeepers([A, B])).body.msg).toBe('操作成功');
    expect((await t.request({ url: `${base}/keepers`, token: platform, query: { speciesId: panda } })).body.data).toEqual([
      { tenantId: A, tenantName: '甲动物园' },
      { tenantId: B, tenantName: '乙动物园' },
    ]);
    const strip = (rows: Array<Record<string, any>>) => rows.map(({ recordId: _r, localNo: _l, animalName: _n, label: _b, sire: _s, dam: _d, ...r }) => r);
    expect(strip(await records(zooB))).toEqual(strip(await records(zooA)));
    expect(strip(await records(platform))).toEqual(strip(await records(zooA)));
    // Species to open: a zoo its own animals' species and those it keeps; the platform its whole library.
    const speciesOf = async (token: string) => (await get('species', token)).body.data as Array<{ speciesId: string; reader: boolean }>;
    expect(await speciesOf(zooC)).toEqual([]);
    expect((await speciesOf(zooB)).find((x) => x.speciesId === panda)).toMatchObject({ reader: true });
    expect((await speciesOf(platform)).map((x) => x.speciesId)).toEqual(expect.arrayContaining([panda, deer]));
    expect((await get('kinship', zooB, { speciesId: panda, a: ids.Y!, b: ids.X! })).body.data.kinship).toBe(0.25);
  });

  it('studbook numbers: keepers set them (SPARKS form, never reused), every reader sees them', async () => {
    const number = (animalId: string, studbookNo: string, token = zooA) =>
      t.request({ method: 'POST', url: `${base}/number`, token, body: { speciesId: panda, animalId, studbookNo } });
    expect((await number(ids.Y!, '007')).body.msg).toMatch(/谱系号须为不以0开头的正整数/);
    expect((await number(ids.Y!, '12', zooC)).body.msg).toMatch(/谱系管理员/);
    expect((await number(ids.Y!, '12')).body.msg).toBe('操作成功');
    expect((await number(ids.X!, '12')).body.msg).toMatch(/已被其他个体使用/);
    expect((await number(ids.Y!, '13', zooB)).body.msg).toBe('操作成功');
    expect((await number(ids.X!, '12')).body.msg).toMatch(/曾被使用过/);
    expect((await number(ids.X!, 'T1')).body.msg).toBe('操作成功');
    const byId = Object.fromEntries((await records(zooB)).map((r) => [r.animalId, r.studbookNo]));
    expect([byId[ids.Y!], byId[ids.X!]]).toEqual(['13', 'T1']);
  });

  it('other zoos’ animals leave the facts function as pedigree facts only, anonymous to non-keepers', async () => {
    const c = t.sql;
    await c.query('begin');
    try {
      await c.query(`set local role zoo_app`);
      await c.query(`select set_config('app.tenant_id', $1, true)`, [C]);
      const rows = (await c.query(`select * from zoo_pedigree_facts($1)`, [panda])).rows;
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((r) => r.holder_name === '' && r.studbook_no === '' && r.local_no === null && r.record_id === null)).toBe(true);
      // The table itself stays closed to C.
      expect((await c.query(`select count(*)::int n from zoo_animal where species_id = $1`, [panda])).rows[0].n).toBe(0);
    } finally {
      await c.query('rollback');
    }
  });

  it('snapshots: keepers record GD/FGE on demand and read them back', async () => {
    expect((await t.request({ method: 'POST', url: `${base}/snapshot`, token: zooC, query: { speciesId: panda } })).body.msg).toMatch(/谱系管理员/);
    expect((await t.request({ method: 'POST', url: `${base}/snapshot`, token: zooA, query: { speciesId: panda } })).body.msg).toBe('操作成功');
    const snaps = (await get('snapshots', zooA, { speciesId: panda })).body.data;
    expect(snaps.length).toBe(1);
    expect(snaps[0].living).toBe(6);
    expect(snaps[0].gd).toBeGreaterThan(0);
    // The nightly run takes one per species with living animals, once a day.
    expect(await takeNightlySnapshots(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await takeNightlySnapshots(t.database.db)).toBe(0);
    const after = (await get('snapshots', zooA, { speciesId: panda })).body.data;
    expect(after.map((s: any) => s.source).sort()).toEqual([1, 2]);
    expect(after[1].gd).toBe(after[0].gd);
  });

  it('exports the studbook as a PMx text-import CSV', async () => {
    const res = await t.request({ url: `${base}/export`, token: zooA, query: { speciesId: panda, format: 'csv' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = String(res.body ?? '');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('UniqueID,Sire,Dam,Sex,Alive,BirthDate,Location,F,MK');
    // Animals go by their studbook number where they have one (X is T1), else by identity.
    expect(text).toContain(`T1,${ids.S},${ids.D},M,1,2016-08-01`);
  });
});
