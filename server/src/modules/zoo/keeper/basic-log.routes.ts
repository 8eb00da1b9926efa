import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { basicLog, basicLogEndpoints, type DietItem } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { PreSerialized } from '../../../platform/http/envelope';
import { route } from '../../../platform/http/route';
import { listDataScope, resourceRoutes } from '../../../platform/resource/resource-routes';
import { finalStatement } from '../../../platform/tenancy/tenant-tx';
import { speciesOf, cageOf } from '../shared/lookups';
import { dietOut, rows, SUBJECT_MISSING, toLogRecord, today } from './basic-log.service';
import { logValues } from './log-values';
import { zooBasicLog } from './keeper.tables';

const l = zooBasicLog;
const live = eq(l.isDeleted, 0);

export interface RoundRow {
  animal_type: number;
  animal_id: string;
  animal_name: string;
  species_id: string;
  cage_id: string;
  quantity: number;
  log_id: string | null;
  log_version: number | null;
  health: number | null;
  last_diet: DietItem[] | null;
  /** Today's log's values (null when none): the round keeps them for an offline edit. */
  log: { logTime: string; diet: DietItem[]; intake: number; appetite: number; behaviour: number; faeces: number; health: number; remark: string } | null;
}

/**
 * The caller's round: individuals in stock in the cages the caller keeps (cage breeders) or assigned to the caller
 * directly (animal breeder), and populations with heads in those cages; each with today's log if any.
 */
export async function round(db: Tx, userId: string, day: string): Promise<RoundRow[]> {
  return rows<RoundRow>(
    db,
    sql`
    with mine as (select cage_id from zoo_cage_breeder where user_id = ${userId} and is_deleted = 0),
    subjects as (
      select 1 as animal_type, a.id, case when a.animal_name = '' then a.local_no else a.animal_name || ' (' || a.local_no || ')' end as name,
             a.species_id, a.cage_id, 1 as quantity
        from zoo_animal a
       where a.is_deleted = 0 and a.status = 1 and (a.cage_id in (select cage_id from mine) or a.breeder_id = ${userId})
      union all
      select 2, p.id, p.population_name, p.species_id, p.cage_id, p.male_quantity + p.female_quantity + p.they_quantity
        from zoo_population p
       where p.is_deleted = 0 and p.cage_id in (select cage_id from mine)
         and p.male_quantity + p.female_quantity + p.they_quantity > 0)
    select s.animal_type, s.id::text as animal_id, s.name as animal_name, s.species_id::text as species_id,
           coalesce(s.cage_id::text, '') as cage_id, s.quantity::int as quantity, l.id::text as log_id, l.row_version as log_version, l.health,
           case when l.id is null then null else json_build_object('logTime', l.log_time, 'diet', l.diet, 'intake', l.intake, 'appetite', l.appetite,
             'behaviour', l.behaviour, 'faeces', l.faeces, 'health', l.health, 'remark', l.remark) end as log,
           (select p.diet from zoo_basic_log p where p.animal_id = s.id and p.log_date < ${day}::date and p.is_deleted = 0
             order by p.log_date desc limit 1) as last_diet
      from subjects s
      left join zoo_basic_log l on l.animal_id = s.id and l.log_date = ${day}::date and l.is_deleted = 0
     order by s.cage_id, s.animal_type, s.name`,
  );
}

const percentOf = (r: RoundRow[]) => {
  const total = r.length;
  const logged = r.filter((x) => x.log_id).length;
  return { total, logged, percent: total ? Math.round((logged * 100) / total) : 0 };
};

