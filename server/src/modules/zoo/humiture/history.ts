import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rows } from '../keeper/basic-log.service';

/** Range → (span, bucket): a day by the hour, a week by the hour, a month by the day. */
export const RANGES = { day: ['1 day', 'hour'], week: ['7 days', 'hour'], month: ['30 days', 'day'] } as const;

export type Comfort = { names: string[]; tmin: number | null; tmax: number | null; hmin: number | null; hmax: number | null };

/** The comfort band of a cage: the narrowest band every species it holds now is comfortable in. */
export async function comfortOf(db: Tx, cageId: string): Promise<Comfort> {
  const [c] = await rows<{ names: string[] | null; tmin: number | null; tmax: number | null; hmin: number | null; hmax: number | null }>(
    db,
    sql`with held as (
          select species_id from zoo_animal where cage_id = ${cageId} and status = 1 and is_deleted = 0
          union select species_id from zoo_population where cage_id = ${cageId} and is_deleted = 0)
        select array_agg(s.species_name order by s.species_name) as names, max(s.temp_min) as tmin, min(s.temp_max) as tmax,
               max(s.humidity_min) as hmin, min(s.humidity_max) as hmax
          from zoo_species s where s.id in (select species_id from held)`,
  );
  return { names: c?.names ?? [], tmin: c?.tmin ?? null, tmax: c?.tmax ?? null, hmin: c?.hmin ?? null, hmax: c?.hmax ?? null };
}

type Fold = Record<'t_min' | 't_max' | 't_sum' | 'h_min' | 'h_max' | 'h_sum' | 'n', number>;
/** One hour of the range (null but the bounds when the range holds no reading). */
type HourRow = { from: string; to: string; hour: string | null } & Fold;
export type Bucket = Fold & { time: string; breach: boolean };

const below = (v: number, bound: number | null) => bound !== null && v < bound;
const above = (v: number, bound: number | null) => bound !== null && v > bound;
/** Some reading of a fold left the band: exactly when its minimum or maximum did. */
const breaches = (f: Fold, c: Comfort) => below(f.t_min, c.tmin) || above(f.t_max, c.tmax) || below(f.h_min, c.hmin) || above(f.h_max, c.hmax);

/**
 * A cage's readings over the last day, week or month, by bucket, with the number of readings outside today's band.
 * Whole hours come from their folds (`zoo_humiture_hour`, decision 0057): a month is 720 rows, not 43,000 readings.
 * The partial hours at the two ends of the range come from the readings themselves (the range starts at a second),
 * as do the breaches: only the hours whose minimum or maximum left the band can hold one, and only their readings
 * are counted — through the index that carries the values, without touching the table.
 */
export async function readHistory(db: Tx, cageId: string, range: keyof typeof RANGES, comfort: Comfort) {
  const [span, unit] = RANGES[range];
  const raw = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
    sql`select date_trunc('hour', read_time) as hour, min(temperature) as t_min, max(temperature) as t_max, sum(temperature) as t_sum,
               min(humidity) as h_min, max(humidity) as h_max, sum(humidity) as h_sum, count(*)::int as n
          from zoo_humiture, w where cage_id = ${cageId} and read_time >= ${from} and read_time ${to} group by 1`;
  const hours = await rows<HourRow>(
    db,
    sql`with r as (select date_trunc('second', localtimestamp - ${span}::interval) as f, date_trunc('second', localtimestamp) as t),
             w as (select f, t, date_trunc('hour', f) + case when date_trunc('hour', f) = f then interval '0' else interval '1 hour' end as hf,
                          date_trunc('hour', t) as ht from r),
             h as (select u.hour, u.t_min, u.t_max, u.t_sum, u.h_min, u.h_max, u.h_sum, u.n
                     from zoo_humiture_hour u, w where u.cage_id = ${cageId} and u.hour >= w.hf and u.hour < w.ht
                   union all ${raw(sql`w.f`, sql`< w.hf`)}
                   union all ${raw(sql`w.ht`, sql`<= w.t`)})
        select to_char(w.f, 'YYYY-MM-DD HH24:MI:SS') as "from", to_char(w.t, 'YYYY-MM-DD HH24:MI:SS') as "to",
               to_char(h.hour, 'YYYY-MM-DD HH24:MI:SS') as hour, h.t_min, h.t_max, h.t_sum, h.h_min, h.h_max, h.h_sum, h.n
          from w left join h on true order by h.hour`,
  );
  const { from, to } = hours[0]!;
  const buckets = new Map<string, Bucket>();
  const out: string[] = [];
  for (const h of hours) {
    if (h.hour === null) continue;
    const time = unit === 'day' ? `${h.hour.slice(0, 10)} 00:00:00` : h.hour;
    const b = buckets.get(time);
    const breach = breaches(h, comfort);
    if (breach) out.push(h.hour);
    if (!b) buckets.set(time, { time, breach, t_min: h.t_min, t_max: h.t_max, t_sum: h.t_sum, h_min: h.h_min, h_max: h.h_max, h_sum: h.h_sum, n: h.n });
    else
      Object.assign(b, {
        breach: b.breach || breach,
        t_min: Math.min(b.t_min, h.t_min),
        t_max: Math.max(b.t_max, h.t_max),
        t_sum: b.t_sum + h.t_sum,
        h_min: Math.min(b.h_min, h.h_min),
        h_max: Math.max(b.h_max, h.h_max),
        h_sum: b.h_sum + h.h_sum,
        n: b.n + h.n,
      });
  }
  return { from, to, buckets: [...buckets.values()], breaches: out.length ? await countBreaches(db, cageId, out, from, to, comfort) : 0 };
}

/** Readings outside today's band within the given hours (clipped to the range); the hours go as one array literal. */
async function countBreaches(db: Tx, cageId: string, hours: string[], from: string, to: string, c: Comfort): Promise<number> {
  const out = (v: number | null) => sql`(${v}::float8 is not null and`;
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from unnest(${`{${hours.map((h) => `"${h}"`).join(',')}}`}::timestamp[]) as h(hour)
          join zoo_humiture z on z.cage_id = ${cageId} and z.read_time >= greatest(h.hour, ${from}::timestamp)
                             and z.read_time < h.hour + interval '1 hour' and z.read_time <= ${to}::timestamp
         where (${out(c.tmin)} z.temperature < ${c.tmin}::float8) or ${out(c.tmax)} z.temperature > ${c.tmax}::float8)
            or ${out(c.hmin)} z.humidity < ${c.hmin}::float8) or ${out(c.hmax)} z.humidity > ${c.hmax}::float8))`,
  );
  return r?.n ?? 0;
}
