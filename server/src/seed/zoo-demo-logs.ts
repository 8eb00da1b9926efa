import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooBasicLog } from '../modules/zoo/keeper/keeper.tables';
import { DEMO_TENANT } from './zoo-demo-data';

/** How many days of keeper logs the demo zoo gets (up to yesterday: today's round is left to do). */
export const DEMO_LOG_DAYS = 56;

type Food = [food: string, amount: number, unit: string];
/** Daily diets per species (Latin name); other species get the generic one. */
const DIETS: Record<string, Food[]> = {
  'Ailuropoda melanoleuca': [
    ['竹子', 15, 'kg'],
    ['竹笋', 3, 'kg'],
    ['窝窝头', 2, '个'],
  ],
  'Ailurus fulgens': [
    ['竹叶', 800, 'g'],
    ['苹果', 1, '个'],
  ],
  'Panthera tigris altaica': [
    ['牛肉', 6, 'kg'],
    ['鸡架', 1, 'kg'],
  ],
  'Panthera uncia': [['羊肉', 2.5, 'kg']],
  'Rhinopithecus roxellana': [
    ['树叶', 1, 'kg'],
    ['水果', 300, 'g'],
    ['窝窝头', 1, '个'],
  ],
  'Grus japonensis': [
    ['小鱼', 400, 'g'],
    ['谷物', 200, 'g'],
  ],
  'Macaca mulatta': [
    ['水果', 6, 'kg'],
    ['玉米', 4, 'kg'],
  ],
  'Cervus nippon': [
    ['青草', 40, 'kg'],
    ['精料', 8, 'kg'],
  ],
  'Crossoptilon mantchuricum': [
    ['谷物', 500, 'g'],
    ['面包虫', 100, 'g'],
  ],
  'Syrmaticus reevesii': [
    ['谷物', 400, 'g'],
    ['面包虫', 80, 'g'],
  ],
  'Alligator sinensis': [['鱼', 3, 'kg']],
};
const GENERIC: Food[] = [['精料', 1, 'kg']];

