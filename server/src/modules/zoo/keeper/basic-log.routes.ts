import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { basicLog, basicLogEndpoints, type DietItem } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { listDataScope, resourceRoutes } from '../../../platform/resource/resource-routes';
import { speciesOf, cageOf, userOf } from '../shared/lookups';
import { dietOut, nowHm, overallIntake, refuseFuture, rows, SUBJECT_MISSING, subjectOf, toLogRecord, today } from './basic-log.service';
import { zooBasicLog } from './keeper.tables';

const l = zooBasicLog;
const live = eq(l.isDeleted, 0);

interface RoundRow {
  animal_type: number;
  animal_id: string;
  animal_name: string;
  species_id: string;
  cage_id: string;
  quantity: number;
  log_id: string | null;
  health: number | null;
  last_diet: DietItem[] | null;
}

/**
 * The caller's round: individuals in stock in the cages the caller keeps (cage breeders) or assigned to the caller
 * directly (animal breeder), and populations with heads in those cages; each with today's log if any.
 */
async function round(db: Tx, userId: string, day: string): Promise<RoundRow[]> {
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
           coalesce(s.cage_id::text, '') as cage_id, s.quantity::int as quantity, l.id::text as log_id, l.health,
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
    defaultOrder: () => [desc(l.logDate), desc(l.id)],
    // All rows at once, so the name lookups of a page batch into one query per kind.
    toRecords: (rs, ctx) => Promise.all(rs.map((r) => toLogRecord(r, ctx))),
    beforeSave: async (input, { db, session }, existing) => {
      const subject = await subjectOf(db, input.animalId);
      if (!subject) throw new BizError(SUBJECT_MISSING);
      const day = await today(db);
      refuseFuture(input.logDate, day);
      const keeperId = input.keeperId ?? existing?.keeperId ?? session.userId;
      if (input.keeperId) await mustExist(db, bladeUser, input.keeperId, '所选饲养员不是本园用户');
      await refuseDuplicate(db, l, and(eq(l.animalId, subject.id), eq(l.logDate, input.logDate))!, existing, `「${subject.name}」${input.logDate} 已有饲养日志`);
      const diet = input.diet.map((d) => ({ food: d.food, amount: d.amount ?? null, unit: d.unit ?? '', intake: d.intake }));
      // Moving a log to another animal re-reads where that animal lives; otherwise the log keeps its place.
      const moved = !existing || existing.animalId !== subject.id;
      return {
        animalType: subject.animalType,
        animalId: subject.id,
        speciesId: moved ? subject.speciesId : existing.speciesId,
        cageId: moved ? subject.cageId : existing.cageId,
        keeperId,
        logTime: input.logTime ?? existing?.logTime ?? (input.logDate === day ? await nowHm(db) : ''),
        diet: diet as never,
        intake: overallIntake(diet, input.intake),
      };
    },
  });

  route(app, basicLogEndpoints.day, async (call) => {
    const { day, animalId } = call.query;
    const [row] = await call.db
      .select()
      .from(l)
      .where(and(live, eq(l.animalId, animalId), eq(l.logDate, day), await listDataScope(call, basicLog.name)));
    return row ? await toLogRecord(row, call) : {};
  });

  route(app, basicLogEndpoints.month, async (call) => {
    const { year, month, animalId } = call.query;
    const subject = await subjectOf(call.db, animalId, false);
    if (!subject) throw new BizError(SUBJECT_MISSING);
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const to = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const logs = await call.db
      .select({ day: l.logDate, id: l.id, intake: l.intake, health: l.health, keeperId: l.keeperId })
      .from(l)
      .where(and(live, eq(l.animalId, animalId), gte(l.logDate, from), lt(l.logDate, to), await listDataScope(call, basicLog.name)))
      .orderBy(asc(l.logDate));
    const [species, cage] = await Promise.all([speciesOf(call)(subject.speciesId), cageOf(call)(subject.cageId)]);
    const days = await Promise.all(
      logs.map(async (x) => {
        const keeper = await userOf(call)(x.keeperId);
        return { day: x.day, id: x.id, intake: x.intake, health: x.health, keeperName: keeper ? keeper.realName || keeper.account : '' };
      }),
    );
    return {
      animalType: subject.animalType,
      animalId: subject.id,
      animalName: subject.name,
      speciesName: species?.speciesName ?? '',
      cageName: cage?.cageName ?? '',
      days,
    };
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
        health: x.health ?? ('' as const),
        lastDiet: dietOut(x.last_diet),
      };
      }),
    );
    return { day, items, ...percentOf(r) };
  });
}
