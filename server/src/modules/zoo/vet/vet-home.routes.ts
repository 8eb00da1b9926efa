import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HOME_KEEPER_ALERT_DAYS, HOME_QUARANTINE_DAYS, HOME_VACCINATION_DAYS, vetRoundEndpoints, type VetHome } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { HEALTH_ABNORMAL } from './keeper-alert';
import { weightAlertSettings, weightChange } from './weight-alert';

/** How many rows each list of the home shows (the full lists are the menus' own screens). */
const LIMIT = 50;

type Lists = {
  today: string;
  cases: VetHome['openCases'];
  vaccinations: VetHome['vaccinationsDue'];
  quarantines: VetHome['quarantinesEnding'];
  weights: Array<Omit<VetHome['weightAlerts'][number], 'changePct'> & { baseKg: number }>;
  logs: VetHome['keeperAlerts'];
};

/**
 * The vet's home (decision 0038, third slice): what needs a vet today, in one statement. Open cases (not closed);
 * vaccinations whose latest dose of each animal and product falls due within 30 days or is overdue; quarantines in
 * force ending within 7 days (or past their end, waiting for a release); weighings of the alert window whose change
 * crossed the threshold; keeper logs marked abnormal in the last 14 days that no case was opened from — the keepers'
 * notices to the vets, which leave the list once a case names them.
 */
export function vetHomeRoutes(app: FastifyInstance): void {
  route(app, vetRoundEndpoints.home, async ({ db, session }): Promise<VetHome> => {
    const { pct, days } = await weightAlertSettings(db, session.tenantId);
    const name = (alias: string) => sql.raw(`coalesce(nullif(${alias}.animal_name, '') || ' (' || ${alias}.local_no || ')', ${alias}.local_no, '')`);
    const res = (await db.execute(sql`
      select to_char(current_date, 'YYYY-MM-DD') as today,
        coalesce((select json_agg(x) from (
          select c.id::text as id, c.animal_id::text as "animalId", ${name('a')} as "animalName", to_char(c.open_date, 'YYYY-MM-DD') as "openDate",
                 c.complaint, c.case_status as "caseStatus"
            from zoo_med_case c left join zoo_animal a on a.id = c.animal_id
           where c.is_deleted = 0 and c.case_status <> 3
           order by c.open_date, c.id limit ${LIMIT}) x), '[]') as cases,
        coalesce((select json_agg(x) from (
          select v.id::text as id, v.animal_id::text as "animalId", ${name('a')} as "animalName", v.product,
                 to_char(v.next_due, 'YYYY-MM-DD') as "nextDue", (v.next_due - current_date)::int as days
            from zoo_med_vaccination v left join zoo_animal a on a.id = v.animal_id
           where v.is_deleted = 0 and v.next_due is not null and v.next_due <= current_date + ${HOME_VACCINATION_DAYS}::int
             and coalesce(a.status, 1) = 1
             and not exists (select 1 from zoo_med_vaccination l
                              where l.animal_id = v.animal_id and l.product = v.product and l.is_deleted = 0
                                and (l.given_date, l.id) > (v.given_date, v.id))
           order by v.next_due, v.id limit ${LIMIT}) x), '[]') as vaccinations,
        coalesce((select json_agg(x) from (
          select q.id::text as id, q.animal_id::text as "animalId", ${name('a')} as "animalName", to_char(q.end_date, 'YYYY-MM-DD') as "endDate",
                 (q.end_date - current_date)::int as days
            from zoo_med_quarantine q left join zoo_animal a on a.id = q.animal_id
           where q.is_deleted = 0 and q.quarantine_status = 1 and q.end_date <= current_date + ${HOME_QUARANTINE_DAYS}::int
           order by q.end_date, q.id limit ${LIMIT}) x), '[]') as quarantines,
        coalesce((select json_agg(x) from (
          select w.id::text as id, w.animal_id::text as "animalId", ${name('a')} as "animalName", to_char(w.weigh_date, 'YYYY-MM-DD') as "weighDate",
                 w.weight_kg::float8 as "weightKg", b.weight_kg::float8 as "baseKg"
            from zoo_med_weight w
            left join zoo_animal a on a.id = w.animal_id
            cross join lateral (select l.weight_kg from zoo_med_weight l
                                 where l.animal_id = w.animal_id and l.is_deleted = 0
                                   and l.weigh_date >= w.weigh_date - ${days}::int and l.weigh_date < w.weigh_date
                                 order by l.weigh_date, l.id limit 1) b
           where w.is_deleted = 0 and w.weigh_date > current_date - ${days}::int
             and abs(w.weight_kg - b.weight_kg) * 100 > ${pct}::int * b.weight_kg
           order by w.weigh_date desc, w.id desc limit ${LIMIT}) x), '[]') as weights,
        coalesce((select json_agg(x) from (
          select g.id::text as id, g.animal_id::text as "animalId", ${name('a')} as "animalName", to_char(g.log_date, 'YYYY-MM-DD') as "logDate",
                 coalesce(nullif(u.real_name, ''), u.account, '') as "keeperName", g.remark
            from zoo_basic_log g
            left join zoo_animal a on a.id = g.animal_id
            left join blade_user u on u.id = coalesce(g.keeper_id, g.create_user)
           where g.is_deleted = 0 and g.animal_type = 1 and g.health = ${HEALTH_ABNORMAL}
             and g.log_date > current_date - ${HOME_KEEPER_ALERT_DAYS}::int
             and not exists (select 1 from zoo_med_case c where c.basic_log_id = g.id and c.is_deleted = 0)
           order by g.log_date desc, g.id desc limit ${LIMIT}) x), '[]') as logs`)) as unknown as { rows: Lists[] };
    const r = res.rows[0]!;
    return {
      today: r.today,
      openCases: r.cases,
      vaccinationsDue: r.vaccinations,
      quarantinesEnding: r.quarantines,
      weightAlerts: r.weights.map(({ baseKg, ...w }) => ({ ...w, changePct: weightChange(w.weightKg, baseKg, pct).changePct })),
      keeperAlerts: r.logs,
    };
  });
}
