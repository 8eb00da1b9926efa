import { sql, type SQL } from 'drizzle-orm';
import { expiringWithin } from '../permit/expiring';
import type { QualityCheck } from '@zoo/contract';

/** The checks' parameters, validated by the contract (whole days). */
export interface QualityParams {
  logDays: number;
  permitDays: number;
}

/**
 * Each check is one SELECT of its offending records with the same columns (id, kind, code, name, species_name,
 * reasons, stock, ledger, date, days, permit_kind), so that listing a page, counting and keeping the count are
 * each one statement over it. Row-level security of the transaction keeps every table to the caller's zoo; the
 * comments name the index each probe uses.
 */
const COLUMNS = (o: { reasons?: SQL; stock?: SQL; ledger?: SQL; date?: SQL; days?: SQL; permitKind?: SQL }) => sql`
  ${o.reasons ?? sql`'{}'::text[]`} as reasons, ${o.stock ?? sql`''`} as stock, ${o.ledger ?? sql`''`} as ledger,
  ${o.date ?? sql`''`} as date, ${o.days ?? sql`null::int`} as days, ${o.permitKind ?? sql`null::int`} as permit_kind`;

const SPECIES = (alias: SQL) => sql`(select s.species_name from zoo_species s where s.id = ${alias}.species_id)`;

/** The first and last day a birth date may mean at its precision (1 day, 2 month, 3 year; 4 unknown is skipped). */
const UNIT = (a: SQL) => sql`(case ${a}.birth_precision when 3 then 'year' when 2 then 'month' else 'day' end)`;
const SPAN = (a: SQL) => sql`(case ${a}.birth_precision when 3 then interval '1 year' when 2 then interval '1 month' else interval '1 day' end)`;
const earliest = (a: SQL) => sql`date_trunc(${UNIT(a)}, ${a}.birth_date)`;
const latest = (a: SQL) => sql`(date_trunc(${UNIT(a)}, ${a}.birth_date) + ${SPAN(a)} - interval '1 day')`;
/** A parent whose earliest possible birth is not before the offspring's latest possible one. */
const younger = (p: SQL, c: SQL) =>
  sql`(${p}.birth_date is not null and ${c}.birth_date is not null and ${p}.birth_precision < 4 and ${c}.birth_precision < 4 and ${earliest(p)} >= ${latest(c)})`;

const A = sql.raw('a');
const C = sql.raw('c');
const SIRE = sql.raw('sire');
const DAM = sql.raw('dam');
const X = sql.raw('x');

/** M.F.U as ZIMS writes a group's count (males.females.unknown). */
const mfu = (m: SQL, f: SQL, u: SQL) => sql`concat_ws('.', ${m}, ${f}, ${u})`;

const HEADS = sql`(p.male_quantity + p.female_quantity + p.they_quantity)`;

