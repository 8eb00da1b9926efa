import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { hashPlain } from '../platform/auth/password';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { bladeMenu } from '../platform/access/access.tables';
import { bladeParam } from '../platform/param/param.tables';
import { zooSpecies } from '../modules/zoo/zoo.tables';
import { ensureRole, keeperMenus, subtree } from './zoo-demo';

/**
 * Synthetic zoos for benchmarks and scale tests (`npm run seed:scale`): every row goes through the real schema
 * (row-level security, defaults, triggers), in set-based statements (INSERT … SELECT generate_series), with the
 * audit trail off. Each zoo is one transaction, so an interrupted run leaves whole zoos only.
 */
export interface ScaleOptions {
  zoos: number;
  /** Animals over all zoos, split evenly (the first zoos take the remainder). */
  animals: number;
  /** Licensed species per zoo (taken from the platform library). */
  species?: number;
  keepers?: number;
  /** First tenant id (6 digits); zoo i gets firstTenant + i. */
  firstTenant?: number;
  /** Keeper logs per zoo: one per in-stock animal and day, going back from yesterday (month-view benchmark). */
  logs?: number;
  log?: (line: string) => void;
}

export interface ZooStats {
  tenantId: string;
  animals: number;
  flags: number;
  logs: number;
  skipped: boolean;
}

const NAME_CHARS = '安宝晨丹福贵禾华吉佳康乐良美明宁平琪庆瑞珊顺泰甜旺喜祥欣雅盈悦珍'.split('');

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** One array parameter (drizzle would spread a JS array into a list of parameters). */
const arr = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Tenant row, root department, post, admin and keeper roles, the admin (password admin) and keepers (password keeper). */
async function tenantBasics(tx: Tx, tenantId: string, name: string, keepers: number, hashes: { admin: string; keeper: string }) {
  await tx.execute(sql`insert into blade_tenant (tenant_id, tenant_name, linkman, contact_number, address, account_number)
    values (${tenantId}, ${name}, '园长', '13900000000', ${`${name}路1号`}, -1)`);
  const menus = await tx
    .select({ id: bladeMenu.id, parentId: bladeMenu.parentId, code: bladeMenu.code, category: bladeMenu.category, alias: bladeMenu.alias })
    .from(bladeMenu)
    .where(eq(bladeMenu.isDeleted, 0));
  const [param] = await tx
    .select({ v: bladeParam.paramValue })
    .from(bladeParam)
    .where(and(eq(bladeParam.paramKey, 'tenant.default.menuCode'), eq(bladeParam.isDeleted, 0)));
  const adminRole = await ensureRole(
    tx,
    'admin',
    '管理员',
    subtree(
      menus,
      (param?.v ?? 'zoo').split(',').map((s) => s.trim()),
    ),
  );
  const keeperRole = await ensureRole(tx, 'keeper', '饲养员', keeperMenus(menus));
  const [dept] = rows<{ id: string }>(
    await tx.execute(sql`insert into blade_dept (dept_name, full_name, dept_category, sort) values (${name}, ${name}, 1, 1) returning id::text`),
  );
  const [post] = rows<{ id: string }>(
    await tx.execute(sql`insert into blade_post (category, post_code, post_name, sort) values (1, 'ceo', '首席执行官', 1) returning id::text`),
  );
  await tx.execute(sql`insert into blade_user (account, password, name, real_name, role_id, dept_id, post_id)
    values ('admin', ${hashes.admin}, '园区管理员', '园区管理员', ${adminRole}, ${dept!.id}, ${post!.id})`);
  return rows<{ id: string }>(
    await tx.execute(sql`insert into blade_user (account, password, name, real_name, role_id, dept_id, post_id)
      select 'k' || lpad(g::text, 3, '0'), ${hashes.keeper}, '饲养员' || g, '饲养员' || g, ${keeperRole}, ${dept!.id}, ${post!.id}
      from generate_series(1, ${keepers}) g order by g returning id::text`),
  ).map((r) => r.id);
}

