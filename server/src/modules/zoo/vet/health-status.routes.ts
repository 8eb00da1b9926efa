import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { vetCareEndpoints, type HealthStatus } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { ANIMAL_MISSING } from './vet-shared';

type Row = {
  found: boolean;
  cases: HealthStatus['openCases'];
  treatments: HealthStatus['ongoingTreatments'];
  quarantine: Exclude<HealthStatus['quarantine'], ''> | null;
};

/**
 * An animal's health on a date (decision 0038) in one statement: cases open that day (opened on or before it, not
 * closed by then), treatments running that day (start ≤ day < start + duration) and the quarantine it was in
 * (started on or before the day, not released by then). Row-level security keeps another zoo's animal out.
 */
export function healthStatusRoutes(app: FastifyInstance): void {
  route(app, vetCareEndpoints.healthStatus, async ({ db, query }): Promise<HealthStatus> => {
    const { animalId, date } = query;
    const res = (await db.execute(sql`
      select exists (select 1 from zoo_animal where id = ${animalId}::bigint and is_deleted = 0) as found,
        coalesce((select json_agg(json_build_object('id', c.id::text, 'openDate', to_char(c.open_date, 'YYYY-MM-DD'),
                    'complaint', c.complaint, 'diagnosis', c.diagnosis, 'caseStatus', c.case_status) order by c.open_date, c.id)
                    from zoo_med_case c
                   where c.animal_id = ${animalId}::bigint and c.is_deleted = 0 and c.open_date <= ${date}::date
                     and (c.close_date is null or c.close_date > ${date}::date)), '[]'::json) as cases,
        coalesce((select json_agg(json_build_object('id', t.id::text, 'caseId', t.case_id::text, 'drugName', coalesce(d.drug_name, ''),
                    'startDate', to_char(t.start_date, 'YYYY-MM-DD'), 'durationDays', t.duration_days, 'doseMg', t.dose_mg) order by t.start_date, t.id)
                    from zoo_med_treatment t left join zoo_med_drug d on d.id = t.drug_id
                   where t.animal_id = ${animalId}::bigint and t.is_deleted = 0 and t.start_date <= ${date}::date
                     and t.start_date + t.duration_days > ${date}::date), '[]'::json) as treatments,
        (select json_build_object('id', q.id::text, 'startDate', to_char(q.start_date, 'YYYY-MM-DD'), 'endDate', to_char(q.end_date, 'YYYY-MM-DD'),
                 'releaseDate', coalesce(to_char(q.release_date, 'YYYY-MM-DD'), ''))
           from zoo_med_quarantine q
          where q.animal_id = ${animalId}::bigint and q.is_deleted = 0 and q.start_date <= ${date}::date
            and (q.release_date is null or q.release_date > ${date}::date)
          order by q.start_date desc, q.id desc limit 1) as quarantine`)) as unknown as { rows: Row[] };
    const row = res.rows[0]!;
    if (!row.found) throw new BizError(ANIMAL_MISSING);
    return {
      animalId,
      date,
      openCases: row.cases,
      ongoingTreatments: row.treatments.map((t) => ({ ...t, doseMg: Number(t.doseMg) })),
      quarantine: row.quarantine ?? '',
    };
  });
}