export function basicLogRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: l,
    def: basicLog,
    // The offline round's sync refuses the same rows (decision 0046).
    scopedWrites: true,
    defaultOrder: () => [desc(l.logDate), desc(l.id)],
    // All rows at once, so the name lookups of a page batch into one query per kind.
    toRecords: (rs, ctx) => Promise.all(rs.map((r) => toLogRecord(r, ctx))),
    beforeSave: (input, { db, session }, existing) => logValues(db, session, input, existing),
  });

  route(app, basicLogEndpoints.day, async (call) => {
    const { day, animalId } = call.query;
    const [row] = await call.db
      .select()
      .from(l)
      .where(and(live, eq(l.animalId, animalId), eq(l.logDate, day), await listDataScope(call, basicLog.name)));
    return row ? await toLogRecord(row, call) : {};
  });

  /**
   * The month calendar in one statement (decision 0029): subject, species, cage, the month's logs with their
   * keepers' names, built as the answer's JSON by PostgreSQL. It was six statements (subject, logs, species,
   * cage, keepers), and at 10 M logs the request's time went to those round trips and their drizzle/pg handling,
   * not to the index range scan of the month (and, under CPU contention, to the count of round trips: this
   * statement carries the COMMIT, `finalStatement`). Same rules as before: a removed animal's calendar still shows, the
   * data scope of the caller's roles filters the logs, row-level security the tenant.
   */
  route(app, basicLogEndpoints.month, async (call) => {
    const { year, month, animalId } = call.query;
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const to = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const scope = (await listDataScope(call, basicLog.name)) ?? sql`true`;
    // The last statement of this read-only request: it travels with COMMIT (two round trips per request, not three).
    const [row] = await finalStatement<{ j: string }>(
      call.db,
      sql`with s as (
            select 1 as t, a.id, case when a.animal_name = '' then a.local_no else a.animal_name || ' (' || a.local_no || ')' end as name, a.species_id, a.cage_id
              from zoo_animal a where a.id = ${animalId}
            union all
            select 2, p.id, p.population_name, p.species_id, p.cage_id from zoo_population p where p.id = ${animalId}
            order by 1 limit 1)
          select json_build_object(
            'animalType', s.t, 'animalId', s.id::text, 'animalName', s.name,
            'speciesName', coalesce((select species_name from zoo_species where id = s.species_id), ''),
            'cageName', coalesce((select cage_name from zoo_cage where id = s.cage_id), ''),
            'days', coalesce((
              select json_agg(json_build_object(
                       'day', to_char(zoo_basic_log.log_date, 'YYYY-MM-DD'), 'id', zoo_basic_log.id::text,
                       'intake', zoo_basic_log.intake, 'health', zoo_basic_log.health,
                       'keeperName', coalesce((select coalesce(nullif(u.real_name, ''), u.account) from blade_user u where u.id = zoo_basic_log.keeper_id), ''))
                     order by zoo_basic_log.log_date)
                from zoo_basic_log
               where zoo_basic_log.animal_id = s.id and zoo_basic_log.is_deleted = 0
                 and zoo_basic_log.log_date >= ${from}::date and zoo_basic_log.log_date < ${to}::date and ${scope}), '[]'::json)
          )::text as j
          from s`,
    );
    if (!row) throw new BizError(SUBJECT_MISSING);
    return new PreSerialized(row.j) as never;
  });

  route(app, basicLogEndpoints.percent, async ({ db, session }) => percentOf(await round(db, session.userId, await today(db))));

  route(app, basicLogEndpoints.round, async (call) => {
    const day = await today(call.db);
    const r = await round(call.db, call.session.userId, day);
    const items = await Promise.all(
      r.map(async (x) => {
        const [species, cage] = await Promise.all([speciesOf(call)(x.species_id), cageOf(call)(x.cage_id || null)]);
        return {
          animalType: x.animal_type,
          animalId: x.animal_id,
          animalName: x.animal_name,
          speciesName: species?.speciesName ?? '',
          cageId: x.cage_id,
          cageName: cage?.cageName ?? '',
          quantity: x.quantity,
          logId: x.log_id ?? '',
          logVersion: x.log_version ?? 0,
          health: x.health ?? ('' as const),
          lastDiet: dietOut(x.last_diet),
          log: x.log ? { ...x.log, diet: dietOut(x.log.diet) } : {},
        };
      }),
    );
    return { day, items, ...percentOf(r) };
  });
}
