import { sql, type SQL } from 'drizzle-orm';
import type { DatasetKey } from '@zoo/contract';

/**
 * The SQL behind each data set of the report catalogue (contract/src/report/datasets.ts): one statement per set
 * whose output columns are exactly the catalogue's keys. These texts are the only SQL a report runs; a design
 * adds filters, grouping and order around them from catalogue keys and bound parameters (./report-query.ts).
 * Every table read is tenant-scoped by row-level security (the request's transaction), except the platform
 * species library, which holds no zoo's data.
 */

/** Species columns shared by the stock sets (`s` = zoo_species). */
const speciesCols = sql.raw(`s.species_name as "speciesName", s.latin_name as "latinName", s.protection_class as "protectionClass",
  s.cites_appendix as "citesAppendix", s.iucn_category as "iucnCategory"`);

/**
 * Stock per species just before `end` replayed from the stock ledger (decision 0014): an individual counts when
 * its last movement before `end` left it in stock (status 1); a population gains the heads of rows that name it
 * as target and loses those of rows that name it as source.
 */
const stockBefore = (end: SQL) => sql`
  select species_id, sum(ind)::int as individuals, sum(pop)::int as population_heads from (
    select l.species_id, 1 as ind, 0 as pop
      from (select distinct on (animal_id) animal_id, species_id, status_after from zoo_stock_log
             where animal_type = 1 and animal_id is not null and status_after is not null and event_date < ${end}
             order by animal_id, event_date desc, id desc) l
     where l.status_after = 1
    union all
    select species_id, 0,
           ((to_population_id is not null)::int - (population_id is not null)::int) * (male_quantity + female_quantity + they_quantity)
      from zoo_stock_log where animal_type = 2 and event_date < ${end}
  ) z group by species_id`;

const stockCols = sql.raw(`x.individuals, x.population_heads as "populationHeads", x.individuals + x.population_heads as heads`);

export const DATASET_SQL: Record<DatasetKey, (p: Record<string, string>) => SQL> = {
  // Year-end stock for every year from the first movement to this year (this year: stock so far).
  stock_annual: () => sql`
    select y.year, ${speciesCols}, ${stockCols}
      from (select generate_series(coalesce((select min(extract(year from event_date))::int from zoo_stock_log), extract(year from current_date)::int),
                                   extract(year from current_date)::int) as year) y
      cross join lateral (${stockBefore(sql`make_date(y.year + 1, 1, 1)`)}) x
      join zoo_species s on s.id = x.species_id
     where x.individuals + x.population_heads <> 0`,

  stock_at: (p) => sql`
    select ${speciesCols}, ${stockCols}
      from (${stockBefore(sql`(${p.asOf ?? ''}::date + 1)`)}) x
      join zoo_species s on s.id = x.species_id
     where x.individuals + x.population_heads <> 0`,

  species_holdings: () => sql`
    select ${speciesCols}, coalesce(t.management_mode, s.management_mode) as "managementMode", coalesce(t.licence_no, '') as "licenceNo", ${stockCols}
      from (select species_id, sum(ind)::int as individuals, sum(pop)::int as population_heads from (
              select species_id, 1 as ind, 0 as pop from zoo_animal where is_deleted = 0 and status = 1
              union all
              select species_id, 0, male_quantity + female_quantity + they_quantity from zoo_population where is_deleted = 0
            ) z group by species_id) x
      join zoo_species s on s.id = x.species_id
      left join zoo_tenant_species t on t.species_id = x.species_id and t.is_deleted = 0
     where x.individuals + x.population_heads <> 0`,

  movements: () => sql`
    select l.event_date::date as "eventDate", to_char(l.event_date, 'YYYY-MM') as month, extract(year from l.event_date)::int as year,
           l.movement_type as "movementType", ${speciesCols}, coalesce(c.cage_name, '') as "cageName", l.counterpart,
           case when l.animal_type = 1 then 1 else l.male_quantity + l.female_quantity + l.they_quantity end as heads
      from zoo_stock_log l
      join zoo_species s on s.id = l.species_id
      left join zoo_cage c on c.id = coalesce(l.to_cage_id, l.from_cage_id)`,

  keeper_logs: () => sql`
    select l.log_date as "logDate", to_char(l.log_date, 'YYYY-MM') as month,
           coalesce(nullif(a.animal_name, ''), a.local_no, p.population_name, '') as "animalName", s.species_name as "speciesName",
           coalesce(c.cage_name, '') as "cageName", coalesce(nullif(u.real_name, ''), u.account, '') as "keeperName",
           l.intake, l.health, 1 as logs
      from zoo_basic_log l
      join zoo_species s on s.id = l.species_id
      left join zoo_cage c on c.id = l.cage_id
      left join blade_user u on u.id = l.keeper_id
      left join zoo_animal a on a.id = l.animal_id
      left join zoo_population p on p.id = l.animal_id
     where l.is_deleted = 0`,

  // Expected = the animals and populations an enclosure holds now (the registry keeps no daily roll call), so
  // past days of a changed enclosure are measured against today's residents.
  keeper_completeness: (p) => sql`
    with days as (select d::date as day from generate_series(${p.from ?? ''}::date, ${p.to ?? ''}::date, interval '1 day') d),
    subjects as (
      select id, cage_id from zoo_animal where is_deleted = 0 and status = 1 and cage_id is not null
      union all
      select id, cage_id from zoo_population where is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0),
    per as (
      select d.day, s.cage_id, count(*)::int as expected, count(l.id)::int as logged
        from days d cross join subjects s
        left join zoo_basic_log l on l.animal_id = s.id and l.log_date = d.day and l.is_deleted = 0
       group by d.day, s.cage_id)
    select per.day as "logDate", to_char(per.day, 'YYYY-MM') as month, c.cage_name as "cageName",
           coalesce((select string_agg(coalesce(nullif(u.real_name, ''), u.account), '、' order by u.account)
                       from zoo_cage_breeder b join blade_user u on u.id = b.user_id and u.is_deleted = 0
                      where b.cage_id = per.cage_id and b.is_deleted = 0), '') as "keeperName",
           per.expected, per.logged, per.expected - per.logged as missing, round(per.logged * 100.0 / per.expected, 1)::float8 as rate
      from per join zoo_cage c on c.id = per.cage_id`,

  users: () => sql`
    select u.account, u.real_name as "realName",
           coalesce((select string_agg(d.dept_name, '、' order by d.dept_name) from blade_dept d
                      where d.is_deleted = 0 and d.id::text = any(string_to_array(u.dept_id, ','))), '') as "deptName",
           u.sex, u.create_time::date as "createTime", 1 as users
      from blade_user u where u.is_deleted = 0`,
};
