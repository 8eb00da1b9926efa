import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';

interface Window {
  speciesId: string;
  testName: string;
  unit?: string | null;
  sex?: number | null;
  ageMinMonths?: number | null;
  ageMaxMonths?: number | null;
}

const span = (min: number | null | undefined, max: number | null | undefined) => `${min ?? 0}–${max ?? '∞'}`;

/**
 * Refuses an interval that would make the choice of a result's interval ambiguous (decision 0038): a second one
 * without an age window for the same species, test, unit and sex (the unique index says so too), or an age window
 * overlapping another of the same sex. Windows are [from, to) in months, so 0–12 and 12–∞ meet without overlapping.
 * Intervals of different sexes, or one with a window beside one without, may coexist: the more specific one wins.
 * An advisory lock on (species, test, unit) makes two saves at once check one after the other.
 */
export async function refuseOverlap(db: Tx, w: Window, selfId?: string): Promise<void> {
  const test = w.testName.trim().toLowerCase();
  const unit = (w.unit ?? '').trim().toLowerCase();
  const sex = w.sex ?? 0;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('zoo_med_lab_ref'), hashtext(${w.speciesId} || ' ' || ${test} || ' ' || ${unit}))`);
  const windowed = w.ageMinMonths != null || w.ageMaxMonths != null;
  const r = (await db.execute(sql`
    select age_min_months as "min", age_max_months as "max" from zoo_med_lab_ref
     where species_id = ${w.speciesId} and lower(test_name) = ${test} and lower(unit) = ${unit} and sex = ${sex}
       and is_deleted = 0 and id <> ${selfId ?? '0'}::bigint
       and ${
         windowed
           ? sql`(age_min_months is not null or age_max_months is not null)
                 and coalesce(age_min_months, 0) < coalesce(${w.ageMaxMonths ?? null}::int, 2147483647)
                 and coalesce(${w.ageMinMonths ?? null}::int, 0) < coalesce(age_max_months, 2147483647)`
           : sql`age_min_months is null and age_max_months is null`
       }
     limit 1`)) as unknown as { rows: Array<{ min: number | null; max: number | null }> };
  const hit = r.rows[0];
  if (!hit) return;
  if (windowed) throw new BizError(`月龄 ${span(w.ageMinMonths, w.ageMaxMonths)} 与该物种这个检测项目和单位已有的参考区间(月龄 ${span(hit.min, hit.max)})重叠`);
  if (sex === 1) throw new BizError('该物种的这个检测项目和单位已有雄性参考区间');
  if (sex === 2) throw new BizError('该物种的这个检测项目和单位已有雌性参考区间');
  throw new BizError('该物种的这个检测项目和单位已有参考区间');
}
