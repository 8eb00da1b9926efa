import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDose } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../test/harness';
import { seed } from '.';
import { DEMO_LICENCES, demoLicenceDates } from './zoo-demo-data';

let t: TestApp;
const counts = async () =>
  (
    await t.sql.query(`select
      (select count(*)::int from zoo_taxonomy) taxa, (select count(*)::int from zoo_species) species,
      (select count(*)::int from blade_tenant where tenant_id = '100000') tenants, (select count(*)::int from blade_user where tenant_id = '100000') users,
      (select count(*)::int from blade_role where tenant_id = '100000') roles, (select count(*)::int from blade_role_menu where tenant_id = '100000') grants,
      (select count(*)::int from zoo_tenant_species) licences, (select count(*)::int from zoo_park) parks, (select count(*)::int from zoo_venue) venues,
      (select count(*)::int from zoo_cage) cages, (select count(*)::int from zoo_animal) animals, (select count(*)::int from zoo_animal_flag) flags,
      (select count(*)::int from zoo_population) populations, (select count(*)::int from zoo_cage_breeder) breeders,
      (select count(*)::int from zoo_basic_log) logs, (select count(*)::int from zoo_humiture) readings,
      (select count(*)::int from zoo_med_drug) drugs, (select count(*)::int from zoo_med_weight) weights, (select count(*)::int from zoo_med_case) cases,
      (select count(*)::int from zoo_med_treatment) treatments, (select count(*)::int from zoo_breed_oestrus) oestrus,
      (select count(*)::int from zoo_breed_event) breedEvents, (select count(*)::int from zoo_breed_semen) semen`)
  ).rows[0];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('zoo seed', () => {
  it('is idempotent: a second and third start add nothing', async () => {
    await seed(t.database, { demo: true });
    // admin, two keepers, the vet, and the approvers curator and director (workflow demo); roles admin, keeper, vet, curator, director
    const first = await counts();
    expect(first).toMatchObject({
      readings: 10 * 365 * 24,
      taxa: 136,
      species: 46,
      tenants: 1,
      users: 6,
      roles: 5,
      licences: 16,
      parks: 2,
      venues: 7,
      cages: 15,
      animals: 34,
      flags: 19,
      populations: 5,
      breeders: 4,
      oestrus: 8,
      breedevents: 2,
      semen: 1,
    });
    await seed(t.database, { demo: true });
    await seed(t.database, { demo: true });
    expect(await counts()).toEqual(first);
    // Species comfort ranges for the demo species (the humiture chart's band, the alarms' bounds).
    const panda = (await t.sql.query(`select temp_min, temp_max, humidity_min, humidity_max from zoo_species where latin_name = 'Ailuropoda melanoleuca'`))
      .rows[0];
    expect(panda).toEqual({ temp_min: 0, temp_max: 26, humidity_min: 40, humidity_max: 80 });
  });

  it('gives the demo zoo one transfer in each state to a second demo zoo, the accepted animal on both sides', async () => {
    const states = await t.sql.query(`select transfer_status s, tenant_id, to_tenant_id from zoo_transfer_log order by transfer_status`);
    expect(states.rows).toEqual([0, 1, 2, 3].map((s) => ({ s, tenant_id: '100000', to_tenant_id: '100001' })));
    const both = await t.sql.query(`select tenant_id, status from zoo_animal where local_no = 'C002' order by tenant_id`);
    expect(both.rows).toEqual([
      { tenant_id: '100000', status: 5 },
      { tenant_id: '100001', status: 1 },
    ]);
    const held = await t.sql.query(`select pending_male, pending_female from zoo_population p join zoo_cage c on c.id = p.cage_id where c.cage_code = 'PR-02'`);
    expect(held.rows).toEqual([{ pending_male: 2, pending_female: 3 }]);
    const token = await t.login('admin', 'admin', '100001');
    const incoming = await t.request({ url: '/zoo-transfer/transferLog/list', token, query: { direction: 'in', current: '1', size: '10' } });
    expect(incoming.body.data.total).toBe(4);
  });

  it('does not bring back platform rows an administrator removed or change ones they edited', async () => {
    await t.sql.query(`update zoo_species set remark = '管理员已核对' where latin_name = 'Panthera uncia'`);
    await seed(t.database, { demo: false });
    expect((await t.sql.query(`select remark from zoo_species where latin_name = 'Panthera uncia'`)).rows[0].remark).toBe('管理员已核对');
  });

  it('replays a giant-panda season for the demo zoo admin: oestrus with a peak, a pairing and an AI from the semen bank', async () => {
    const token = await t.login('admin', 'admin', '100000');
    const routes = JSON.stringify((await t.request({ url: '/blade-system/menu/routes', token })).body.data);
    for (const code of ['breed_season', 'breed_oestrus', 'breed_event', 'breed_semen']) expect(routes).toContain(code);
    const { rows } = await t.sql.query(
      `select o.animal_id::text, o.species_id::text, extract(year from o.obs_date)::int y from zoo_breed_oestrus o where tenant_id = '100000' limit 1`,
    );
    const { animal_id: animalId, species_id: speciesId, y } = rows[0];
    const series = await t.request({ url: '/zoo-breeding/oestrus/series', token, query: { animalId, year: String(y) } });
    expect(series.body.data.peak).toMatchObject({ oestrogen: 121.4, unit: 'ng/mg Cr' });
    const board = await t.request({ url: '/zoo-breeding/season', token, query: { speciesId, year: String(y) } });
    expect(board.body.data.summary).toMatchObject({ observedInOestrus: 1, bred: 1, naturalPairings: 1, inseminations: 1 });
    const semen = await t.request({ url: '/zoo-breeding/semen/list', token, query: { current: '1', size: '10' } });
    expect(semen.body.data.records).toMatchObject([{ sampleNo: 'GRB-DXM-0012', straws: 4 }]);
  });

  it('goes on past the insemination: pregnancy, twins booked as one birth movement, the swap log, 60 days of weights against the curve', async () => {
    const token = await t.login('admin', 'admin', '100000');
    const preg = await t.sql.query(
      `select p.preg_status s, p.method, (p.check_date - e.event_date)::int after_ai, (p.expected_to - p.expected_from)::int w
         from zoo_breed_pregnancy p join zoo_breed_event e on e.id = p.event_id where p.tenant_id = '100000' order by p.check_date`,
    );
    expect(preg.rows).toEqual([
      { s: 1, method: 2, after_ai: 75, w: 117 },
      { s: 2, method: 1, after_ai: 126, w: 117 },
    ]);
    const [litter] = (
      await t.sql.query(
        `select l.id::text, l.rearing, l.birth_date::text birth, (l.birth_date - e.event_date)::int gestation, l.stock_log_ids, l.cubs, d.local_no dam
           from zoo_breed_litter l join zoo_breed_event e on e.id = l.event_id join zoo_animal d on d.id = l.dam_id where l.tenant_id = '100000'`,
      )
    ).rows;
    expect(litter).toMatchObject({ rearing: 3, gestation: 140, dam: 'P006' });
    // One birth movement of the two cubs: its ledger rows are the litter's, dated the birth, the cubs in stock with their dam.
    const born = await t.sql.query(
      `select a.local_no, a.status, d.local_no dam, s.local_no sire, l.id::text log, to_char(l.event_date, 'YYYY-MM-DD') on_day, to_char(a.birth_date, 'YYYY-MM-DD') birth
         from zoo_stock_log l join zoo_animal a on a.id = l.animal_id join zoo_animal d on d.id = a.dam_id left join zoo_animal s on s.id = a.sire_id
        where l.movement_type = 'born' and l.tenant_id = '100000' and l.animal_type = 1 order by a.local_no`,
    );
    expect(born.rows.map((r) => [r.local_no, r.status, r.dam, r.sire, r.on_day, r.birth])).toEqual([
      ['P007', 1, 'P006', 'P002', litter.birth, litter.birth],
      ['P008', 1, 'P006', 'P002', litter.birth, litter.birth],
    ]);
    expect(born.rows.map((r) => r.log).sort()).toEqual([...litter.stock_log_ids].sort());
    const swaps = await t.sql.query(
      `select count(*)::int n, count(distinct placement)::int places from zoo_breed_cub_log where kind = 2 and tenant_id = '100000'`,
    );
    expect(swaps.rows[0]).toEqual({ n: 60, places: 2 });
    // 60 daily weights each, birth weight first, the last one yesterday at the latest; giant-panda neonatal figures.
    const weights = await t.sql.query(
      `select a.local_no, count(*)::int n, count(distinct w.weigh_date)::int days, min(w.weigh_date)::text first, max(w.weigh_date) < current_date past,
              (array_agg(w.weight_kg * 1000 order by w.weigh_date))[1]::float8 g0, (array_agg(w.weight_kg * 1000 order by w.weigh_date desc))[1]::float8 g59
         from zoo_med_weight w join zoo_animal a on a.id = w.animal_id where a.local_no in ('P007', 'P008') and a.tenant_id = '100000' group by a.local_no order by 1`,
    );
    expect(weights.rows.map((r) => [r.local_no, r.n, r.days, r.first, r.past, r.g0])).toEqual([
      ['P007', 60, 60, litter.birth, true, 168],
      ['P008', 60, 60, litter.birth, true, 121],
    ]);
    for (const r of weights.rows) expect(r.g59).toBeGreaterThan(2500);
    // The growth chart: the curve, the stronger twin on it, the lighter one behind it (the demo's alert).
    const growth = await t.request({ url: '/zoo-breeding/litter/growth', token, query: { id: litter.id } });
    const { cubs, curve, behindPercent } = growth.body.data;
    expect(behindPercent).toBe(80);
    expect(curve.map((p: any) => p.ageDays)).toEqual([0, 7, 14, 21, 30, 45, 60]);
    expect(cubs.map((c: any) => [c.name, c.losing, c.behind, c.swaps])).toEqual([
      ['安宝 (P007)', false, false, 30],
      ['安贝 (P008)', false, true, 30],
    ]);
    expect(cubs[1].percentOfCurve).toBeGreaterThan(75);
    expect(cubs[1].percentOfCurve).toBeLessThan(80);
  });

  it('lets the demo zoo admin (100000 admin/admin) work with its data, menus included', async () => {
    const token = await t.login('admin', 'admin', '100000');
    const routes = await t.request({ url: '/blade-system/menu/routes', token });
    expect(routes.body.data.map((m: any) => m.code)).toEqual(expect.arrayContaining(['desk', 'zoo']));
    const animals = await t.request({ url: '/zoo-animal/animal/list', token, query: { size: '100' } });
    expect(animals.body.data.total).toBe(33);
    const cub = animals.body.data.records.find((a: any) => a.localNo === 'P005');
    expect(cub).toMatchObject({ sireName: '乐乐 (P003)', damName: '安安 (P006)', speciesName: '大熊猫', cageCode: 'PD-01', breederName: '李饲养' });
    const flags = await t.request({ url: '/zoo-animal/animalFlag/list', token, query: { type: '1', size: '100' } });
    const p001 = flags.body.data.records.filter((f: any) => f.localNo === 'P001');
    expect(p001.map((f: any) => [f.version, f.isoCompliant, f.current])).toEqual([
      [2, 1, true],
      [1, 0, false],
    ]);
    const species = await t.request({ url: '/zoo-species/species/list', token, query: { size: '100' } });
    const byName = new Map(species.body.data.records.map((r: any) => [r.speciesName, r]));
    expect(byName.get('华南虎')).toMatchObject({ licenceState: 'expired', totalQuantity: 0 });
    expect(byName.get('大熊猫')).toMatchObject({ individualCount: 8, licenceState: 'valid' });
    expect(byName.get('猕猴')).toMatchObject({ populationQuantity: 35 });
    const tree = await t.request({ url: '/blade-zoo/park/tree/venue', token, query: { withCage: 'true' } });
    expect(tree.body.data[0]).toMatchObject({ title: '示范动物园主园区', type: 'park' });
    expect(tree.body.data[0].children).toHaveLength(6);
    const keeper = await t.login('keeper1', 'keeper1', '100000');
    const keeperMenus = await t.request({ url: '/blade-system/menu/routes', token: keeper });
    expect(keeperMenus.body.data.map((m: any) => m.code)).toContain('zoo');
  });

  it('gives the demo zoo a year of movements whose replay is its current stock', async () => {
    const pops = await t.sql.query(`select p.id, p.male_quantity m, p.female_quantity f, p.they_quantity u,
        coalesce((select sum(case when l.to_population_id = p.id then l.male_quantity else -l.male_quantity end) from zoo_stock_log l where l.to_population_id = p.id or l.population_id = p.id), 0)::int rm,
        coalesce((select sum(case when l.to_population_id = p.id then l.female_quantity else -l.female_quantity end) from zoo_stock_log l where l.to_population_id = p.id or l.population_id = p.id), 0)::int rf,
        coalesce((select sum(case when l.to_population_id = p.id then l.they_quantity else -l.they_quantity end) from zoo_stock_log l where l.to_population_id = p.id or l.population_id = p.id), 0)::int ru
      from zoo_population p where p.tenant_id = '100000' and p.is_deleted = 0`);
    expect(pops.rows.length).toBe(5);
    for (const p of pops.rows) expect([p.rm, p.rf, p.ru]).toEqual([p.m, p.f, p.u]);
    const animals = await t.sql.query(`select a.local_no, a.status, a.cage_id::text cage, l.status_after, coalesce(l.to_cage_id, l.from_cage_id)::text lcage
      from zoo_animal a join lateral (select * from zoo_stock_log x where x.animal_id = a.id order by x.id desc limit 1) l on true where a.tenant_id = '100000'`);
    expect(animals.rows.length).toBe(33);
    for (const a of animals.rows) expect([a.local_no, a.status_after, a.status === 1 ? a.lcage : a.cage]).toEqual([a.local_no, a.status, a.cage]);
    const kinds = await t.sql.query(`select distinct movement_type from zoo_stock_log where tenant_id = '100000' order by 1`);
    expect(kinds.rows.map((r) => r.movement_type)).toEqual(['born', 'cancel', 'census', 'die', 'export', 'import', 'move']);
    const span = await t.sql.query(`select max(event_date) - min(event_date) > interval '300 days' as year from zoo_stock_log where tenant_id = '100000'`);
    expect(span.rows[0].year).toBe(true);
  });

  it('dates the demo from today: licences valid a year ahead at least (华南虎 expired), history ending yesterday', async () => {
    const days = (a: string, b: string) => (Date.parse(`${b.slice(0, 10)}T00:00:00Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
    // Any day of any year, not only today: the first and last of a year, a leap day, far ahead.
    for (const today of ['2026-01-01', '2026-12-31', '2028-02-29', '2041-07-15'])
      for (const [latin, , , from, to] of DEMO_LICENCES) {
        const d = demoLicenceDates(from, to, today);
        expect(days(d.validFrom, today), `${latin} on ${today}`).toBeGreaterThanOrEqual(0);
        if (latin === 'Panthera tigris amoyensis') expect(days(today, d.validTo!), `${latin} on ${today}`).toBeLessThan(0);
        else if (d.validTo !== null) expect(days(today, d.validTo), `${latin} on ${today}`).toBeGreaterThanOrEqual(365);
      }
    // What the seed wrote, against the database's today: both demo zoos.
    const licences = (
      await t.sql.query(`select l.tenant_id, s.latin_name, licence_state(l.valid_from, l.valid_to) state,
        l.valid_to is null or l.valid_to >= current_date + 365 ahead from zoo_tenant_species l join zoo_species s on s.id = l.species_id
      where l.tenant_id in ('100000', '100001') and l.is_deleted = 0`)
    ).rows;
    expect(licences.length).toBe(16);
    for (const l of licences)
      expect(l, l.latin_name).toMatchObject(
        l.latin_name === 'Panthera tigris amoyensis' ? { state: 'expired', ahead: false } : { state: 'valid', ahead: true },
      );
    const last = (
      await t.sql.query(`select
        -- The demo's accepted transfer is carried out while seeding (its rows are dated then); the year before ends yesterday.
        (select max(event_date)::date < current_date from zoo_stock_log where tenant_id = '100000' and transfer_id is null) ledger,
        (select max(log_date) = current_date - 1 from zoo_basic_log where tenant_id = '100000') logs,
        (select max(read_time) < localtimestamp and min(read_time) > localtimestamp - interval '366 days' from zoo_humiture) readings`)
    ).rows[0];
    expect(last).toEqual({ ledger: true, logs: true, readings: true });
  });

  it('gives the demo zoo weeks of keeper logs up to yesterday, and lets its keepers log today', async () => {
    const logs = (
      await t.sql.query(`select count(*)::int n, min(log_date)::text lo, max(log_date)::text hi, count(distinct animal_id)::int subjects,
      bool_and(log_date < current_date) past from zoo_basic_log where tenant_id = '100000'`)
    ).rows[0];
    // 28 animals in stock in cages + 5 populations, 56 days, about 1 in 12 days missed.
    expect(logs.subjects).toBe(33);
    expect(logs.n).toBeGreaterThan(33 * 56 * 0.85);
    expect(logs.n).toBeLessThan(33 * 56);
    expect(logs.past).toBe(true);
    const keeper = await t.login('keeper1', 'keeper1', '100000');
    expect((await t.request({ url: '/zoo/basicLog/today/percent', token: keeper })).body.data).toEqual({ total: 12, logged: 0, percent: 0 });
    const round = (await t.request({ url: '/zoo/basicLog/today/round', token: keeper })).body.data;
    expect(round.items.find((i: any) => i.animalName === '美美 (P001)').lastDiet.map((d: any) => d.food)).toEqual(['竹子', '竹笋', '窝窝头']);
    const p001 = round.items.find((i: any) => i.animalName === '美美 (P001)').animalId;
    expect((await t.request({ method: 'POST', url: '/zoo/basicLog/submit', token: keeper, body: { animalId: p001, logDate: round.day } })).body.success).toBe(
      true,
    );
    expect((await t.request({ url: '/zoo/basicLog/today/percent', token: keeper })).body.data).toEqual({ total: 12, logged: 1, percent: 8 });
  });
  it('gives the demo vet (vet1) the medical records: a formulary, weights, a closed tiger case dosed by weight; keepers none', async () => {
    const get = (token: string, url: string, query: Record<string, string> = {}) => t.request({ url: `/zoo-medical/${url}`, token, query });
    const vet = await t.login('vet1', 'vet1', '100000');
    const cases = await get(vet, 'case/list', { current: '1', size: '10' });
    expect(cases.body.data.records.map((r: any) => r.animalName).sort()).toEqual(['乐乐 (P003)', '威威 (T001)']);
    const tiger = cases.body.data.records.find((r: any) => r.animalName === '威威 (T001)');
    expect(tiger).toMatchObject({ caseStatus: 3, outcome: 1, treatmentCount: 2 });
    const treatments = await get(vet, 'treatment/list', { caseId: tiger.id });
    expect(treatments.body.data.records).toHaveLength(2);
    for (const r of treatments.body.data.records)
      expect(computeDose({ mgPerKg: r.doseMgKg, weightKg: r.weightKg, concentration: r.concentration, concentrationUnit: r.concentrationUnit })).toEqual({
        doseMg: r.doseMg,
        amount: r.amount,
      });
    const panda = (await t.sql.query(`select id::text from zoo_animal where tenant_id = '100000' and local_no = 'P001'`)).rows[0].id;
    expect((await get(vet, 'weight/series', { animalId: panda })).body.data.points).toHaveLength(7);
    expect((await get(vet, 'drug/list')).body.data.total).toBe(5);
    const keeper = await t.login('keeper1', 'keeper1', '100000');
    expect((await get(keeper, 'case/list')).status).toBe(403);
  });

  it('gives the demo vet an arrival in quarantine, a necropsy, the tiger’s anaesthesia, the cranes’ schedule and a keeper’s alert', async () => {
    const get = (token: string, url: string, query: Record<string, string> = {}) => t.request({ url: `/zoo-medical/${url}`, token, query });
    const vet = await t.login('vet1', 'vet1', '100000');
    const home = (await get(vet, 'home')).body.data;
    expect(home.keeperAlerts.map((a: any) => a.animalName)).toContain('红红 (C002)');
    expect(home.vaccinationsDue.map((v: any) => `${v.animalName} ${v.days}`)).toContain('丹丹 (C001) 10');
    expect(home.vaccinationsDue.map((v: any) => `${v.animalName} ${v.days}`)).toContain('丹丹 (C001) -5');
    const q = (await get(vet, 'quarantine/list', { quarantineStatus: '1' })).body.data.records;
    expect(q).toEqual([expect.objectContaining({ animalName: '青青 (C010)', days: 30, cageName: '鸟类隔离检疫舍(Q-01)' })]);
    const n = (await get(vet, 'necropsy/list')).body.data.records;
    expect(n).toEqual([expect.objectContaining({ disposal: 3, authorityRef: '示林护〔2024〕12号' })]);
    const a = (await get(vet, 'anaesthesia/list')).body.data.records;
    expect(a).toEqual([expect.objectContaining({ animalName: '威威 (T001)', procedure: '左上犬齿拔除' })]);
    expect((await get(vet, 'administration/list')).body.data.total).toBe(2);
    expect((await get(vet, 'administration/round')).body.data.doses).toHaveLength(2);
    // The giant panda's haematology intervals (demonstration values), and a result without its own taking one.
    const refs = (await get(vet, 'lab-ref/list', { size: '50' })).body.data.records;
    expect(refs.map((r: any) => `${r.speciesName} ${r.testName} ${r.unit} ${r.refLow}-${r.refHigh}`)).toContain('大熊猫 血红蛋白(HGB) g/L 110-170');
    expect(refs).toHaveLength(5);
    const panda = (await t.sql.query(`select id::text from zoo_animal where tenant_id = '100000' and local_no = 'P001'`)).rows[0].id;
    const interval = (await get(vet, 'lab-ref/match', { animalId: panda, testName: '血红蛋白(HGB)', unit: 'g/L' })).body.data;
    expect(interval).toMatchObject({ refLow: 110, refHigh: 170 });
  });
});
