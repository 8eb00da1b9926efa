import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';

export type CurvePoint = { day: string; ageDays: number; weightKg: number };

/**
 * An animal's species reference growth curve (参考生长曲线, `zoo_med_weight_ref`) turned into dates from its birth
 * date; undefined when the animal does not exist. No birth date, no points (an age cannot be placed).
 */
export async function referenceCurve(db: Tx, animalId: string): Promise<{ birthDate: string; points: CurvePoint[] } | undefined> {
  const [row] = await rowsOf<{ birthDate: string; points: CurvePoint[] }>(
    db,
    sql`select coalesce(to_char(a.birth_date, 'YYYY-MM-DD'), '') as "birthDate",
               coalesce((select json_agg(json_build_object('day', to_char(a.birth_date::date + r.age_days, 'YYYY-MM-DD'), 'ageDays', r.age_days,
                                                           'weightKg', r.weight_kg::float8) order by r.age_days)
                           from zoo_med_weight_ref r
                          where r.species_id = a.species_id and r.is_deleted = 0 and a.birth_date is not null), '[]') as points
          from zoo_animal a where a.id = ${animalId}::bigint and a.is_deleted = 0`,
  );
  return row;
}

/** The curve's weight (kg) at an age, linear between its points; undefined outside them (no extrapolation). */
export function curveAt(points: CurvePoint[], ageDays: number): number | undefined {
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.ageDays === ageDays) return p.weightKg;
    const q = points[i + 1];
    if (q && p.ageDays < ageDays && ageDays < q.ageDays) return p.weightKg + ((q.weightKg - p.weightKg) * (ageDays - p.ageDays)) / (q.ageDays - p.ageDays);
  }
  return undefined;
}
