import type { FastifyInstance } from 'fastify';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { medAdministration, vetRoundEndpoints, type MedAdministrationRecord, type RoundDose } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { userOf } from '../shared/lookups';
import { zooMedAdministration } from './round.tables';
import { zooMedTreatment } from './vet.tables';
import { animalName, drugNameOf, refuseFuture } from './vet-shared';

const m = zooMedAdministration;

/**
 * Administrations (decision 0038, third slice): a treatment's schedule is its start date, frequency per day and
 * duration; each scheduled dose is shown on the round of its day and ticked given, missed or refused. A tick is a
 * row; the schedule is not stored, so editing a prescription's course moves what the round shows.
 */
export function administrationRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: m,
    def: medAdministration,
    defaultOrder: () => [desc(m.dueDate), desc(m.slot), desc(m.id)],
    toRecords: (rs, ctx): Promise<MedAdministrationRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const [t] = await ctx.db.select({ drugId: zooMedTreatment.drugId }).from(zooMedTreatment).where(eq(zooMedTreatment.id, r.treatmentId));
          const [name, drug, user] = await Promise.all([animalName(ctx, r.animalId), t ? drugNameOf(ctx)(t.drugId) : undefined, userOf(ctx)(r.createUser)]);
          return { ...r, animalName: name, drugName: drug ?? '', executorName: user ? user.realName || user.account : '' } as never;
        }),
      ),
    beforeSave: async (input, { db }, existing) => {
      const t = await mustExist(db, zooMedTreatment, input.treatmentId, '所选处方不存在');
      if (existing && (existing.treatmentId !== t.id || existing.dueDate !== input.dueDate || existing.slot !== input.slot))
        throw new BizError('给药记录不能改到另一处方、日期或次序');
      refuseFuture(input.dueDate, await today(db), '给药日期');
      const [{ inCourse }] = (
        (await db.execute(
          sql`select (${input.dueDate}::date >= ${t.startDate}::date and ${input.dueDate}::date < ${t.startDate}::date + ${t.durationDays}::int) as "inCourse"`,
        )) as unknown as { rows: Array<{ inCourse: boolean }> }
      ).rows as [{ inCourse: boolean }];
      if (!inCourse) throw new BizError('该日期不在处方疗程内');
      if (input.slot > t.frequency) throw new BizError(`次序超出每日给药次数(${t.frequency}次)`);
      const [dup] = await db
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.treatmentId, t.id), eq(m.dueDate, input.dueDate), eq(m.slot, input.slot), eq(m.isDeleted, 0), ne(m.id, existing?.id ?? '0')))
        .limit(1);
      if (dup) throw new BizError('该次给药已登记');
      return { animalId: t.animalId, givenTime: input.givenTime ?? '' };
    },
  });

  route(app, vetRoundEndpoints.round, async ({ db, query }) => {
    const day = query.date ?? (await today(db));
    const res = (await db.execute(sql`
      select t.id::text as "treatmentId", t.animal_id::text as "animalId",
             coalesce(nullif(a.animal_name, '') || ' (' || a.local_no || ')', a.local_no, '') as "animalName",
             coalesce(c.cage_name, '') as "cageName", coalesce(d.drug_name, '') as "drugName",
             t.dose_mg::float8 as "doseMg", t.amount::float8 as amount, t.concentration_unit as "concentrationUnit", t.route,
             s.slot, t.frequency, coalesce(x.id::text, '') as "administrationId", coalesce(x.admin_status, 0) as "adminStatus",
             coalesce(x.given_time, '') as "givenTime"
        from zoo_med_treatment t
        cross join lateral generate_series(1, t.frequency) as s(slot)
        left join zoo_animal a on a.id = t.animal_id
        left join zoo_cage c on c.id = a.cage_id
        left join zoo_med_drug d on d.id = t.drug_id
        left join zoo_med_administration x on x.treatment_id = t.id and x.due_date = ${day}::date and x.slot = s.slot and x.is_deleted = 0
       where t.is_deleted = 0 and t.start_date <= ${day}::date and t.start_date + t.duration_days > ${day}::date
       order by c.cage_name nulls last, "animalName", t.id, s.slot`)) as unknown as { rows: Array<RoundDose & { amount: number | null }> };
    return { day, doses: res.rows.map((r) => ({ ...r, amount: r.amount ?? ('' as const) })) };
  });
}
