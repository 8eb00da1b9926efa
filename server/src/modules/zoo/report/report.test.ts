import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeCage, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';
import { asMap, grouped, replay, type Ledger } from '../../../../test/stock-replay';

/**
 * Stock reports on real PostgreSQL: after random movements with scattered (partly out-of-order) dates, the stock
 * the API answers for past days equals replaying the ledger up to that day, and today's equals the registry.
 */
let t: TestApp;
let token: string;
let other: string;
let deer: string;
let crane: string;
let panda: string;
let parkA: string;
let parkB: string;
const cages: string[] = [];
const parkOfCage = new Map<string, string>();
const TENANT = '300031';
const OTHER = '300032';
const MOVEMENTS = 150;

let seed = 20261124;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const n = (max: number) => Math.floor(rand() * (max + 1));

const DAY = 86_400_000;
const todayMs = Date.parse(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
const dayAt = (offset: number) => new Date(todayMs + offset * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  token = await zooAdmin(t, TENANT);
  other = await zooAdmin(t, OTHER);
  const latin = ['Cervus nippon', 'Grus japonensis', 'Ailuropoda melanoleuca'];
  await authorise(
    t,
    TENANT,
    latin.map((l) => ({ latin: l })),
  );
  await authorise(t, OTHER, [{ latin: 'Cervus nippon' }]);
  [deer, crane, panda] = await Promise.all(latin.map((l) => speciesId(t, l)));
  const a = await makeCageChain(t, token);
  const b = await makeCageChain(t, token);
  parkA = a.parkId;
  parkB = b.parkId;
  cages.push(a.cageId, await makeCage(t, token, a.venueId), b.cageId);
  cages.forEach((c, i) => parkOfCage.set(c, i < 2 ? parkA : parkB));
}, 120_000);
afterAll(async () => t?.close());

const send = (kind: string, body: Record<string, unknown>, as = token) =>
  t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token: as, body });

/** One random movement dated `date`: population movements of deer and cranes, individual pandas. */
async function randomMovement(i: number, date: string, animals: string[]): Promise<boolean> {
  const r = rand();
  const dates = { bornDate: date, importDate: date, exportDate: date, moveDate: date, dieDate: date, cancelDate: date };
  const extra = { importType: 1, source: '某动物园', exportType: 1, output: '某动物园', dieType: 1, cancelType: 6 };
  if (r < 0.6) {
    const kind = pick(['born', 'born', 'import', 'export', 'move', 'die', 'cancel'] as const);
    const cageId = pick(cages);
    const body = {
      animalType: 2,
      speciesId: pick([deer, crane]),
      cageId,
      maleQuantity: n(3),
      femaleQuantity: n(3),
      theyQuantity: n(2),
      toCageId: pick(cages.filter((c) => c !== cageId)),
    };
    return (await send(kind, { ...body, ...dates, ...extra })).body.success;
  }
  if (r < 0.75 || animals.length < 3) {
    const res = await send(pick(['born', 'import'] as const), {
      animalType: 1,
      speciesId: panda,
      cageId: pick(cages),
      ...dates,
      ...extra,
      animals: Array.from({ length: 1 + n(1) }, (_, k) => ({ localNo: `RP${i}-${k}`, sex: 1 + n(2) })),
    });
    if (res.body.success) animals.push(...res.body.data.animalIds);
    return res.body.success;
  }
  if (r < 0.95) {
    const kind = pick(['move', 'move', 'export', 'die', 'cancel'] as const);
    return (await send(kind, { animalType: 1, speciesId: panda, animalId: pick(animals), toCageId: pick(cages), ...dates, ...extra })).body.success;
  }
  const { rows } = await t.sql.query(`select id::text from zoo_stock_log where tenant_id = $1 order by id desc limit 5`, [TENANT]);
  return (await t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token, query: { ids: pick(rows).id } })).body.success;
}

async function ledger(): Promise<Ledger> {
  const { rows } = await t.sql.query(
    `select id::text, movement_type, animal_type, species_id::text, animal_id::text, population_id::text, to_population_id::text,
            from_cage_id::text, to_cage_id::text, male_quantity, female_quantity, they_quantity, status_after,
            to_char(event_date, 'YYYY-MM-DD HH24:MI:SS') as event_date
       from zoo_stock_log where tenant_id = $1 order by id`,
    [TENANT],
  );
  return rows;
}

