import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page, QUALITY_CHECKS, QualityRow, QualitySummary, type QualityCheck } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCage, makeCageChain, makePopulation, speciesId, uid, zooAdmin } from '../../../../test/zoo-fixtures';
import { runNightlyQuality } from './nightly';
import { DEFAULT_PARAMS, runChecks } from './quality.service';
import { asTenant, inTenant } from '../../../platform/tenancy/tenant-tx';

/**
 * 数据质量 (decision 0047): every check finds a seeded defect and leaves its clean twin alone; a run keeps one count
 * per check and day (a re-run replaces it); the nightly run counts each zoo as that zoo; rights.
 */
let t: TestApp;
let admin: string;
let otherZoo: string;
const ZOO = '347001';
const OTHER = '347002';
let panda: string;
let deer: string;
let venueId: string;
let cage: string;
const clean: Record<string, string> = {};
const bad: Record<string, string> = {};

const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;
const list = async (check: QualityCheck, query: Record<string, string> = {}, token = admin) => {
  const res = await t.request({ url: '/zoo/quality/list', token, query: { check, current: '1', size: '200', ...query } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return Page(QualityRow).parse(res.body.data);
};
const ids = async (check: QualityCheck, query: Record<string, string> = {}) => (await list(check, query)).records.map((r) => r.id);
const run = (query: Record<string, string> = {}, token = admin) => t.request({ method: 'POST', url: '/zoo/quality/run', token, query });
const flag = async (animalId: string) => {
  const res = await t.request({ method: 'POST', url: '/zoo-animal/animalFlag/submit', token: admin, body: { animalId, type: 2, code: `R-${uid()}` } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
};
const log = async (animalId: string, logDate: string) => {
  const res = await t.request({ method: 'POST', url: '/zoo/basicLog/submit', token: admin, body: { animalId, logDate } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
};
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
/** Registered `days` ago (the keeper-log check leaves subjects younger than its N days alone). */
const age = (table: string, id: string, days: number) =>
  q(`update ${table} set create_time = localtimestamp - make_interval(days => $2) where id = $1`, [id, days]);

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, ZOO);
  otherZoo = await zooAdmin(t, OTHER);
  await authorise(t, ZOO, [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  await authorise(t, OTHER, [{ latin: 'Ailuropoda melanoleuca' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  deer = await speciesId(t, 'Cervus nippon');
  const chain = await makeCageChain(t, admin);
  venueId = chain.venueId;
  cage = chain.cageId;
  // The other zoo holds an animal with every defect it can have: never in this zoo's lists or counts.
  const otherCage = (await makeCageChain(t, otherZoo)).cageId;
  await makeAnimal(t, otherZoo, { speciesId: panda, cageId: otherCage, localNo: 'Q-OTHER' });
});
afterAll(async () => t?.close());

describe('data-quality checks', () => {
  it('noIdentifier: an individual in stock without a current identifier, not one with a ring', async () => {
    bad.noId = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-NOID' });
    clean.noId = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 2, localNo: 'Q-RING' });
    await flag(clean.noId);
    const found = await list('noIdentifier');
    expect(found.records.map((r) => r.code)).toContain('Q-NOID');
    expect(found.records.map((r) => r.code)).not.toContain('Q-RING');
    expect(found.records.map((r) => r.code)).not.toContain('Q-OTHER');
    expect(found.records.find((r) => r.id === bad.noId)).toMatchObject({ kind: 'animal', speciesName: '大熊猫' });
    // A voided identifier is no identifier: the ring's row voided by hand (a lost ring).
    await q(`update zoo_animal_flag set void_time = localtimestamp where animal_id = $1`, [clean.noId]);
    expect(await ids('noIdentifier')).toContain(clean.noId);
    await flag(clean.noId);
    expect(await ids('noIdentifier')).not.toContain(clean.noId);
  });

  it('noCage: an individual in stock without a cage; one that left the stock is not counted', async () => {
    bad.noCage = await makeAnimal(t, admin, { speciesId: panda, sex: 1, localNo: 'Q-NOCAGE' });
    const gone = await makeAnimal(t, admin, { speciesId: panda, sex: 1, localNo: 'Q-GONE' });
    await q(`update zoo_animal set status = 3 where id = $1`, [gone]);
    const found = await ids('noCage');
    expect(found).toContain(bad.noCage);
    expect(found).not.toContain(bad.noId);
    expect(found).not.toContain(gone);
  });

  it('parentage: a female sire, a male dam, a parent born after its offspring; a sound pedigree and unknown dates pass', async () => {
    const sire = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-SIRE', birthDate: '2010-05-01', birthPrecision: 1 });
    const dam = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 2, localNo: 'Q-DAM', birthDate: '2011-01-01', birthPrecision: 3 });
    const sound = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-CUB', birthDate: '2018-08-08', sireId: sire, damId: dam });
    const wrong = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 2, localNo: 'Q-CUB2', birthDate: '2012-03-01', sireId: sire, damId: dam });
    // What the forms refuse arrives with old imports: written here as such data would be.
    const late = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 2, localNo: 'Q-LATE', birthDate: '2015-01-01' });
    await q(`update zoo_animal set sire_id = $2, sire_mark = '', dam_id = $3, dam_mark = '' where id = $1`, [wrong, dam, sire]);
    const youngDam = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 2, localNo: 'Q-YDAM', birthDate: '2016-01-01' });
    await q(`update zoo_animal set dam_id = $2, dam_mark = '' where id = $1`, [late, youngDam]);
    // Same year at year precision (the dam "2011" could be born before a child of 2011-12-31): not flagged.
    const sameYear = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-SAME', birthDate: '2011-12-31' });
    await q(`update zoo_animal set dam_id = $2, dam_mark = '' where id = $1`, [sameYear, dam]);
    const rows = (await list('parentage')).records;
    const reasons = Object.fromEntries(rows.map((r) => [r.code, [...r.reasons].sort()]));
    expect(reasons['Q-CUB2']).toEqual(['damMale', 'sireFemale']);
    expect(reasons['Q-LATE']).toEqual(['damYounger']);
    expect(reasons['Q-CUB']).toBeUndefined();
    expect(reasons['Q-SAME']).toBeUndefined();
    // A sire born after the child at day precision.
    await q(`update zoo_animal set birth_date = '2010-01-01' where id = $1`, [sound]);
    expect(Object.fromEntries((await list('parentage')).records.map((r) => [r.code, r.reasons]))['Q-CUB']).toEqual(['sireYounger', 'damYounger']);
    await q(`update zoo_animal set birth_date = '2018-08-08' where id = $1`, [sound]);
    bad.parentage = wrong;
  });

  it('populationLedger: counts that differ from the ledger by sex are found, with both M.F.U; a booked herd is not', async () => {
    const herd = await makePopulation(t, admin, { speciesId: deer, cageId: cage, maleQuantity: 2, femaleQuantity: 3 });
    expect(await ids('populationLedger')).not.toContain(herd);
    const cage2 = await makeCage(t, admin, venueId);
    const drift = await makePopulation(t, admin, { speciesId: deer, cageId: cage2, maleQuantity: 1, femaleQuantity: 1 });
    // Same total, other sexes: only a by-sex comparison sees it.
    await q(`update zoo_population set male_quantity = 2, female_quantity = 0 where id = $1`, [drift]);
    const row = (await list('populationLedger')).records.find((r) => r.id === drift);
    expect(row).toMatchObject({ kind: 'population', stock: '2.0.0', ledger: '1.1.0', speciesName: '梅花鹿' });
    bad.population = drift;
    clean.population = herd;
  });

  it('noKeeperLog: held N days without a log (N a parameter, default 7); logged, or newly arrived, is not', async () => {
    const quiet = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-QUIET' });
    const logged = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-LOGGED' });
    const fresh = await makeAnimal(t, admin, { speciesId: panda, cageId: cage, sex: 1, localNo: 'Q-FRESH' });
    await age('zoo_animal', quiet, 30);
    await age('zoo_animal', logged, 30);
    await log(quiet, day(-10));
    await log(logged, day(-3));
    await age('zoo_population', clean.population, 30);
    let rows = (await list('noKeeperLog')).records;
    const quietRow = rows.find((r) => r.id === quiet);
    expect(quietRow).toMatchObject({ kind: 'animal', date: day(-10), days: 10 });
    expect(rows.find((r) => r.id === clean.population)).toMatchObject({ kind: 'population', date: '', days: '' });
    expect(rows.map((r) => r.id)).not.toContain(logged);
    expect(rows.map((r) => r.id)).not.toContain(fresh);
    // N = 2: the log of 3 days ago is too old now; N = 11: the quiet one's log of 10 days ago is recent enough.
    rows = (await list('noKeeperLog', { logDays: '2' })).records;
    expect(rows.map((r) => r.id)).toContain(logged);
    expect(await ids('noKeeperLog', { logDays: '11' })).not.toContain(quiet);
    bad.quiet = quiet;
  });

  it('cageNoSensor: a cage holding animals without a live sensor key; an empty cage or a keyed one is not', async () => {
    const empty = await makeCage(t, admin, venueId);
    const keyed = await makeCage(t, admin, venueId);
    await makeAnimal(t, admin, { speciesId: panda, cageId: keyed, sex: 1, localNo: 'Q-KEYED' });
    const gen = await t.request({ method: 'POST', url: '/zoo-cage/humiture/device/generate', token: admin, query: { cageId: keyed } });
    expect(gen.body.success, JSON.stringify(gen.body)).toBe(true);
    const found = await ids('cageNoSensor');
    expect(found).toContain(cage);
    expect(found).not.toContain(empty);
    expect(found).not.toContain(keyed);
    bad.cage = cage;
  });

  it('permitExpiring: a permit ending within the days (default 60); one ending later, or already expired, is not', async () => {
    const permit = async (permitNo: string, validTo: string, validFrom = '2020-01-01') => {
      const res = await t.request({
        method: 'POST',
        url: '/zoo-permit/permit/submit',
        token: admin,
        body: { kind: 3, permitNo, issuingAuthority: '测试发证机关', validFrom, validTo, lines: [{ speciesId: panda, quantity: 1 }] },
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return (await q(`select id::text from zoo_permit where permit_no = $1`, [permitNo]))[0].id as string;
    };
    const soon = await permit('Q-SOON', day(20));
    const later = await permit('Q-LATER', day(200));
    const expired = await permit('Q-EXPIRED', day(-1));
    // Not in force yet: the permits module's "expiring" (home card, reminders) leaves it out, and so does the board.
    const notYet = await permit('Q-NOT-YET', day(30), day(10));
    const rows = (await list('permitExpiring')).records;
    expect(rows.map((r) => r.id)).not.toContain(notYet);
    expect(rows.find((r) => r.id === soon)).toMatchObject({ kind: 'permit', code: 'Q-SOON', date: day(20), days: 20, permitKind: 3 });
    expect(rows.map((r) => r.id)).not.toContain(later);
    expect(rows.map((r) => r.id)).not.toContain(expired);
    expect(await ids('permitExpiring', { permitDays: '365' })).toContain(later);
    bad.permit = soon;
  });

  it('pages a check: records, total, size and current as the contract says', async () => {
    const page = await list('noKeeperLog', { size: '1', current: '2' });
    expect(page.records).toHaveLength(1);
    expect(page).toMatchObject({ size: 1, current: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const past = await list('noKeeperLog', { size: '10', current: '99' });
    expect(past.records).toEqual([]);
    expect(past.total).toBe(page.total);
  });

  it('refuses bad input with a Chinese message, never a 500', async () => {
    const bad1 = await t.request({ url: '/zoo/quality/list', token: admin, query: { check: 'nope' } });
    expect(bad1.body).toMatchObject({ code: 400, msg: expect.stringContaining('检查项取值不正确') });
    const bad2 = await t.request({ url: '/zoo/quality/list', token: admin, query: { check: 'noKeeperLog', logDays: '0' } });
    expect(bad2.body).toMatchObject({ code: 400, msg: expect.stringContaining('未记日志天数不能小于1') });
    const bad3 = await run({ permitDays: 'x' });
    expect(bad3.body).toMatchObject({ code: 400, msg: expect.stringContaining('到期提醒天数必须是整数') });
  });
});

describe('runs and history', () => {
  it('a run keeps one count per check for today; a re-run the same day replaces it; the summary shows it', async () => {
    const before = QualitySummary.parse((await t.request({ url: '/zoo/quality/summary', token: admin })).body.data);
    expect(before.runTime).toBe('');
    expect(before.checks.every((c) => c.count === -1)).toBe(true);
    const first = await run();
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    const counts = Object.fromEntries(first.body.data.checks.map((c: { check: string; count: number }) => [c.check, c.count]));
    for (const check of Object.keys(counts) as QualityCheck[]) expect(counts[check], check).toBe((await list(check)).total);
    expect(counts.noIdentifier).toBeGreaterThan(0);
    // Fixed: the animal gets a ring; the list drops it at once, the kept count at the next run.
    await flag(bad.noId);
    expect(await ids('noIdentifier')).not.toContain(bad.noId);
    const second = await run({ check: 'noIdentifier' });
    expect(second.body.data.checks).toEqual([{ check: 'noIdentifier', count: counts.noIdentifier - 1 }]);
    const kept = await q(`select check_code, count, param from zoo_quality_day where tenant_id = $1 and day = current_date order by check_code`, [ZOO]);
    expect(kept).toHaveLength(7);
    expect(kept.find((k) => k.check_code === 'noIdentifier')).toMatchObject({ count: counts.noIdentifier - 1 });
    expect(kept.find((k) => k.check_code === 'noKeeperLog')).toMatchObject({ param: 7 });
    const summary = QualitySummary.parse((await t.request({ url: '/zoo/quality/summary', token: admin })).body.data);
    expect(summary).toMatchObject({ day: day(0), logDays: 7, permitDays: 60 });
    expect(summary.checks.find((c) => c.check === 'noIdentifier')!.count).toBe(counts.noIdentifier - 1);
    // The history lists the days' counts through the read-only resource.
    const hist = await t.request({ url: '/zoo/quality/history/list', token: admin, query: { current: '1', size: '50', check_equal: 'noIdentifier' } });
    expect(hist.body.data.records).toEqual([expect.objectContaining({ day: day(0), check: 'noIdentifier', count: counts.noIdentifier - 1 })]);
  });

  it('the nightly run counts each zoo with none kept today, as that zoo, once a day', async () => {
    await q(`delete from zoo_quality_day where tenant_id in ($1, $2)`, [ZOO, OTHER]);
    expect(await runNightlyQuality(t.database.db)).toBeGreaterThanOrEqual(2);
    const other = await q(`select check_code, count from zoo_quality_day where tenant_id = $1 and check_code in ('noIdentifier', 'cageNoSensor')`, [OTHER]);
    // The other zoo's one animal without an identifier in its one cage without a sensor, nothing of this zoo's.
    expect(other).toEqual(
      expect.arrayContaining([
        { check_code: 'noIdentifier', count: 1 },
        { check_code: 'cageNoSensor', count: 1 },
      ]),
    );
    const mine = await q(`select count from zoo_quality_day where tenant_id = $1 and check_code = 'noIdentifier'`, [ZOO]);
    expect(mine[0].count).toBe((await list('noIdentifier')).total);
    expect(await runNightlyQuality(t.database.db)).toBe(0);
    expect((await q(`select count(*)::int n from zoo_quality_day where tenant_id = $1`, [ZOO]))[0].n).toBe(7);
  });

  it("a nightly run that raced a user's run (both saw no count today) keeps the user's count and parameter", async () => {
    // The user's run, with 3 days without a log, committed after the nightly run chose this zoo.
    await q(`update zoo_quality_day set count = 999, param = 3 where tenant_id = $1 and check_code = 'noKeeperLog' and day = current_date`, [ZOO]);
    await inTenant(t.database.db, { tenantId: '000000', allTenants: true, audit: false }, (tx) =>
      tx.transaction((sp) => asTenant(sp, ZOO, () => runChecks(sp, QUALITY_CHECKS, DEFAULT_PARAMS, 'fillMissing'))),
    );
    expect(await q(`select count, param from zoo_quality_day where tenant_id = $1 and check_code = 'noKeeperLog' and day = current_date`, [ZOO])).toEqual([
      { count: 999, param: 3 },
    ]);
  });

  it('rights: no 数据质量 menu → 403 on every call; the menu without 立即检查 → 403 on the run', async () => {
    const { roleId } = await createTenantUser(t.sql, { tenantId: ZOO, account: 'q_keeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('q_keeper', 'pw', ZOO);
    expect((await t.request({ url: '/zoo/quality/summary', token: keeper })).status).toBe(403);
    expect((await t.request({ url: '/zoo/quality/list', token: keeper, query: { check: 'noCage' } })).status).toBe(403);
    expect((await t.request({ url: '/zoo/quality/history/list', token: keeper })).status).toBe(403);
    expect((await run({}, keeper)).status).toBe(403);
    await q(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = 'quality'`, [ZOO, roleId]);
    const again = await t.login('q_keeper', 'pw', ZOO);
    expect((await t.request({ url: '/zoo/quality/summary', token: again })).status).toBe(200);
    expect((await run({}, again)).status).toBe(403);
  });
});
