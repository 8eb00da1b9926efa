import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { generateZoos } from './scale';

/**
 * The scale generator on a small run (3 zoos × 2,000 animals): its rows are real rows — row-level security keeps
 * each generated zoo to itself, its users can sign in — and the animal list's kept counts stay exact through
 * creates, updates and removals.
 */
let t: TestApp;
let zoo1: string;
const list = async (token: string, query: Record<string, string> = {}) =>
  (await t.request({ url: '/zoo-animal/animal/list', token, query: { current: '1', size: '10', ...query } })).body;
const dbCount = async (where: string, params: unknown[] = []) =>
  Number((await t.sql.query(`select count(*)::int as n from zoo_animal where is_deleted = 0 and ${where}`, params)).rows[0].n);

beforeAll(async () => {
  t = await startTestApp();
  const stats = await generateZoos(t.database, { zoos: 3, animals: 6000, firstTenant: 310000, logs: 5000 });
  expect(stats.map((s) => [s.tenantId, s.animals, s.logs])).toEqual([
    ['310001', 2000, 5000],
    ['310002', 2000, 5000],
    ['310003', 2000, 5000],
  ]);
  zoo1 = await t.login('admin', 'admin', '310001');
});
afterAll(async () => t?.close());

describe('generated zoos', () => {
  it('fills every zoo with places, keepers, licences, animals with pedigrees and flags, populations — without audit rows', async () => {
    const per = await t.sql.query(`select tenant_id,
        (select count(*) from zoo_park p where p.tenant_id = t.tenant_id)::int as parks,
        (select count(*) from zoo_cage c where c.tenant_id = t.tenant_id)::int as cages,
        (select count(*) from blade_user u where u.tenant_id = t.tenant_id)::int as users,
        (select count(*) from zoo_tenant_species s where s.tenant_id = t.tenant_id)::int as licences,
        (select count(*) from zoo_animal a where a.tenant_id = t.tenant_id and a.sire_id is not null)::int as bred,
        (select count(*) from zoo_animal_flag f where f.tenant_id = t.tenant_id and f.void_time is null)::int as flags,
        (select count(*) from zoo_population p where p.tenant_id = t.tenant_id)::int as populations
      from blade_tenant t where tenant_id like '3100%' order by 1`);
    expect(per.rows).toHaveLength(3);
    for (const r of per.rows) {
      expect(r.parks).toBe(2);
      expect(r.users).toBe(11);
      expect(r.cages).toBeGreaterThan(0);
      expect(r.licences).toBeGreaterThan(0);
      expect(r.bred).toBeGreaterThan(1000);
      expect(r.flags).toBeGreaterThan(2000);
      expect(r.populations).toBeGreaterThan(0);
    }
    // Parents are older, of the right sex and species, in the same zoo.
    const bad = await t.sql.query(`select count(*)::int as n from zoo_animal a
      join zoo_animal s on s.id = a.sire_id join zoo_animal d on d.id = a.dam_id
      where a.species_id <> s.species_id or a.species_id <> d.species_id or s.sex <> 1 or d.sex <> 2
        or s.birth_date >= a.birth_date or d.birth_date >= a.birth_date or s.tenant_id <> a.tenant_id or d.tenant_id <> a.tenant_id`);
    expect(bad.rows[0].n).toBe(0);
    expect((await t.sql.query(`select count(*)::int as n from sys_audit where tenant_id like '3100%'`)).rows[0].n).toBe(0);
  });

  it('gives each zoo keeper logs of its in-stock animals, one per animal and day up to yesterday, shown by the month calendar', async () => {
    const [r] = (
      await t.sql.query(`select count(*)::int n, count(distinct (animal_id, log_date))::int uniq, max(log_date) = current_date - 1 as yesterday,
          bool_and(a.tenant_id = l.tenant_id and a.status = 1) as own
        from zoo_basic_log l join zoo_animal a on a.id = l.animal_id where l.tenant_id = '310001'`)
    ).rows;
    expect(r).toEqual({ n: 5000, uniq: 5000, yesterday: true, own: true });
    const [one] = (
      await t.sql.query(
        `select animal_id::text id, to_char(current_date - 1, 'YYYY-MM') ym from zoo_basic_log where tenant_id = '310001' and log_date = current_date - 1 limit 1`,
      )
    ).rows;
    const [year, month] = (one.ym as string).split('-').map(Number);
    const cal = await t.request({ url: '/zoo/basicLog/detail/month', token: zoo1, query: { year: String(year), month: String(month), animalId: one.id } });
    expect(cal.body.data.days.length).toBeGreaterThan(0);
  });

  it("a generated zoo's administrator sees only its own animals, with an exact total; its keepers can sign in", async () => {
    const page = await list(zoo1, { size: '200' });
    expect(page.data.total).toBe(await dbCount(`tenant_id = '310001'`));
    expect(page.data.records.length).toBe(200);
    expect(new Set(page.data.records.map((r: { tenantId: string }) => r.tenantId))).toEqual(new Set(['310001']));
    // The same local number exists in every zoo: only this zoo's row comes back.
    const same = await list(zoo1, { localNo: 'A0000001' });
    expect(same.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['310001']);
    const other = (await t.sql.query(`select id from zoo_animal where tenant_id = '310002' limit 1`)).rows[0].id;
    expect((await t.request({ url: '/zoo-animal/animal/detail', token: zoo1, query: { id: other } })).body.success).toBe(false);
    const keeper = await t.login('k001', 'keeper', '310002');
    const kPage = await list(keeper);
    expect(kPage.success).toBe(true);
    expect(kPage.data.total).toBe(await dbCount(`tenant_id = '310002'`));
  });

  it('keeps unfiltered and filtered totals exact through create, update and remove', async () => {
    const [sp0, sp1] = (
      await t.sql.query(`select species_id::text as id from zoo_tenant_species where tenant_id = '310001' order by licence_no limit 2`)
    ).rows.map((r) => r.id as string);
    const totals = async () => ({
      all: (await list(zoo1)).data.total as number,
      sp0: (await list(zoo1, { speciesId: sp0! })).data.total as number,
      sp1: (await list(zoo1, { speciesId: sp1! })).data.total as number,
      named: (await list(zoo1, { animalName: '安' })).data.total as number,
    });
    const truth = async () => ({
      all: await dbCount(`tenant_id = '310001'`),
      sp0: await dbCount(`tenant_id = '310001' and species_id = $1`, [sp0]),
      sp1: await dbCount(`tenant_id = '310001' and species_id = $1`, [sp1]),
      named: await dbCount(`tenant_id = '310001' and animal_name like '%安%'`),
    });
    const before = await totals();
    expect(before).toEqual(await truth());
    expect(await totals()).toEqual(before); // served from the kept counts now

    const created = await t.request({
      method: 'POST',
      url: '/zoo-animal/animal/submit',
      token: zoo1,
      body: { speciesId: sp0, localNo: 'NEW-1', animalName: '安安', sex: 1 },
    });
    expect(created.body.success).toBe(true);
    const id = (await t.sql.query(`select id::text from zoo_animal where tenant_id = '310001' and local_no = 'NEW-1'`)).rows[0].id as string;
    expect(await totals()).toEqual({ all: before.all + 1, sp0: before.sp0 + 1, sp1: before.sp1, named: before.named + 1 });

    const moved = await t.request({
      method: 'POST',
      url: '/zoo-animal/animal/submit',
      token: zoo1,
      body: { id, speciesId: sp1, localNo: 'NEW-1', animalName: '乐乐', sex: 1 },
    });
    expect(moved.body.success).toBe(true);
    expect(await totals()).toEqual({ all: before.all + 1, sp0: before.sp0, sp1: before.sp1 + 1, named: before.named });

    const removed = await t.request({ method: 'POST', url: '/zoo-animal/animal/remove', token: zoo1, query: { ids: id } });
    expect(removed.body.success).toBe(true);
    expect(await totals()).toEqual(before);
    expect(await totals()).toEqual(await truth());
    // The other zoos' kept counts did not move.
    const kept = await t.sql.query(`select tenant_id, live::int from sys_row_count where table_name = 'zoo_animal' and tenant_id like '3100%' order by 1`);
    for (const r of kept.rows) expect(r.live).toBe(await dbCount(`tenant_id = $1`, [r.tenant_id]));
  });

  it('a keeper limited by a data scope (own animals by breederId) gets the exact total of what it sees, also right after a change', async () => {
    const keeper = (await t.sql.query(`select id::text, role_id from blade_user where tenant_id = '310001' and account = 'k002'`)).rows[0];
    const menu = (await t.sql.query(`select id::text from blade_menu where code = 'zoo' limit 1`)).rows[0].id;
    const scope = await t.sql.query(
      `insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_column) values ($1, 'animal', '本人饲养', 2, 'breederId') returning id::text`,
      [menu],
    );
    await t.sql.query(`insert into blade_role_scope (tenant_id, scope_category, scope_id, role_id) values ('310001', 1, $1, $2)`, [
      scope.rows[0].id,
      keeper.role_id,
    ]);
    const token = await t.login('k002', 'keeper', '310001');
    const mine = () => dbCount(`tenant_id = '310001' and breeder_id = $1`, [keeper.id]);
    const page = await list(token, { size: '100' });
    expect(page.data.total).toBe(await mine());
    expect(page.data.total).toBeLessThan(await dbCount(`tenant_id = '310001'`));
    expect(page.data.records.every((r: { breederId: string }) => r.breederId === keeper.id)).toBe(true);
    // The administrator gives the keeper one more animal: the keeper's next page counts it.
    const other = (await t.sql.query(`select id::text from zoo_animal where tenant_id = '310001' and is_deleted = 0 and breeder_id <> $1 limit 1`, [keeper.id]))
      .rows[0].id;
    const set = await t.request({ method: 'POST', url: '/zoo-animal/animal/setbreeder', token: zoo1, query: { ids: other, breederId: keeper.id } });
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
    expect((await list(token)).data.total).toBe(page.data.total + 1);
  });
});
