import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { TIMELINE_KINDS, vetRoundEndpoints, type TimelineEntry } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { pageOf } from '../../../platform/resource/paging';
import { ANIMAL_MISSING } from './vet-shared';

type Row = {
  found: number;
  total: number;
  page: Array<{ k: number; id: string; at: string; title: string | null; detail: string | null; flag: number; subject: string | null }>;
};

/** The medical tables whose changes and removals the timeline shows, and the kind each record is. */
const MEDICAL_TABLES = [
  ['zoo_med_case', 'case'],
  ['zoo_med_treatment', 'treatment'],
  ['zoo_med_administration', 'administration'],
  ['zoo_med_anaesthesia', 'anaesthesia'],
  ['zoo_med_lab', 'lab'],
  ['zoo_med_vaccination', 'vaccination'],
  ['zoo_med_weight', 'weight'],
  ['zoo_med_quarantine', 'quarantine'],
  ['zoo_med_necropsy', 'necropsy'],
] as const;

/**
 * An animal's merged timeline (decision 0038, third slice): every medical record of the animal, its keeper logs,
 * its stock movements and the audit rows of the animal itself, newest first, one page per call, in one statement.
 *
 * Two passes in that statement. The first collects only (kind, id, time) of the animal's entries — each branch an
 * index range of its table's (tenant, animal, …) index, no joins, no text — and sorts those narrow rows by
 * (time, id) (ids are unique across tables), keeping one page; the total is counted from the same set. The second
 * fetches the page's own rows (≤ `size`, by primary key) for their wording. Ten years of one animal (≈ 20 k
 * entries) thus sort as 20 k small tuples instead of 20 k rows carrying text. Kinds travel as their index in
 * `TIMELINE_KINDS`. Row-level security keeps another zoo's rows out; the animal's existence is read alongside.
 *
 * Audit rows: every change of the animal record, and the changes and removals (not the creations: the record is
 * its own entry) of the animal's medical records, removed ones included. Those branches start from the zoo's
 * changes of each medical table (`sys_audit_change_idx`, creations left out) and keep the ones whose record, read
 * by primary key, is this animal's: the range grows with the zoo's edits, not with the animal's records.
 */
