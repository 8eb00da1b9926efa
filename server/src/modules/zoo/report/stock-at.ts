import { sql, type SQL } from 'drizzle-orm';
import type { StockGroup } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rows } from '../keeper/basic-log.service';

/**
 * Stock at the end of any day, replayed from the stock ledger in SQL (decision 0023): set-based, one pass over the
 * tenant's ledger rows dated up to that day, never row by row in Node.
 * - An individual is in stock when the last of its rows (in ledger order) dated up to the day leaves it in stock
 *   (`status_after` = 1); it lives in that row's target cage, else its source cage.
 * - A population gains a row's heads in the row's target cage (`to_population_id` side) and loses them in its
 *   source cage (`population_id` side); the sum over the rows is its stock. A population never changes cage.
 * Park comes from the cage's venue; class is the species' taxonomy ancestor of rank 1.
 */

export interface Filters {
  parkId?: string | null;
  classId?: string | null;
  protectionClass?: number;
}

const NO_PARK = '未分配笼舍';
const NO_CLASS = '未分类';

/** The rows of heads before `end` (exclusive): (species, cage, individual?, M, F, U), population rows signed. */
const heads = (end: SQL) => sql`
  select species_id, cage_id, 1 as ind, m, f, u from (
    select distinct on (animal_id) animal_id, species_id, coalesce(to_cage_id, from_cage_id) as cage_id, status_after,
           male_quantity as m, female_quantity as f, they_quantity as u
      from zoo_stock_log
     where animal_type = 1 and event_date < ${end}
     order by animal_id desc, id desc) last_row
   where status_after = 1
  union all
  select species_id, to_cage_id, 0, male_quantity, female_quantity, they_quantity
    from zoo_stock_log where animal_type = 2 and to_population_id is not null and event_date < ${end}
  union all
  select species_id, from_cage_id, 0, -male_quantity, -female_quantity, -they_quantity
    from zoo_stock_log where animal_type = 2 and population_id is not null and event_date < ${end}`;

/** The exclusive bound of "at the end of `day`". */
export const endOf = (day: string) => sql`(${day}::date + 1)`;

/** Per (species, cage): individuals, population heads and M/F/U before `end`. */
export const cellsAt = (end: SQL) => sql`
  select species_id, cage_id, sum(ind)::int as ind, sum(case when ind = 0 then m + f + u else 0 end)::int as ph,
         sum(m)::int as m, sum(f)::int as f, sum(u)::int as u
    from (${heads(end)}) h group by species_id, cage_id`;

/** The dimensions of a (species, cage) cell: park, class, protection level — joined once per cell, not per row. */
const dims = (cells: string) =>
  sql.raw(`
  left join zoo_cage cg on cg.id = ${cells}.cage_id
  left join zoo_venue vn on vn.id = cg.venue_id
  left join zoo_park pk on pk.id = vn.park_id
  join zoo_species s on s.id = ${cells}.species_id
  left join cls on cls.species_id = ${cells}.species_id`);

/** Class (rank 1 ancestor) of the species that occur in `cells`, walking up the (small, platform) taxonomy. */
const classOf = (cells: string) =>
  sql.raw(`
  up (species_id, id, rank, parent_id, name_cn) as (
    select s.id, t.id, t.rank, t.parent_id, t.name_cn from zoo_species s join zoo_taxonomy t on t.id = s.taxonomy_id
     where s.id in (select species_id from ${cells})
    union all
    select up.species_id, t.id, t.rank, t.parent_id, t.name_cn from up join zoo_taxonomy t on t.id = up.parent_id where up.rank > 1),
  cls as (select species_id, id as class_id, name_cn as class_name from up where rank = 1)`);

function filterSql(f: Filters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.parkId) parts.push(sql`pk.id = ${f.parkId}::bigint`);
  if (f.classId) parts.push(sql`cls.class_id = ${f.classId}::bigint`);
  if (f.protectionClass !== undefined) parts.push(sql`s.protection_class = ${f.protectionClass}::int`);
  return sql.join(parts, sql` and `);
}

const GROUP_KEY: Record<StockGroup, SQL> = {
  species: sql`s.id::text`,
  park: sql`coalesce(pk.id::text, '')`,
  class: sql`coalesce(cls.class_id::text, '')`,
  protection: sql`s.protection_class::text`,
};
const GROUP_NAME: Record<StockGroup, SQL> = {
  species: sql`s.species_name`,
  park: sql`coalesce(pk.park_name, ${NO_PARK})`,
  class: sql`coalesce(cls.class_name, ${NO_CLASS})`,
  protection: sql`s.protection_class::text`,
};

export interface Figures {
  individuals: number;
  populationHeads: number;
  male: number;
  female: number;
  unknown: number;
  total: number;
}
export interface GroupRow extends Figures {
  key: string;
  name: string;
}

interface RawFigures {
  key: string;
  name: string;
  ind: number;
  ph: number;
  m: number;
  f: number;
  u: number;
}

const figures = (r: Pick<RawFigures, 'ind' | 'ph' | 'm' | 'f' | 'u'>): Figures => ({
  individuals: Number(r.ind),
  populationHeads: Number(r.ph),
  male: Number(r.m),
  female: Number(r.f),
  unknown: Number(r.u),
  total: Number(r.m) + Number(r.f) + Number(r.u),
});