/** Two parks, four venues each, `cages` cages spread over them; each cage gets one keeper. */
async function places(tx: Tx, name: string, cages: number, keeperIds: string[]) {
  const parks = rows<{ id: string }>(
    await tx.execute(
      sql`insert into zoo_park (park_name, address, sort) select ${name} || p || '区', ${name} || '路' || p || '号', p from generate_series(1, 2) p order by p returning id::text`,
    ),
  ).map((r) => r.id);
  const venues = rows<{ id: string }>(
    await tx.execute(sql`insert into zoo_venue (park_id, venue_name, area, sort)
      select (${arr(parks)}::bigint[])[1 + (v % 2)], '场馆' || v, 1000 + v * 100, v from generate_series(0, 7) v order by v returning id::text`),
  ).map((r) => r.id);
  const cageIds = rows<{ id: string }>(
    await tx.execute(sql`insert into zoo_cage (venue_id, cage_code, cage_name, cage_type, area, capacity, sort)
      select (${arr(venues)}::bigint[])[1 + (c % 8)], 'C-' || lpad(c::text, 4, '0'), '笼舍' || c, 1 + c % 5, 100 + c, 2000, c
      from generate_series(0, ${cages - 1}) c order by c returning id::text`),
  ).map((r) => r.id);
  const breeders = cageIds.map((_, c) => keeperIds[c % keeperIds.length]!);
  await tx.execute(sql`insert into zoo_cage_breeder (cage_id, user_id)
    select unnest(${arr(cageIds)}::bigint[]), unnest(${arr(breeders)}::bigint[])`);
  return { cageIds, breeders };
}

/**
 * Animals n = 0…count-1: species n mod S, "generation" g = n div S, sex alternating by generation. From the tenth
 * generation on, four in five have both parents — the male of generation 2·⌊(g-10)/2⌋ and the female after it
 * in the same species — so parents are older, of the right sex and species, and never descendants.
 */
async function animals(tx: Tx, count: number, species: string[], cageIds: string[], breeders: string[]) {
  const S = species.length;
  const gmax = Math.max(1, Math.floor((count - 1) / S));
  // The CTE has no statistics: for some sizes the planner joins parents by nested loop (n² — seconds at 10 k).
  await tx.execute(sql`select set_config('enable_nestloop', 'off', true)`);
  await tx.execute(sql`
    with seqs as materialized (select n, next_id() as id from generate_series(0, ${count - 1}) n),
    plan as (
      select s.n, s.id, s.n % ${S} as sp, s.n / ${S} as g,
        (s.n / ${S} >= 10 and s.n % 5 <> 0) as bred,
        (2 * ((s.n / ${S} - 10) / 2)) * ${S} + s.n % ${S} as sire_n
      from seqs s)
    insert into zoo_animal (id, species_id, local_no, animal_name, sex, birth_date, birth_precision, origin,
      sire_id, sire_mark, dam_id, dam_mark, cage_id, breeder_id, status, is_deleted)
    select p.id, (${arr(species)}::bigint[])[1 + p.sp], 'A' || lpad(p.n::text, 7, '0'),
      (${arr(NAME_CHARS)}::text[])[1 + p.n % ${NAME_CHARS.length}] || (${arr(NAME_CHARS)}::text[])[1 + (p.n / ${NAME_CHARS.length}) % ${NAME_CHARS.length}],
      1 + p.g % 2,
      timestamp '2000-01-01' + make_interval(days => (p.g * 9000 / ${gmax})::int + p.sp),
      1, case when p.bred then 1 when p.n % 5 = 0 then 2 else 3 end,
      sire.id, case when p.bred then '' when p.n % 5 = 0 then 'WILD' else 'UNK' end,
      dam.id, case when p.bred then '' when p.n % 5 = 0 then 'WILD' else 'UNK' end,
      (${arr(cageIds)}::bigint[])[1 + p.n % ${cageIds.length}], (${arr(breeders)}::bigint[])[1 + p.n % ${cageIds.length}],
      case when p.n % 20 = 0 then 3 when p.n % 20 = 1 then 2 else 1 end,
      case when p.g > ${gmax} - 9 and p.n % 3 = 0 then 1 else 0 end
    from plan p
    left join seqs sire on p.bred and sire.n = p.sire_n
    left join seqs dam on p.bred and dam.n = p.sire_n + ${S}`);
  await tx.execute(sql`select set_config('enable_nestloop', 'on', true)`);
}

