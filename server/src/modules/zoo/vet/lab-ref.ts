import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { labFlag } from './vet-shared';

export interface SpeciesInterval {
  id: string;
  speciesId: string;
  refLow: number | null;
  refHigh: number | null;
  sex: number;
  ageMinMonths: number | null;
  ageMaxMonths: number | null;
  source: string;
}

/**
 * The zoo's interval for the animal's species, this test and unit (test and unit without regard to case) that fits
 * the animal on the sample date (today when none is given), the most specific first: one for its sex and age, then
 * its sex, then its age, then the species-wide one. The age is in whole months completed since the birth date
 * (`age()`: 31 January to 28 February is 0 months), inside a window [from, to). An animal of unknown sex takes only
 * intervals for either sex; one without a birth date (or sampled before it) only intervals without a window.
 */
export async function speciesInterval(db: Tx, animalId: string, testName: string, unit: string, sampleDate?: string): Promise<SpeciesInterval | undefined> {
  const day = sql`coalesce(${sampleDate ?? null}::date, current_date)`;
  const r = (await db.execute(sql`
    with an as (
      select a.species_id, a.sex,
             case when a.birth_date::date <= ${day}
                  then (extract(year from age(${day}, a.birth_date::date)) * 12 + extract(month from age(${day}, a.birth_date::date)))::int end as months
        from zoo_animal a
       where a.id = ${animalId} and a.is_deleted = 0
    )
    select r.id::text as id, r.species_id::text as "speciesId", r.ref_low::float8 as "refLow", r.ref_high::float8 as "refHigh",
           r.sex, r.age_min_months as "ageMinMonths", r.age_max_months as "ageMaxMonths", r.source
      from an
      join zoo_med_lab_ref r on r.species_id = an.species_id and r.is_deleted = 0
                            and lower(r.test_name) = lower(${testName.trim()}) and lower(r.unit) = lower(${unit.trim()})
     where r.sex in (0, an.sex)
       and ((r.age_min_months is null and r.age_max_months is null)
            or (an.months >= coalesce(r.age_min_months, 0) and (r.age_max_months is null or an.months < r.age_max_months)))
     order by (r.sex <> 0)::int * 2 + (r.age_min_months is not null or r.age_max_months is not null)::int desc
     limit 1`)) as unknown as { rows: SpeciesInterval[] };
  return r.rows[0];
}

type IntervalFinder = typeof speciesInterval;

/** `speciesInterval` read once per animal, test, unit and day: a laboratory's batch repeats them row after row. */
export function memoIntervals(): IntervalFinder {
  const seen = new Map<string, ReturnType<IntervalFinder>>();
  return (db, animalId, testName, unit, sampleDate) => {
    const key = [animalId, testName.trim().toLowerCase(), unit.trim().toLowerCase(), sampleDate ?? ''].join('\u0000');
    if (!seen.has(key)) seen.set(key, speciesInterval(db, animalId, testName, unit, sampleDate));
    return seen.get(key)!;
  };
}

interface LabValues {
  animalId: string;
  sampleDate?: string;
  testName: string;
  unit?: string | null;
  value?: number | null;
  refLow?: number | null;
  refHigh?: number | null;
}
interface Stored {
  refLow: number | null;
  refHigh: number | null;
  refSource: number;
  refId: string | null;
}

/**
 * A result's interval and flag as stored (decision 0038). Its own interval, if it has one, is kept (source 1). Left
 * empty, it takes the species' interval of its test and unit, copied onto the result with the interval's id
 * (source 2): a later change of the interval does not rewrite results already written. An edit that sends back
 * the interval a result had copied keeps it as copied, not as typed.
 */
export async function labInterval(db: Tx, v: LabValues, existing?: Stored, find: IntervalFinder = speciesInterval): Promise<Stored & { flag: number }> {
  const low = v.refLow ?? null;
  const high = v.refHigh ?? null;
  let stored: Stored;
  if (low === null && high === null) {
    const s = await find(db, v.animalId, v.testName, v.unit ?? '', v.sampleDate);
    stored = s ? { refLow: s.refLow, refHigh: s.refHigh, refSource: 2, refId: s.id } : { refLow: null, refHigh: null, refSource: 0, refId: null };
  } else if (existing?.refSource === 2 && existing.refLow === low && existing.refHigh === high) stored = { ...existing };
  else stored = { refLow: low, refHigh: high, refSource: 1, refId: null };
  return { ...stored, flag: labFlag(v.value ?? null, stored.refLow, stored.refHigh) };
}
