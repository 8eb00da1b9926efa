import { sql } from 'drizzle-orm';
import { QUALITY_CHECKS, QUALITY_LOG_DAYS, QUALITY_PERMIT_DAYS, type QualityCheck, type QualityRow } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { rows } from '../keeper/basic-log.service';
import { offenders, paramOf, type QualityParams } from './checks';

export const DEFAULT_PARAMS: QualityParams = { logDays: QUALITY_LOG_DAYS, permitDays: QUALITY_PERMIT_DAYS };

interface OffenderRow {
  id: string;
  kind: QualityRow['kind'];
  code: string | null;
  name: string | null;
  species_name: string | null;
  reasons: string[];
  stock: string;
  ledger: string;
  date: string;
  days: number | null;
  permit_kind: number | null;
  total: number;
}

/** One page of a check's offending records and their total: one statement (the total as a window count). */
export async function listOffenders(
  db: DbLike,
  check: QualityCheck,
  p: QualityParams,
  page: { current: number; size: number },
): Promise<{ records: QualityRow[]; total: number }> {
  const found = await rows<OffenderRow>(
    db,
    sql`select x.*, count(*) over ()::int as total from (${offenders(check, p)}) x
         order by x.code, x.id limit ${page.size} offset ${(page.current - 1) * page.size}`,
  );
  // A page past the end has no row to carry the total: count alone then.
  const total = found[0]?.total ?? (page.current > 1 ? await countOffenders(db, check, p) : 0);
  return {
    total,
    records: found.map((r) => ({
      id: r.id,
      kind: r.kind,
      code: r.code ?? '',
      name: r.name ?? '',
      speciesName: r.species_name ?? '',
      reasons: r.reasons ?? [],
      stock: r.stock,
      ledger: r.ledger,
      date: r.date,
      days: r.days ?? '',
      permitKind: r.permit_kind ?? '',
    })),
  };
}

export async function countOffenders(db: DbLike, check: QualityCheck, p: QualityParams): Promise<number> {
  return (await rows<{ n: number }>(db, sql`select count(*)::int as n from (${offenders(check, p)}) x`))[0]!.n;
}

export interface RunResult {
  day: string;
  runTime: string;
  checks: Array<{ check: QualityCheck; count: number }>;
}

/**
 * Counts the checks and keeps each count as today's (one statement per check: the count and its upsert). A run
 * later the same day replaces the day's row, so the history holds one count per zoo, day and check. The nightly
 * run only fills a day nobody counted (`fillMissing`): it must not replace a count a user made meanwhile with the
 * parameters they chose by its own, made with the defaults.
 */
export async function runChecks(
  db: DbLike,
  checks: readonly QualityCheck[],
  p: QualityParams,
  mode: 'replace' | 'fillMissing' = 'replace',
): Promise<RunResult> {
  const out: RunResult = { day: '', runTime: '', checks: [] };
  const onConflict = mode === 'replace' ? sql`do update set count = excluded.count, param = excluded.param, run_time = localtimestamp(0)` : sql`do nothing`;
  for (const check of checks) {
    const [kept] = await rows<{ count: number; day: string; run_time: string }>(
      db,
      sql`insert into zoo_quality_day (day, check_code, count, param)
          select current_date, ${check}, count(*), ${paramOf(check, p)} from (${offenders(check, p)}) x
          on conflict (tenant_id, day, check_code) ${onConflict}
          returning count, to_char(day, 'YYYY-MM-DD') as day, to_char(run_time, 'YYYY-MM-DD HH24:MI:SS') as run_time`,
    );
    if (!kept) continue;
    out.checks.push({ check, count: kept.count });
    out.day = kept.day;
    out.runTime = kept.run_time;
  }
  return out;
}

/**
 * The latest kept count of every check (today's after a run, else the latest night's), with the parameters it was
 * counted with. A check never counted answers -1 (the contract's rendering of a missing number).
 */
export async function summary(db: DbLike) {
  const kept = await rows<{ check_code: string; count: number; param: number; day: string; run_time: string }>(
    db,
    sql`select distinct on (check_code) check_code, count, param, to_char(day, 'YYYY-MM-DD') as day,
               to_char(run_time, 'YYYY-MM-DD HH24:MI:SS') as run_time
          from zoo_quality_day where is_deleted = 0
         order by check_code, day desc`,
  );
  const by = new Map(kept.map((k) => [k.check_code, k]));
  const latest = kept.reduce((m, k) => (k.run_time > m ? k.run_time : m), '');
  return {
    day: kept.reduce((m, k) => (k.day > m ? k.day : m), ''),
    runTime: latest,
    logDays: by.get('noKeeperLog')?.param || DEFAULT_PARAMS.logDays,
    permitDays: by.get('permitExpiring')?.param || DEFAULT_PARAMS.permitDays,
    checks: QUALITY_CHECKS.map((check) => ({ check, count: by.get(check)?.count ?? -1 })),
  };
}