/** A current ISO chip for every animal (one in five replaced an older non-ISO chip) and leg rings for three in ten. */
async function flags(tx: Tx, tenantNo: number): Promise<number> {
  const base = sql`select id, substr(local_no, 2)::bigint as n from zoo_animal`;
  const a = await tx.execute(sql`insert into zoo_animal_flag (animal_id, flag_type, code, version, iso_compliant, issue_date, issuer, void_time, void_reason)
    select a.id, 1, 'OLD' || lpad(a.n::text, 9, '0'), 1, 0, timestamp '2015-01-01', '原芯片供应商', timestamp '2022-06-01 10:00:00', '旧式芯片更换为ISO芯片'
    from (${base}) a where a.n % 5 = 1`);
  const b = await tx.execute(sql`insert into zoo_animal_flag (animal_id, flag_type, code, version, iso_compliant, issue_date, issuer)
    select a.id, 1, '156' || lpad((${tenantNo}::bigint * 10000000 + a.n)::text, 12, '0'), case when a.n % 5 = 1 then 2 else 1 end, 1, timestamp '2022-06-01', '国家林草局'
    from (${base}) a`);
  const c = await tx.execute(sql`insert into zoo_animal_flag (animal_id, flag_type, code, version, issue_date, issuer)
    select a.id, 2, 'R-' || ${String(tenantNo)} || '-' || a.n, 1, timestamp '2022-06-01', '环志中心'
    from (${base}) a where a.n % 10 < 3`);
  const n = (r: unknown) => Number((r as { rowCount?: number }).rowCount ?? 0);
  return n(a) + n(b) + n(c);
}

/** One population per cage (each cage holds one species) counted from its animals in stock; one in ten linked. */
async function populations(tx: Tx, cageIds: string[], species: string[]) {
  await tx.execute(sql`insert into zoo_population (species_id, cage_id, population_name, male_quantity, female_quantity, they_quantity)
    select a.species_id, a.cage_id, '种群' || row_number() over (order by a.cage_id),
      count(*) filter (where a.sex = 1), count(*) filter (where a.sex = 2), count(*) filter (where a.sex = 3)
    from zoo_animal a where a.is_deleted = 0 and a.status = 1 and a.cage_id = any(${arr(cageIds)}::bigint[])
    group by a.species_id, a.cage_id`);
  await tx.execute(sql`insert into zoo_population_animal (population_id, animal_id)
    select p.id, a.id from zoo_animal a join zoo_population p on p.cage_id = a.cage_id and p.species_id = a.species_id
    where a.is_deleted = 0 and a.status = 1 and substr(a.local_no, 2)::bigint % 10 = 0`);
  void species;
}

/**
 * `count` keeper logs: log g is of in-stock animal g mod A on day (yesterday − ⌊g / A⌋), so every animal has a
 * log on every day back to where the count runs out (10 M logs over 10 k animals ≈ 3 years), one diet item,
 * now and then partly eaten or under watch. One statement; the audit trigger returns at once (audit off).
 */