describe('stock reports', () => {
  let log: Ledger;
  const days = [dayAt(-95), dayAt(-70), dayAt(-45), dayAt(-31), dayAt(-12), dayAt(-1), dayAt(0)];

  beforeAll(async () => {
    const animals: string[] = [];
    let accepted = 0;
    for (let i = 0; i < MOVEMENTS; i++) {
      // Dates walk from 90 days ago to today, a few days back now and then (late registrations).
      const date = dayAt(Math.min(0, -90 + Math.floor((i * 90) / MOVEMENTS) - (rand() < 0.2 ? n(10) : 0)));
      if (await randomMovement(i, date, animals)) accepted++;
    }
    expect(accepted).toBeGreaterThan(MOVEMENTS / 3);
    // The other zoo holds deer too: none of them may show in this zoo's reports.
    const o = await makeCageChain(t, other);
    const res = await send(
      'born',
      { animalType: 2, speciesId: deer, cageId: o.cageId, maleQuantity: 50, femaleQuantity: 0, theyQuantity: 0, bornDate: dayAt(-60) },
      other,
    );
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    log = await ledger();
  }, 240_000);

  it('answers stock at past days equal to replaying the ledger, by species and by park', async () => {
    for (const day of days) {
      const cells = replay(log, day);
      const bySpecies = await t.request({ url: '/blade-zoo/basic/stock', token, query: { date: day, groupBy: 'species' } });
      expect(bySpecies.body.success, JSON.stringify(bySpecies.body)).toBe(true);
      expect(asMap(bySpecies.body.data.rows), day).toEqual(grouped(cells, (s) => s));
      const byPark = await t.request({ url: '/blade-zoo/basic/stock', token, query: { date: day, groupBy: 'park' } });
      expect(asMap(byPark.body.data.rows), day).toEqual(grouped(cells, (_s, c) => parkOfCage.get(c) ?? ''));
      const inB = await t.request({ url: '/blade-zoo/basic/stock', token, query: { date: day, groupBy: 'species', parkId: parkB } });
      expect(asMap(inB.body.data.rows), day).toEqual(grouped(cells, (s, c) => (parkOfCage.get(c) === parkB ? s : undefined)));
    }
    const none = await t.request({ url: '/blade-zoo/basic/stock', token, query: { date: dayAt(-400) } });
    expect(none.body.data).toMatchObject({ rows: [], total: { total: 0, individuals: 0 } });
  });

  it("answers today's stock equal to the registry", async () => {
    const res = await t.request({ url: '/blade-zoo/basic/stock', token, query: { groupBy: 'species' } });
    expect(res.body.data.date).toBe(dayAt(0));
    const { rows } = await t.sql.query(
      `select species_id::text as key, sum(ind)::int individuals, sum(n)::int total from (
         select species_id, 1 ind, 1 n from zoo_animal where tenant_id = $1 and is_deleted = 0 and status = 1
         union all select species_id, 0, male_quantity + female_quantity + they_quantity from zoo_population where tenant_id = $1 and is_deleted = 0) x
        group by 1 having sum(n) > 0`,
      [TENANT],
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(new Map(res.body.data.rows.map((r: any) => [r.key, { individuals: r.individuals, total: r.total }]))).toEqual(
      new Map(rows.map((r) => [r.key, { individuals: r.individuals, total: r.total }])),
    );
  });

  it('groups by class and protection level and filters by class', async () => {
    const day = dayAt(0);
    const cells = replay(log, day);
    const byClass = await t.request({ url: '/blade-zoo/basic/stock', token, query: { groupBy: 'class' } });
    const names = byClass.body.data.rows.map((r: any) => r.name).sort();
    expect(names).toContain('哺乳纲');
    expect(names).toEqual(['哺乳纲', '鸟纲'].filter((x) => names.includes(x)));
    const aves = byClass.body.data.rows.find((r: any) => r.name === '鸟纲');
    if (aves) {
      const onlyBirds = await t.request({ url: '/blade-zoo/basic/stock', token, query: { groupBy: 'species', classId: aves.key } });
      expect(asMap(onlyBirds.body.data.rows)).toEqual(grouped(cells, (s) => (s === crane ? s : undefined)));
    }
    const byLevel = await t.request({ url: '/blade-zoo/basic/stock', token, query: { groupBy: 'protection' } });
    expect(byLevel.body.data.total).toEqual(byClass.body.data.total);
    for (const r of byLevel.body.data.rows) expect(['无', '国家一级', '国家二级']).toContain(r.name);
    expect(byLevel.body.data.rows.length).toBeGreaterThan(0);
  });

  it('answers the movements of a period per species: opening + in − out + other = closing', async () => {
    const from = dayAt(-60);
    const to = dayAt(-20);
    const res = await t.request({ url: '/blade-zoo/basic/species_stock', token, query: { from, to } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const opening = grouped(replay(log, dayAt(-61)), (s) => s);
    const closing = grouped(replay(log, to), (s) => s);
    const inPeriod = (species: string, kind: string) =>
      log
        .filter((r) => r.species_id === species && r.movement_type === kind && r.event_date.slice(0, 10) >= from && r.event_date.slice(0, 10) <= to)
        .reduce((s, r) => s + r.male_quantity + r.female_quantity + r.they_quantity, 0);
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    for (const r of res.body.data.rows) {
      expect(r.opening, r.speciesName).toBe(opening.get(r.speciesId)?.total ?? 0);
      expect(r.closing, r.speciesName).toBe(closing.get(r.speciesId)?.total ?? 0);
      expect([r.born, r.imported, r.exported, r.died, r.cancelled]).toEqual(['born', 'import', 'export', 'die', 'cancel'].map((k) => inPeriod(r.speciesId, k)));
      expect(r.opening + r.born + r.imported + r.census - r.exported - r.died - r.cancelled + r.other).toBe(r.closing);
    }
    expect(res.body.data.total.closing).toBe(res.body.data.rows.reduce((s: number, r: any) => s + r.closing, 0));
  });

  it('exports the period as xlsx whose rows are the screen rows plus a total', async () => {
    const query = { from: dayAt(-60), to: dayAt(0) };
    const screen = await t.request({ url: '/blade-zoo/basic/species_stock', token, query });
    const res = await t.app.inject({ url: `/api/blade-zoo/basic/stock-report?from=${query.from}&to=${query.to}&Blade-Auth=${token}` });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).text).toBe('物种');
    expect(ws.rowCount).toBe(screen.body.data.rows.length + 2);
    screen.body.data.rows.forEach((r: any, i: number) => {
      const row = ws.getRow(i + 2);
      expect([row.getCell(1).text, row.getCell(5).text, row.getCell(13).text]).toEqual([r.speciesName, String(r.opening), String(r.closing)]);
    });
    expect(ws.getRow(ws.rowCount).getCell(13).text).toBe(String(screen.body.data.total.closing));
  });

  it('keeps each zoo to its own ledger', async () => {
    const mine = await t.request({ url: '/blade-zoo/basic/stock', token, query: { groupBy: 'species' } });
    const theirs = await t.request({ url: '/blade-zoo/basic/stock', token: other, query: { groupBy: 'species' } });
    expect(theirs.body.data.rows).toEqual([{ key: deer, name: '梅花鹿', individuals: 0, populationHeads: 50, male: 50, female: 0, unknown: 0, total: 50 }]);
    expect(mine.body.data.total.total).toBe(grouped(replay(log, dayAt(0)), () => 'all').get('all')?.total ?? 0);
    // Another zoo's park as a filter finds nothing, and the home figures count only the caller's rows.
    const cross = await t.request({ url: '/blade-zoo/basic/stock', token: other, query: { parkId: parkA } });
    expect(cross.body.data.rows).toEqual([]);
    const info = await t.request({ url: '/blade-zoo/basic/info', token: other });
    expect(info.body.data).toMatchObject({ animals: 0, populations: 1, populationHeads: 50, species: 1 });
  });

  it('answers the home figures from the registry and the ledger', async () => {
    const res = await t.request({ url: '/blade-zoo/basic/info', token });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const { rows } = await t.sql.query(
      `select (select count(*)::int from zoo_animal where tenant_id = $1 and is_deleted = 0 and status = 1) animals,
              (select count(*)::int from zoo_population where tenant_id = $1 and is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0) populations,
              (select count(*)::int from zoo_stock_log where tenant_id = $1 and event_date >= date_trunc('month', current_date)) as mon,
              (select count(*)::int from zoo_transfer_log where transfer_status = 0 and to_tenant_id = $1) as t_in,
              (select count(*)::int from zoo_transfer_log where transfer_status = 0 and tenant_id = $1) as t_out,
              (select count(*)::int from zoo_humiture_alarm where tenant_id = $1 and is_deleted = 0 and end_time is null) as alarms`,
      [TENANT],
    );
    expect(res.body.data).toMatchObject({
      animals: rows[0].animals,
      populations: rows[0].populations,
      movementsThisMonth: rows[0].mon,
      transfersIn: rows[0].t_in,
      transfersOut: rows[0].t_out,
      openAlarms: rows[0].alarms,
    });
    expect(res.body.data.movementsByMonth).toHaveLength(12);
    expect(res.body.data.movementsByMonth[11].month).toBe(dayAt(0).slice(0, 7));
    const ins = log.filter((r) => ['born', 'import'].includes(r.movement_type) && r.event_date.slice(0, 7) === dayAt(0).slice(0, 7));
    expect(res.body.data.movementsByMonth[11].in).toBe(ins.reduce((s, r) => s + r.male_quantity + r.female_quantity + r.they_quantity, 0));
    const total = res.body.data.stockByClass.reduce((s: number, r: any) => s + r.total, 0);
    expect(total).toBe(grouped(replay(log, dayAt(0)), () => 'all').get('all')?.total ?? 0);
  });
});
