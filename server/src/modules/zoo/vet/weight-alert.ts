import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_WEIGHT_ALERT_DAYS, DEFAULT_WEIGHT_ALERT_PCT, weightAlertParamKey } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { bladeParam } from '../../../platform/param/param.tables';

/*
 * Weight-change alerts (decision 0038): a weighing is compared with the earliest weighing of the same animal in the
 * window of N days before it (default 30); a change above P % (default 10) of that earlier weight is an alert.
 * kg carry four decimals, so the comparison runs on integers of 0.1 g: no floating point decides an alert.
 */

/** The zoo's threshold (whole %) and window (days), from its parameters when they are whole numbers in range. */
export async function weightAlertSettings(db: Tx, tenantId: string): Promise<{ pct: number; days: number }> {
  const keys = [weightAlertParamKey('Pct', tenantId), weightAlertParamKey('Days', tenantId)];
  const rows = await db
    .select({ key: bladeParam.paramKey, value: bladeParam.paramValue })
    .from(bladeParam)
    .where(and(inArray(bladeParam.paramKey, keys), eq(bladeParam.isDeleted, 0)));
  const read = (key: string, fallback: number, max: number) => {
    const n = Number(rows.find((r) => r.key === key)?.value?.trim());
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
  };
  return { pct: read(keys[0]!, DEFAULT_WEIGHT_ALERT_PCT, 100), days: read(keys[1]!, DEFAULT_WEIGHT_ALERT_DAYS, 365) };
}

const tenthGrams = (kg: number) => BigInt(Math.round(kg * 10_000));

/** Change of `kg` against `baseKg` in % to 0.1 (half up, away from zero), and whether it exceeds `pct`. */
export function weightChange(kg: number, baseKg: number, pct: number): { changePct: number; alert: 0 | 1 } {
  const base = tenthGrams(baseKg);
  const diff = tenthGrams(kg) - base;
  const abs = diff < 0n ? -diff : diff;
  // tenths of a percent: |diff| × 1000 ÷ base, rounded half up.
  const tenths = (abs * 2000n + base) / (2n * base);
  return { changePct: (diff < 0n ? -1 : 1) * (Number(tenths) / 10), alert: abs * 100n > BigInt(pct) * base ? 1 : 0 };
}

/** For each weighing id: the earliest weight of its animal in the `days` before it (exclusive of its own day). */
export async function baselines(db: Tx, ids: string[], days: number): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const res = (await db.execute(sql`
    select v.id::text as id, b.weight_kg::float8 as base
      from zoo_med_weight v
      cross join lateral (select l.weight_kg from zoo_med_weight l
                           where l.animal_id = v.animal_id and l.is_deleted = 0
                             and l.weigh_date >= v.weigh_date - ${days}::int and l.weigh_date < v.weigh_date
                           order by l.weigh_date, l.id limit 1) b
     where v.id = any(${`{${ids.join(',')}}`}::bigint[])`)) as unknown as { rows: Array<{ id: string; base: number }> };
  return new Map(res.rows.map((r) => [r.id, Number(r.base)]));
}
