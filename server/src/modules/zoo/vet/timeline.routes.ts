import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { vetRoundEndpoints, type TimelineEntry } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { pageOf } from '../../../platform/resource/paging';
import { ANIMAL_MISSING } from './vet-shared';

/**
 * An animal's merged timeline (decision 0038, third slice): every medical record of the animal, its keeper logs,
 * its stock movements and the audit rows of the animal itself, newest first, one page per call, in one statement.
 * Each branch reads its table's (tenant, animal, date) index; the page is cut after a single sort of the animal's
 * entries (≈ 20 k for ten years); the total is counted from the same materialised set.
 * Row-level security keeps another zoo's rows out; the animal's existence is checked in the same statement.
 */
export function timelineRoutes(app: FastifyInstance): void {
  route(app, vetRoundEndpoints.timeline, async ({ db, query }) => {
    const { animalId, current, size } = query;
    const a = sql`${animalId}::bigint`;
    const res = (await db.execute(sql`
      with e(kind, id, at, title, detail, flag) as (
        select 'case', c.id, c.open_date::timestamp, c.complaint, c.diagnosis, 0
          from zoo_med_case c where c.animal_id = ${a} and c.is_deleted = 0
        union all
        select 'treatment', t.id, t.start_date::timestamp,
               coalesce(d.drug_name, '') || ' ' || t.dose_mg_kg::float8 || ' mg/kg = ' || t.dose_mg::float8 || ' mg × ' || t.frequency || '/d × ' || t.duration_days || 'd',
               t.remark, t.out_of_range
          from zoo_med_treatment t left join zoo_med_drug d on d.id = t.drug_id
         where t.animal_id = ${a} and t.is_deleted = 0
        union all
        select 'administration', m.id, m.due_date + coalesce(nullif(m.given_time, '')::time, time '00:00'),
               coalesce(d.drug_name, '') || ' #' || m.slot || ' ' || m.admin_status, m.remark, (m.admin_status <> 1)::int
          from zoo_med_administration m
          left join zoo_med_treatment t on t.id = m.treatment_id
          left join zoo_med_drug d on d.id = t.drug_id
         where m.animal_id = ${a} and m.is_deleted = 0
        union all
        select 'anaesthesia', x.id, x.proc_date::timestamp, x.procedure, x.complications, x.out_of_range
          from zoo_med_anaesthesia x where x.animal_id = ${a} and x.is_deleted = 0
        union all
        select 'lab', l.id, l.sample_date::timestamp,
               l.test_name || ' ' || coalesce(l.value::float8::text, l.text_value) || case when l.unit = '' then '' else ' ' || l.unit end,
               l.laboratory, (l.flag <> 0)::int
          from zoo_med_lab l where l.animal_id = ${a} and l.is_deleted = 0
        union all
        select 'vaccination', v.id, v.given_date::timestamp, v.product, v.batch_no, 0
          from zoo_med_vaccination v where v.animal_id = ${a} and v.is_deleted = 0
        union all
        select 'weight', w.id, w.weigh_date::timestamp, w.weight_kg::float8 || ' kg', w.remark, 0
          from zoo_med_weight w where w.animal_id = ${a} and w.is_deleted = 0
        union all
        select 'quarantine', q.id, q.start_date::timestamp, to_char(q.end_date, 'YYYY-MM-DD'), q.findings, (q.quarantine_status = 1)::int
          from zoo_med_quarantine q where q.animal_id = ${a} and q.is_deleted = 0
        union all
        select 'necropsy', n.id, n.necropsy_date::timestamp, n.cause_of_death, n.findings, 1
          from zoo_med_necropsy n where n.animal_id = ${a} and n.is_deleted = 0
        union all
        select 'log', g.id, g.log_date + coalesce(nullif(g.log_time, '')::time, time '00:00'), g.health::text, g.remark, (g.health = 3)::int
          from zoo_basic_log g where g.animal_id = ${a} and g.animal_type = 1 and g.is_deleted = 0
        union all
        select 'movement', s.id, s.event_date, s.movement_type, s.reason || case when s.reason <> '' and s.remark <> '' then ' ' else '' end || s.remark,
               (s.reversed_id is not null)::int
          from zoo_stock_log s where s.animal_id = ${a}
        union all
        select 'audit', u.id, u.create_time, u.action, coalesce((select string_agg(k, ', ' order by k) from jsonb_object_keys(u.changes) k), ''), 0
          from sys_audit u where u.table_name = 'zoo_animal' and u.record_id = ${animalId}
      )
      select (select count(*) from zoo_animal where id = ${a} and is_deleted = 0)::int as found,
             (select count(*) from e)::int as total,
             coalesce((select json_agg(p order by p.at desc, p.kind, p.id desc) from (
               select kind, id::text as id, to_char(at, 'YYYY-MM-DD HH24:MI:SS') as at_text, at, title, detail, flag
                 from e order by at desc, kind, id desc
                limit ${size} offset ${(current - 1) * size}) p), '[]') as page`)) as unknown as {
      rows: Array<{ found: number; total: number; page: Array<TimelineEntry & { at_text: string }> }>;
    };
    const row = res.rows[0]!;
    if (!row.found) throw new BizError(ANIMAL_MISSING);
    const total = Number(row.total);
    const records: TimelineEntry[] = row.page.map((p) => ({
      kind: p.kind,
      id: p.id,
      at: p.at_text,
      title: p.title ?? '',
      detail: p.detail ?? '',
      flag: Number(p.flag),
    }));
    return pageOf(records, total, { current, size });
  });
}
