import { sql, type SQL } from 'drizzle-orm';
import { TIMELINE_KINDS } from '@zoo/contract';

export type Row = {
  found: number;
  total: number;
  page: Array<{ k: number; id: string; at: string; title: string | null; detail: string | null; flag: number; subject: string | null }>;
};

/** The medical tables whose changes and removals the timeline shows, and the kind each record is. */
export const MEDICAL_TABLES = [
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

type Kind = (typeof TIMELINE_KINDS)[number];
const kindNo = (kind: Kind) => sql.raw(String(TIMELINE_KINDS.indexOf(kind)));

/**
 * One kind of entry of the first pass: its table, its time and the columns that order it as that time does, so
 * that a branch's own `order by … limit` can walk its (tenant, animal, date) index. A time of day is 'HH:mm' (the
 * contract's pattern), so its text orders as the time; '' counts as 00:00, as in `at`.
 */
interface Branch {
  kind: Kind;
  table: string;
  at: string;
  keys: string[];
  where?: string;
}
const day = (kind: Kind, table: string, col: string): Branch => ({ kind, table, at: `${col}::timestamp`, keys: [col] });
const BRANCHES: Branch[] = [
  day('case', 'zoo_med_case', 'open_date'),
  day('treatment', 'zoo_med_treatment', 'start_date'),
  {
    kind: 'administration',
    table: 'zoo_med_administration',
    at: `due_date + coalesce(nullif(given_time, ''), '00:00')::time`,
    keys: ['due_date', `coalesce(nullif(given_time, ''), '00:00')`],
  },
  day('anaesthesia', 'zoo_med_anaesthesia', 'proc_date'),
  day('lab', 'zoo_med_lab', 'sample_date'),
  day('vaccination', 'zoo_med_vaccination', 'given_date'),
  day('weight', 'zoo_med_weight', 'weigh_date'),
  day('quarantine', 'zoo_med_quarantine', 'start_date'),
  day('necropsy', 'zoo_med_necropsy', 'necropsy_date'),
  {
    kind: 'log',
    table: 'zoo_basic_log',
    at: `log_date + coalesce(nullif(log_time, ''), '00:00')::time`,
    keys: ['log_date', `coalesce(nullif(log_time, ''), '00:00')`],
    where: 'animal_type = 1 and is_deleted = 0',
  },
  { kind: 'movement', table: 'zoo_stock_log', at: 'event_date', keys: ['event_date'], where: 'true' },
];

/**
 * The timeline's one statement (see `timelineRoutes`): the animal's existence, its entry count and one page.
 *
 * The count adds up each branch's `count(*)`, no row carried. The page is then taken from whichever end of the
 * timeline is nearer: each branch gives its first `offset + size` entries newest first (or, past the middle, its
 * first `total − offset` oldest first), an index walk stopped early, and only those are sorted together. A first
 * page thus reads about 20 entries of each kind instead of all 20 k; the deepest page reads half of them. The
 * direction is decided inside the statement from the count (a one-time filter skips the other end's branches).
 */
export function timelineStatement(animalId: string, current: number, size: number): SQL {
  const a = sql`${animalId}::bigint`;
  const k = kindNo;
  const off = (current - 1) * size;
  const end = (dir: 'desc' | 'asc', limit: SQL, gate: SQL) =>
    sql.join(
      [
        ...BRANCHES.map(
          (b) => sql`(select ${k(b.kind)} as k, id, ${sql.raw(b.at)} as at from ${sql.raw(b.table)}
              where animal_id = ${a} and ${sql.raw(b.where ?? 'is_deleted = 0')} and ${gate}
              order by ${sql.raw([...b.keys, 'id'].map((c) => `${c} ${dir}`).join(', '))} limit ${limit})`,
        ),
        sql`(select ${k('audit')}, id, create_time from sys_audit where table_name = 'zoo_animal' and record_id = ${animalId} and ${gate}
              order by create_time ${sql.raw(dir)}, id ${sql.raw(dir)} limit ${limit})`,
        sql`(select k, id, at from ch where ${gate} order by at ${sql.raw(dir)}, id ${sql.raw(dir)} limit ${limit})`,
      ],
      sql`
      union all `,
    );
  return sql`
    with changes(id, at, tbl, rid) as materialized (
      select id, create_time, table_name, record_id::bigint from sys_audit
       where table_name in (${sql.join(
         MEDICAL_TABLES.map(([table]) => sql`${table}`),
         sql`, `,
       )}) and action <> 'create'
    ),
    ch(k, id, at) as materialized (
      ${sql.join(
        MEDICAL_TABLES.map(
          ([table]) => sql`select ${k('audit')}, c.id, c.at from changes c join ${sql.raw(table)} m on m.id = c.rid
             where c.tbl = ${table} and m.animal_id = ${a}`,
        ),
        sql`
      union all `,
      )}
    ),
    n as materialized (
      select ${sql.join(
        [
          ...BRANCHES.map((b) => sql`(select count(*) from ${sql.raw(b.table)} where animal_id = ${a} and ${sql.raw(b.where ?? 'is_deleted = 0')})`),
          sql`(select count(*) from sys_audit where table_name = 'zoo_animal' and record_id = ${animalId})`,
          sql`(select count(*) from ch)`,
        ],
        sql` + `,
      )} as total
    ),
    g as materialized (select total, total < ${2 * off + size} as rev from n),
    page as (
      (select k, id, at from (${end('desc', sql`${off + size}`, sql`not (select rev from g)`)}) x
        order by at desc, id desc limit ${size} offset ${off})
      union all
      (select k, id, at from (${end('asc', sql`greatest((select total from g) - ${off}, 0)`, sql`(select rev from g)`)}) x
        order by at, id limit least(${size}, greatest((select total from g) - ${off}, 0)) offset greatest((select total from g) - ${off + size}, 0))
    ),
    words(k, id, title, detail, flag, subject) as (
      select ${k('case')}, c.id, c.complaint, c.diagnosis, 0, '' from page p join zoo_med_case c on c.id = p.id where p.k = ${k('case')}
      union all
      select ${k('treatment')}, t.id, coalesce(d.drug_name, '') || ' ' || t.dose_mg_kg::float8 || ' mg/kg = ' || t.dose_mg::float8 || ' mg × '
                   || t.frequency || '/d × ' || t.duration_days || 'd', t.remark, t.out_of_range, ''
        from page p join zoo_med_treatment t on t.id = p.id left join zoo_med_drug d on d.id = t.drug_id where p.k = ${k('treatment')}
      union all
      select ${k('administration')}, m.id, coalesce(d.drug_name, '') || ' #' || m.slot || ' ' || m.admin_status, m.remark, (m.admin_status <> 1)::int, ''
        from page p join zoo_med_administration m on m.id = p.id left join zoo_med_treatment t on t.id = m.treatment_id left join zoo_med_drug d on d.id = t.drug_id
       where p.k = ${k('administration')}
      union all
      select ${k('anaesthesia')}, x.id, x.procedure, x.complications, x.out_of_range, '' from page p join zoo_med_anaesthesia x on x.id = p.id where p.k = ${k('anaesthesia')}
      union all
      select ${k('lab')}, l.id, l.test_name || ' ' || coalesce(l.value::float8::text, l.text_value) || case when l.unit = '' then '' else ' ' || l.unit end,
             l.laboratory, (l.flag <> 0)::int, ''
        from page p join zoo_med_lab l on l.id = p.id where p.k = ${k('lab')}
      union all
      select ${k('vaccination')}, v.id, v.product, v.batch_no, 0, '' from page p join zoo_med_vaccination v on v.id = p.id where p.k = ${k('vaccination')}
      union all
      select ${k('weight')}, w.id, w.weight_kg::float8 || ' kg', w.remark, 0, '' from page p join zoo_med_weight w on w.id = p.id where p.k = ${k('weight')}
      union all
      select ${k('quarantine')}, q.id, to_char(q.end_date, 'YYYY-MM-DD'), q.findings, (q.quarantine_status = 1)::int, '' from page p join zoo_med_quarantine q on q.id = p.id where p.k = ${k('quarantine')}
      union all
      select ${k('necropsy')}, n.id, n.cause_of_death, n.findings, 1, '' from page p join zoo_med_necropsy n on n.id = p.id where p.k = ${k('necropsy')}
      union all
      select ${k('log')}, g.id, g.health::text, g.remark, (g.health = 3)::int, '' from page p join zoo_basic_log g on g.id = p.id where p.k = ${k('log')}
      union all
      select ${k('movement')}, s.id, s.movement_type, concat_ws(' ', nullif(s.reason, ''), nullif(s.remark, '')), (s.reversed_id is not null)::int, ''
        from page p join zoo_stock_log s on s.id = p.id where p.k = ${k('movement')}
      union all
      select ${k('audit')}, u.id, u.action, case when u.action = 'create' then '' else coalesce((select string_agg(key, ', ' order by key) from jsonb_object_keys(u.changes) key), '') end, 0,
             case u.table_name ${sql.join(
               MEDICAL_TABLES.map(([table, kind]) => sql`when ${table} then ${kind}`),
               sql` `,
             )} else 'animal' end
        from page p join sys_audit u on u.id = p.id where p.k = ${k('audit')}
    )
    select (select count(*) from zoo_animal where id = ${a} and is_deleted = 0)::int as found,
           (select total from g)::int as total,
           coalesce((select json_agg(json_build_object('k', p.k, 'id', p.id::text, 'at', to_char(p.at, 'YYYY-MM-DD HH24:MI:SS'),
                                                       'title', w.title, 'detail', w.detail, 'flag', w.flag, 'subject', w.subject) order by p.at desc, p.id desc)
                       from page p left join words w on w.k = p.k and w.id = p.id), '[]') as page`;
}