export function timelineRoutes(app: FastifyInstance): void {
  route(app, vetRoundEndpoints.timeline, async ({ db, query }) => {
    const { animalId, current, size } = query;
    const a = sql`${animalId}::bigint`;
    const k = (kind: (typeof TIMELINE_KINDS)[number]) => sql.raw(String(TIMELINE_KINDS.indexOf(kind)));
    const res = (await db.execute(sql`
      with e(k, id, at) as materialized (
        select ${k('case')}, id, open_date::timestamp from zoo_med_case where animal_id = ${a} and is_deleted = 0
        union all select ${k('treatment')}, id, start_date::timestamp from zoo_med_treatment where animal_id = ${a} and is_deleted = 0
        union all select ${k('administration')}, id, due_date + coalesce(nullif(given_time, '')::time, time '00:00')
                    from zoo_med_administration where animal_id = ${a} and is_deleted = 0
        union all select ${k('anaesthesia')}, id, proc_date::timestamp from zoo_med_anaesthesia where animal_id = ${a} and is_deleted = 0
        union all select ${k('lab')}, id, sample_date::timestamp from zoo_med_lab where animal_id = ${a} and is_deleted = 0
        union all select ${k('vaccination')}, id, given_date::timestamp from zoo_med_vaccination where animal_id = ${a} and is_deleted = 0
        union all select ${k('weight')}, id, weigh_date::timestamp from zoo_med_weight where animal_id = ${a} and is_deleted = 0
        union all select ${k('quarantine')}, id, start_date::timestamp from zoo_med_quarantine where animal_id = ${a} and is_deleted = 0
        union all select ${k('necropsy')}, id, necropsy_date::timestamp from zoo_med_necropsy where animal_id = ${a} and is_deleted = 0
        union all select ${k('log')}, id, log_date + coalesce(nullif(log_time, '')::time, time '00:00')
                    from zoo_basic_log where animal_id = ${a} and animal_type = 1 and is_deleted = 0
        union all select ${k('movement')}, id, event_date from zoo_stock_log where animal_id = ${a}
        union all select ${k('audit')}, id, create_time from sys_audit where table_name = 'zoo_animal' and record_id = ${animalId}
        ${sql.join(
          MEDICAL_TABLES.map(
            ([table]) => sql`union all select ${k('audit')}, u.id, u.create_time from sys_audit u
               where u.table_name = ${table} and u.action <> 'create'
                 and exists (select 1 from ${sql.raw(table)} m where m.id = u.record_id::bigint and m.animal_id = ${a})`,
          ),
          sql`
        `,
        )}
      ),
      page as (select k, id, at from e order by at desc, id desc limit ${size} offset ${(current - 1) * size}),
      words(k, id, title, detail, flag, subject) as (
        select ${k('case')}, c.id, c.complaint, c.diagnosis, 0, '' from zoo_med_case c where c.id in (select id from page)
        union all
        select ${k('treatment')}, t.id, coalesce(d.drug_name, '') || ' ' || t.dose_mg_kg::float8 || ' mg/kg = ' || t.dose_mg::float8 || ' mg × '
                     || t.frequency || '/d × ' || t.duration_days || 'd', t.remark, t.out_of_range, ''
          from zoo_med_treatment t left join zoo_med_drug d on d.id = t.drug_id where t.id in (select id from page)
        union all
        select ${k('administration')}, m.id, coalesce(d.drug_name, '') || ' #' || m.slot || ' ' || m.admin_status, m.remark, (m.admin_status <> 1)::int, ''
          from zoo_med_administration m left join zoo_med_treatment t on t.id = m.treatment_id left join zoo_med_drug d on d.id = t.drug_id
         where m.id in (select id from page)
        union all
        select ${k('anaesthesia')}, x.id, x.procedure, x.complications, x.out_of_range, '' from zoo_med_anaesthesia x where x.id in (select id from page)
        union all
        select ${k('lab')}, l.id, l.test_name || ' ' || coalesce(l.value::float8::text, l.text_value) || case when l.unit = '' then '' else ' ' || l.unit end,
               l.laboratory, (l.flag <> 0)::int, ''
          from zoo_med_lab l where l.id in (select id from page)
        union all
        select ${k('vaccination')}, v.id, v.product, v.batch_no, 0, '' from zoo_med_vaccination v where v.id in (select id from page)
        union all
        select ${k('weight')}, w.id, w.weight_kg::float8 || ' kg', w.remark, 0, '' from zoo_med_weight w where w.id in (select id from page)
        union all
        select ${k('quarantine')}, q.id, to_char(q.end_date, 'YYYY-MM-DD'), q.findings, (q.quarantine_status = 1)::int, '' from zoo_med_quarantine q where q.id in (select id from page)
        union all
        select ${k('necropsy')}, n.id, n.cause_of_death, n.findings, 1, '' from zoo_med_necropsy n where n.id in (select id from page)
        union all
        select ${k('log')}, g.id, g.health::text, g.remark, (g.health = 3)::int, '' from zoo_basic_log g where g.id in (select id from page)
        union all
        select ${k('movement')}, s.id, s.movement_type, concat_ws(' ', nullif(s.reason, ''), nullif(s.remark, '')), (s.reversed_id is not null)::int, ''
          from zoo_stock_log s where s.id in (select id from page)
        union all
        select ${k('audit')}, u.id, u.action, case when u.action = 'create' then '' else coalesce((select string_agg(key, ', ' order by key) from jsonb_object_keys(u.changes) key), '') end, 0,
               case u.table_name ${sql.join(
                 MEDICAL_TABLES.map(([table, kind]) => sql`when ${table} then ${kind}`),
                 sql` `,
               )} else 'animal' end
          from sys_audit u where u.id in (select id from page)
      )
      select (select count(*) from zoo_animal where id = ${a} and is_deleted = 0)::int as found,
             (select count(*) from e)::int as total,
             coalesce((select json_agg(json_build_object('k', p.k, 'id', p.id::text, 'at', to_char(p.at, 'YYYY-MM-DD HH24:MI:SS'),
                                                         'title', w.title, 'detail', w.detail, 'flag', w.flag, 'subject', w.subject) order by p.at desc, p.id desc)
                         from page p left join words w on w.k = p.k and w.id = p.id), '[]') as page`)) as unknown as { rows: Row[] };
    const row = res.rows[0]!;
    if (!row.found) throw new BizError(ANIMAL_MISSING);
    const records: TimelineEntry[] = row.page.map((p) => ({
      kind: TIMELINE_KINDS[p.k]!,
      id: p.id,
      at: p.at,
      title: p.title ?? '',
      detail: p.detail ?? '',
      flag: Number(p.flag ?? 0),
      subject: p.subject ?? '',
    }));
    return pageOf(records, Number(row.total), { current, size });
  });
}