async function keeperLogs(tx: Tx, count: number): Promise<number> {
  // The animals as arrays indexed by g mod A: a join against a CTE (no statistics) was planned as a nested loop,
  // 10 M × 10 k comparisons.
  const r = await tx.execute(sql`
    with a as (
      select array_agg(id order by id) as ids, array_agg(species_id order by id) as sp, array_agg(cage_id order by id) as cg,
             array_agg(breeder_id order by id) as kp, count(*)::int as c
        from zoo_animal where is_deleted = 0 and status = 1)
    insert into zoo_basic_log (animal_type, animal_id, species_id, cage_id, log_date, log_time, keeper_id, diet, intake, health)
    select 1, a.ids[1 + g % a.c], a.sp[1 + g % a.c], a.cg[1 + g % a.c], current_date - 1 - (g / a.c), '08:' || lpad((g % 60)::text, 2, '0'), a.kp[1 + g % a.c],
           jsonb_build_array(jsonb_build_object('food', '精料', 'amount', 1, 'unit', 'kg', 'intake', case when g % 17 = 0 then 2 else 1 end)),
           case when g % 17 = 0 then 2 else 1 end, case when g % 41 = 0 then 2 else 1 end
      from a cross join generate_series(0, ${count - 1}) g
     where a.c > 0`);
  return Number((r as { rowCount?: number }).rowCount ?? 0);
}

export async function generateZoos(database: Database, o: ScaleOptions): Promise<ZooStats[]> {
  const log = o.log ?? (() => undefined);
  const first = o.firstTenant ?? 300000;
  const library = (await database.db.select({ id: zooSpecies.id }).from(zooSpecies).where(eq(zooSpecies.isDeleted, 0)).orderBy(zooSpecies.id)).map((r) => r.id);
  const S = Math.max(1, Math.min(o.species ?? 20, library.length));
  if (library.length === 0) throw new Error('物种库为空:先运行平台种子数据');
  const species = library.slice(0, S);
  const hashes = { admin: await hashPlain('admin'), keeper: await hashPlain('keeper') };
  const started = Date.now();
  const out: ZooStats[] = [];
  let done = 0;
  for (let i = 0; i < o.zoos; i++) {
    const tenantNo = first + i + 1;
    const tenantId = String(tenantNo);
    const count = Math.floor(o.animals / o.zoos) + (i < o.animals % o.zoos ? 1 : 0);
    const t0 = Date.now();
    const stats = await inTenant(database.db, { tenantId, audit: false, userName: '规模数据生成' }, async (tx) => {
      const exists = rows(await tx.execute(sql`select 1 from blade_tenant where tenant_id = ${tenantId}`));
      if (exists.length) return { tenantId, animals: 0, flags: 0, logs: 0, skipped: true };
      const name = `规模测试动物园${i + 1}`;
      const keeperIds = await tenantBasics(tx, tenantId, name, o.keepers ?? 10, hashes);
      await tx.execute(sql`insert into zoo_tenant_species (species_id, licence_no, issuing_authority, valid_from, valid_to, approved_quantity)
        select s, '(规)驯繁字[2024]' || ${tenantId} || '-' || ord || '号', '国家林业和草原局', timestamp '2024-01-01', timestamp '2034-12-31', ${count}
        from unnest(${arr(species)}::bigint[]) with ordinality as u(s, ord)`);
      const { cageIds, breeders } = await places(tx, name, S * 4, keeperIds);
      if (count > 0) await animals(tx, count, species, cageIds, breeders);
      const f = count > 0 ? await flags(tx, tenantNo) : 0;
      await populations(tx, cageIds, species);
      const logs = o.logs && count > 0 ? await keeperLogs(tx, o.logs) : 0;
      return { tenantId, animals: count, flags: f, logs, skipped: false };
    });
    out.push(stats);
    done += stats.animals;
    const secs = (Date.now() - started) / 1000;
    log(
      stats.skipped
        ? `[${i + 1}/${o.zoos}] ${tenantId} 已存在,跳过`
        : `[${i + 1}/${o.zoos}] ${tenantId}: ${stats.animals} 个体, ${stats.flags} 标识, ${stats.logs} 饲养日志, ${((Date.now() - t0) / 1000).toFixed(1)} s` +
            ` (累计 ${done} 个体, ${secs.toFixed(0)} s, ${Math.round(done / Math.max(secs, 0.001))} 个体/s)`,
    );
  }
  await database.db.execute(sql`analyze`);
  // Keeper logs are read by index-only scans (the month calendar): they need the visibility map set, which
  // autovacuum would do in its own time on a live table.
  if (o.logs) await database.db.execute(sql`vacuum zoo_basic_log`);
  return out;
}