/** A stable pseudo-random number in [0, 1) per (subject, day, salt): the same demo on every machine. */
function noise(id: string, day: number, salt: number): number {
  let h = 2166136261 ^ salt;
  for (const c of `${id}:${day}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10000) / 10000;
}

interface Subject {
  animal_type: number;
  id: string;
  species_id: string;
  latin_name: string;
  cage_id: string | null;
  keeper_id: string | null;
}

async function subjects(tx: Tx): Promise<Subject[]> {
  const res = (await tx.execute(sql`
    with keeper as (select distinct on (cage_id) cage_id, user_id from zoo_cage_breeder where is_deleted = 0 order by cage_id, id),
    admin as (select id from blade_user where account = 'admin' and is_deleted = 0 limit 1)
    select 1 as animal_type, a.id::text, a.species_id::text, s.latin_name, a.cage_id::text,
           coalesce(a.breeder_id, k.user_id, (select id from admin))::text as keeper_id
      from zoo_animal a join zoo_species s on s.id = a.species_id left join keeper k on k.cage_id = a.cage_id
     where a.is_deleted = 0 and a.status = 1 and a.cage_id is not null
    union all
    select 2, p.id::text, p.species_id::text, s.latin_name, p.cage_id::text, coalesce(k.user_id, (select id from admin))::text
      from zoo_population p join zoo_species s on s.id = p.species_id left join keeper k on k.cage_id = p.cage_id
     where p.is_deleted = 0`)) as unknown as { rows: Subject[] };
  return res.rows;
}

/** Builds the rows: most days logged (about 1 in 12 missed), mostly eaten and well, sometimes partly or a watch. */
function logsOf(s: Subject, dates: string[]): Array<typeof zooBasicLog.$inferInsert> {
  const out: Array<typeof zooBasicLog.$inferInsert> = [];
  dates.forEach((logDate, i) => {
    if (noise(s.id, i, 1) < 0.08) return;
    const diet = (DIETS[s.latin_name] ?? GENERIC).map(([food, amount, unit], j) => {
      const r = noise(s.id, i, 10 + j);
      return { food, amount, unit, intake: r < 0.85 ? 1 : r < 0.97 ? 2 : 3 };
    });
    const h = noise(s.id, i, 2);
    const health = h < 0.93 ? 1 : h < 0.99 ? 2 : 3;
    out.push({
      animalType: s.animal_type,
      animalId: s.id,
      speciesId: s.species_id,
      cageId: s.cage_id,
      logDate,
      logTime: `0${8 + Math.floor(noise(s.id, i, 3) * 2)}:${String(Math.floor(noise(s.id, i, 4) * 60)).padStart(2, '0')}`,
      keeperId: s.keeper_id,
      diet,
      intake: Math.max(...diet.map((d) => d.intake)),
      appetite: health === 1 ? 1 : 2,
      behaviour: health === 3 ? 3 : 1,
      faeces: health === 3 ? 2 : 1,
      health,
      remark: health === 2 ? '精神稍差,继续观察' : health === 3 ? '已报告兽医' : '',
    });
  });
  return out;
}

/**
 * Weeks of keeper logs for the demo zoo, so the keeper-log screens have history; also lets the demo keeper role
 * add and correct logs and see and acknowledge the environment alarms (databases seeded before those
 * existed lack the buttons). Runs once: a zoo that
 * already has logs is left alone.
 */
export async function seedDemoKeeperLogs(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    await tx.execute(sql`
      insert into blade_role_menu (role_id, menu_id)
      select r.id, m.id from blade_role r cross join blade_menu m
       where r.role_alias = 'keeper' and r.is_deleted = 0 and m.code in ('basiclog_add', 'basiclog_edit', 'humiture_alarm', 'humiture_alarm_ack') and m.is_deleted = 0
         and not exists (select 1 from blade_role_menu x where x.role_id = r.id and x.menu_id = m.id)`);
    const any = (await tx.execute(sql`select 1 from zoo_basic_log limit 1`)) as unknown as { rows: unknown[] };
    if (any.rows.length) return;
    const days = (await tx.execute(sql`
      select to_char(current_date - g, 'YYYY-MM-DD') as d from generate_series(${DEMO_LOG_DAYS}, 1, -1) g`)) as unknown as { rows: Array<{ d: string }> };
    const rows = (await subjects(tx)).flatMap((s) =>
      logsOf(
        s,
        days.rows.map((r) => r.d),
      ),
    );
    for (let i = 0; i < rows.length; i += 500) await tx.insert(zooBasicLog).values(rows.slice(i, i + 500));
  });
}

/** Days of hourly sensor readings per demo cage (history for the 温湿度 screen). */
export const DEMO_READING_DAYS = 365;

/**
 * Hourly temperature and humidity for every demo cage over the last year: a daily cycle around a level that
 * depends on the cage (indoor, outdoor, water) plus a seasonal swing (coldest mid-January), with small stable
 * noise (a hash of cage and hour, so every machine gets the same demo). One set-based insert — a year is
 * ~9 k rows per cage. Runs once, like the logs; readings are inserted directly, so they raise no alarms.
 */
export async function seedDemoReadings(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    const any = (await tx.execute(sql`select 1 from zoo_humiture limit 1`)) as unknown as { rows: unknown[] };
    if (any.rows.length) return;
    await tx.execute(sql`
      with h as (
        select date_trunc('hour', localtimestamp) - make_interval(hours => g) as t from generate_series(${DEMO_READING_DAYS * 24}, 1, -1) g),
      c as (
        -- Indoor and mixed cages are kept near 20 ℃; outdoor ones follow the weather; water and reptile houses run warm and humid.
        select id, case when cage_type in (2, 5) then 16 when cage_type = 4 then 26 else 20 end as base,
                    case when cage_type in (2, 5) then 6 when cage_type = 4 then 2 else 2.5 end as swing,
                    case when cage_type in (2, 5) then 10 when cage_type = 4 then 1.5 else 3 end as season,
                    case when cage_type = 4 then 80 else 58 end as hum
          from zoo_cage where is_deleted = 0),
      r as (
        select c.id, h.t, c.base, c.swing, c.season, c.hum,
               sin((extract(hour from h.t) - 9) / 24 * 2 * pi()) as cycle,
               -cos((extract(doy from h.t) - 15) / 365.25 * 2 * pi()) as year_cycle,
               (abs(hashtext(c.id::text || ':' || h.t::text)) % 1000) / 1000.0 - 0.5 as n1,
               (abs(hashtext(h.t::text || ':' || c.id::text)) % 1000) / 1000.0 - 0.5 as n2
          from c cross join h)
      insert into zoo_humiture (cage_id, read_time, temperature, humidity)
      select id, t, round((base + swing * cycle + season * year_cycle + n1 * 1.5)::numeric, 1), round(least(100, greatest(0, hum - 8 * cycle + n2 * 6))::numeric, 1)
        from r`);
  });
}