export const sumFigures = (xs: readonly Figures[]): Figures =>
  xs.reduce(
    (s, x) => ({
      individuals: s.individuals + x.individuals,
      populationHeads: s.populationHeads + x.populationHeads,
      male: s.male + x.male,
      female: s.female + x.female,
      unknown: s.unknown + x.unknown,
      total: s.total + x.total,
    }),
    { individuals: 0, populationHeads: 0, male: 0, female: 0, unknown: 0, total: 0 },
  );

/**
 * Stock at the end of `day` grouped by species, park, class or protection level (named by the `protection_class`
 * dictionary, `levels`); empty groups left out.
 */
export async function stockAt(db: Tx, day: string, groupBy: StockGroup, f: Filters, levels: ReadonlyMap<string, string>): Promise<GroupRow[]> {
  const found = await rows<RawFigures>(
    db,
    sql`with recursive cells as (${cellsAt(endOf(day))}), ${classOf('cells')}
      select ${GROUP_KEY[groupBy]} as key, ${GROUP_NAME[groupBy]} as name,
             sum(ind)::int as ind, sum(ph)::int as ph, sum(m)::int as m, sum(f)::int as f, sum(u)::int as u
        from cells ${dims('cells')}
       where ${filterSql(f)}
       group by 1, 2
      having sum(m + f + u) <> 0 or sum(ind) <> 0
       order by sum(m + f + u) desc, 2`,
  );
  return found.map((r) => ({
    key: r.key,
    name: groupBy === 'protection' ? (levels.get(r.key) ?? r.key) : r.name,
    ...figures(r),
  }));
}

export interface SpeciesPeriodRow extends Figures {
  speciesId: string;
  speciesName: string;
  latinName: string;
  className: string;
  protectionClass: number;
  opening: number;
  born: number;
  imported: number;
  census: number;
  exported: number;
  died: number;
  cancelled: number;
  other: number;
  closing: number;
}

/**
 * Per species over [from, to]: opening (end of the day before `from`), closing (end of `to`) with its split, and the
 * heads of each accession and disposition in the period where they happened (target cage for accessions, source
 * cage for dispositions), so the park filter applies to them as to the stock.
 */
export async function speciesPeriod(db: Tx, from: string, to: string, f: Filters): Promise<SpeciesPeriodRow[]> {
  const found = await rows<Record<string, string | number>>(
    db,
    sql`with recursive
      opening as (${cellsAt(sql`${from}::date`)}),
      closing as (${cellsAt(endOf(to))}),
      moved as (
        select species_id, case when movement_type in ('born', 'import', 'census') then to_cage_id else from_cage_id end as cage_id,
               movement_type, sum(male_quantity + female_quantity + they_quantity)::int as n
          from zoo_stock_log
         where event_date >= ${from}::date and event_date < ${to}::date + 1
           and movement_type in ('born', 'import', 'census', 'export', 'die', 'cancel')
         group by 1, 2, 3),
      cells as (
        select species_id, cage_id, m + f + u as o, 0 as ind, 0 as ph, 0 as m, 0 as f, 0 as u, ''::text as kind, 0 as n from opening
        union all select species_id, cage_id, 0, ind, ph, m, f, u, '', 0 from closing
        union all select species_id, cage_id, 0, 0, 0, 0, 0, 0, movement_type, n from moved),
      ${classOf('cells')}
      select s.id::text as species_id, s.species_name, s.latin_name, coalesce(min(cls.class_name), ${NO_CLASS}) as class_name,
             s.protection_class, sum(o)::int as opening, sum(ind)::int as ind, sum(ph)::int as ph,
             sum(m)::int as m, sum(f)::int as f, sum(u)::int as u,
             sum(n) filter (where kind = 'born')::int as born, sum(n) filter (where kind = 'import')::int as import,
             sum(n) filter (where kind = 'census')::int as census, sum(n) filter (where kind = 'export')::int as export,
             sum(n) filter (where kind = 'die')::int as die, sum(n) filter (where kind = 'cancel')::int as cancel
        from cells ${dims('cells')}
       where ${filterSql(f)}
       group by s.id, s.species_name, s.latin_name, s.protection_class
      having sum(o) <> 0 or sum(m + f + u) <> 0 or sum(ind) <> 0 or sum(n) <> 0
       order by sum(m + f + u) desc, s.species_name`,
  );
  return found.map((r) => {
    const fig = figures({ ind: r.ind as number, ph: r.ph as number, m: r.m as number, f: r.f as number, u: r.u as number });
    const k = (x: string) => Number(r[x] ?? 0);
    const opening = k('opening');
    const ins = k('born') + k('import') + k('census');
    const outs = k('export') + k('die') + k('cancel');
    const row: SpeciesPeriodRow = {
      speciesId: String(r.species_id),
      speciesName: String(r.species_name),
      latinName: String(r.latin_name),
      className: String(r.class_name),
      protectionClass: Number(r.protection_class),
      opening,
      born: k('born'),
      imported: k('import'),
      census: k('census'),
      exported: k('export'),
      died: k('die'),
      cancelled: k('cancel'),
      other: fig.total - opening - ins + outs,
      closing: fig.total,
      ...fig,
    };
    return row;
  });
}
