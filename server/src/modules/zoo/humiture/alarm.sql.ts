import { sql, type SQL } from 'drizzle-orm';

/**
 * The alarm part of the ingestion statement (decision 0024), appended to its `with` list after `k` (the key's
 * tenant and cage) and `x` (the batch's readings with their times). Per kind (1 temperature, 2 humidity) the
 * batch is compared with the comfort band of the species the cage holds now:
 * - no open alarm and a reading outside the band → one alarm from the first such reading (closed at once when
 *   the batch's last reading is back inside), with a notice row for each keeper of the cage;
 * - an open alarm → its peak follows the furthest reading, and the batch's last reading inside the band closes it.
 * Data-modifying CTEs run once and to completion whether or not the final select reads them; the partial unique
 * index keeps one open alarm per cage and kind when two batches of one cage race (the loser inserts nothing).
 */
export const alarmCtes: SQL = sql`
  band as (
    select max(s.temp_min) as tmin, min(s.temp_max) as tmax, max(s.humidity_min) as hmin, min(s.humidity_max) as hmax
      from zoo_species s
     where s.id in (select a.species_id from zoo_animal a join k on a.tenant_id = k.tenant_id and a.cage_id = k.cage_id where a.status = 1 and a.is_deleted = 0
                    union select p.species_id from zoo_population p join k on p.tenant_id = k.tenant_id and p.cage_id = k.cage_id where p.is_deleted = 0)),
  m as (
    select k.tenant_id, k.cage_id, v.kind, x.t, v.val, v.lo, v.hi,
           coalesce(v.val < v.lo, false) or coalesce(v.val > v.hi, false) as out_,
           greatest(v.lo - v.val, v.val - v.hi, 0) as dist
      from k cross join band cross join x
      cross join lateral (values (1, x.temperature, band.tmin, band.tmax), (2, x.humidity, band.hmin, band.hmax)) as v(kind, val, lo, hi)),
  s as (
    select tenant_id, cage_id, kind, max(lo) as lo, max(hi) as hi, max(t) as last_t,
           min(t) filter (where out_) as first_t,
           (array_agg(val order by t) filter (where out_))[1] as first_val,
           (array_agg(val order by dist desc) filter (where out_))[1] as peak,
           max(dist) filter (where out_) as peak_dist,
           (array_agg(out_ order by t desc))[1] as last_out
      from m group by tenant_id, cage_id, kind),
  o as (
    select a.id, a.kind from zoo_humiture_alarm a join k on a.tenant_id = k.tenant_id and a.cage_id = k.cage_id
     where a.end_time is null and a.is_deleted = 0),
  closed as (
    update zoo_humiture_alarm a
       set end_time = case when s.last_out then null else greatest(s.last_t, a.start_time) end,
           peak = case when s.peak_dist > greatest(a.range_min - a.peak, a.peak - a.range_max, 0) then s.peak else a.peak end
      from s, o
     where o.id = a.id and o.kind = s.kind and s.tenant_id = a.tenant_id and (not s.last_out or s.peak is not null)
    returning a.id),
  raised as (
    insert into zoo_humiture_alarm (tenant_id, cage_id, kind, value, peak, range_min, range_max, start_time, end_time)
    select s.tenant_id, s.cage_id, s.kind, s.first_val, s.peak, s.lo, s.hi, s.first_t, case when s.last_out then null else s.last_t end
      from s where s.first_t is not null and not exists (select 1 from o where o.kind = s.kind)
    on conflict (tenant_id, cage_id, kind) where end_time is null and is_deleted = 0 do nothing
    returning id, tenant_id, cage_id),
  noticed as (
    insert into zoo_humiture_alarm_notice (tenant_id, alarm_id, user_id)
    select r.tenant_id, r.id, b.user_id from raised r
      join zoo_cage_breeder b on b.tenant_id = r.tenant_id and b.cage_id = r.cage_id and b.is_deleted = 0
    on conflict do nothing
    returning 1)`;