const QUERIES: Record<QualityCheck, (p: QualityParams) => SQL> = {
  // zoo_animal_flag_current_uq (tenant, animal, type) where current: one probe per animal in stock.
  noIdentifier: () => sql`
    select a.id::text as id, 'animal' as kind, a.local_no as code, a.animal_name as name, ${SPECIES(A)} as species_name, ${COLUMNS({})}
      from zoo_animal a
     where a.is_deleted = 0 and a.status = 1
       and not exists (select 1 from zoo_animal_flag f where f.animal_id = a.id and f.is_deleted = 0 and f.void_time is null)`,

  // zoo_animal_cage_idx (tenant, cage_id) serves `cage_id is null`.
  noCage: () => sql`
    select a.id::text as id, 'animal' as kind, a.local_no as code, a.animal_name as name, ${SPECIES(A)} as species_name, ${COLUMNS({})}
      from zoo_animal a
     where a.cage_id is null and a.is_deleted = 0 and a.status = 1`,

  // Parents of the zoo by primary key; parents of other zoos (identities) and studbook markers are not ours to read.
  parentage: () => sql`
    select * from (
      select c.id::text as id, 'animal' as kind, c.local_no as code, c.animal_name as name, ${SPECIES(C)} as species_name,
             ${COLUMNS({
               reasons: sql`array_remove(array[
                 case when sire.sex = 2 then 'sireFemale' end,
                 case when dam.sex = 1 then 'damMale' end,
                 case when ${younger(SIRE, C)} then 'sireYounger' end,
                 case when ${younger(DAM, C)} then 'damYounger' end]::text[], null)`,
             })}
        from zoo_animal c
        left join zoo_animal sire on sire.id = c.sire_id and sire.is_deleted = 0
        left join zoo_animal dam on dam.id = c.dam_id and dam.is_deleted = 0
       where c.is_deleted = 0 and (c.sire_id is not null or c.dam_id is not null)) x
     where cardinality(x.reasons) > 0`,

  // The ledger's gains (zoo_stock_log_to_pop_idx) less its losses (zoo_stock_log_pop_idx), reversals included:
  // a reversal row moves the heads back the other way (stocklog/reverse.ts).
  populationLedger: () => sql`
    select p.id::text as id, 'population' as kind, cg.cage_code as code, p.population_name as name, ${SPECIES(sql.raw('p'))} as species_name,
           ${COLUMNS({
             stock: mfu(sql`p.male_quantity`, sql`p.female_quantity`, sql`p.they_quantity`),
             ledger: mfu(sql`gain.m - loss.m`, sql`gain.f - loss.f`, sql`gain.u - loss.u`),
           })}
      from zoo_population p
      left join zoo_cage cg on cg.id = p.cage_id
     cross join lateral (select coalesce(sum(l.male_quantity), 0) as m, coalesce(sum(l.female_quantity), 0) as f, coalesce(sum(l.they_quantity), 0) as u
                           from zoo_stock_log l where l.to_population_id = p.id) gain
     cross join lateral (select coalesce(sum(l.male_quantity), 0) as m, coalesce(sum(l.female_quantity), 0) as f, coalesce(sum(l.they_quantity), 0) as u
                           from zoo_stock_log l where l.population_id = p.id) loss
     where p.is_deleted = 0
       and (p.male_quantity, p.female_quantity, p.they_quantity) is distinct from (gain.m - loss.m, gain.f - loss.f, gain.u - loss.u)`,

  // The last log by zoo_basic_log_day_uq (tenant, animal, log_date): a backward index probe per subject. Subjects
  // registered fewer than N days ago have not yet had N days to be logged.
  noKeeperLog: ({ logDays }) => sql`
    select x.id::text as id, x.kind, x.code, x.name, ${SPECIES(X)} as species_name,
           ${COLUMNS({
             date: sql`coalesce(to_char(lg.last, 'YYYY-MM-DD'), '')`,
             days: sql`(current_date - lg.last)`,
           })}
      from (select a.id, 'animal' as kind, a.local_no as code, a.animal_name as name, a.species_id, a.create_time
              from zoo_animal a where a.is_deleted = 0 and a.status = 1
            union all
            select p.id, 'population', coalesce(cg.cage_code, ''), p.population_name, p.species_id, p.create_time
              from zoo_population p left join zoo_cage cg on cg.id = p.cage_id
             where p.is_deleted = 0 and ${HEADS} > 0) x
     cross join lateral (select max(l.log_date) as last from zoo_basic_log l where l.animal_id = x.id and l.is_deleted = 0) lg
     where x.create_time < current_date - ${logDays - 1}::int
       and (lg.last is null or lg.last <= current_date - ${logDays}::int)`,

  // zoo_animal_cage_idx and zoo_population_cage_species_uq find what a cage holds; zoo_cage_device_key_live_uq its key.
  cageNoSensor: () => sql`
    select c.id::text as id, 'cage' as kind, c.cage_code as code, c.cage_name as name, '' as species_name, ${COLUMNS({})}
      from zoo_cage c
     where c.is_deleted = 0
       and (exists (select 1 from zoo_animal a where a.cage_id = c.id and a.is_deleted = 0 and a.status = 1)
            or exists (select 1 from zoo_population p where p.cage_id = c.id and p.is_deleted = 0 and ${HEADS} > 0))
       and not exists (select 1 from zoo_cage_device_key k where k.cage_id = c.id and k.revoke_time is null and k.is_deleted = 0)`,

  // zoo_permit_kind_idx (tenant, kind, valid_to): a range per kind. Expired permits are history, not a reminder.
  // The permits module's own definition of "expiring" (the home card, the reminders and this check agree).
  permitExpiring: ({ permitDays }) => sql`
    select zoo_permit.id::text as id, 'permit' as kind, zoo_permit.permit_no as code, zoo_permit.issuing_authority as name, '' as species_name,
           ${COLUMNS({ date: sql`to_char(zoo_permit.valid_to, 'YYYY-MM-DD')`, days: sql`(zoo_permit.valid_to - current_date)`, permitKind: sql`zoo_permit.kind` })}
      from zoo_permit
     where ${expiringWithin(permitDays)}`,
};

/** The offending records of one check, as a subquery. */
export const offenders = (check: QualityCheck, p: QualityParams): SQL => QUERIES[check](p);

/** The parameter a check's kept count depends on (0 for checks without one). */
export const paramOf = (check: QualityCheck, p: QualityParams): number => (check === 'noKeeperLog' ? p.logDays : check === 'permitExpiring' ? p.permitDays : 0);
