import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { lockPartitions } from '../../db/partition-privileges';
import { addMonths, defaultPartition, monthPartitions, partitionName, STREAMS, type Stream } from './streams';

/** Months created ahead of the current one, so inserts never wait on the maintenance. */
export const AHEAD = 3;

/** Exports one partition before it is dropped (archive.ts); a throw keeps the partition. */
export type Archiver = (tx: Tx, stream: Stream, partition: string, month: string) => Promise<void>;

export interface MaintenanceOptions {
  /** Retention in months per table (0 = forever); a stream not named keeps its default. */
  retention?: Record<string, number>;
  archive: Archiver;
  /** `yyyy-MM-dd` of today; the database's local date when absent. */
  today?: string;
}

export interface MaintenanceReport {
  created: string[];
  /** Rows moved out of the default partition, by the partition they went to. */
  moved: Record<string, number>;
  dropped: string[];
  /** Partitions past retention whose export failed: kept, tried again next run. */
  failed: Array<{ partition: string; error: string }>;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const exec = (db: Tx, text: string) => db.execute(sql.raw(text));

/**
 * The month partition of `month`, with the default partition's rows of that month moved into it: created as a
 * plain table, filled by one DELETE … RETURNING from the default partition, then attached (what pg_partman's
 * partition_data does). The caller holds the default partition locked, so no row of the month arrives meanwhile.
 */
async function addMonth(tx: Tx, s: Stream, month: string): Promise<number> {
  const part = partitionName(s.table, month);
  const next = addMonths(month, 1);
  await exec(tx, `CREATE TABLE ${ident(part)} (LIKE ${ident(s.table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)`);
  const [moved] = await rowsOf<{ n: number }>(
    tx,
    sql`with moved as (delete from ${sql.identifier(defaultPartition(s.table))} where ${sql.identifier(s.key)} >= ${month} and ${sql.identifier(s.key)} < ${next} returning *),
             ins as (insert into ${sql.identifier(part)} select * from moved returning 1)
        select count(*)::int as n from ins`,
  );
  // Attaching builds the partitioned table's indexes on it and clones its triggers.
  await exec(tx, `ALTER TABLE ${ident(s.table)} ATTACH PARTITION ${ident(part)} FOR VALUES FROM ('${month}') TO ('${next}')`);
  return moved?.n ?? 0;
}

/** One stream: months out of the default partition, months ahead, then retention. */
async function maintainStream(tx: Tx, s: Stream, today: string, months: number, archive: Archiver, report: MaintenanceReport): Promise<void> {
  // Parent first, default partition second (the order inserts take them in), so the two never wait on each other.
  await exec(tx, `LOCK TABLE ${ident(s.table)} IN SHARE UPDATE EXCLUSIVE MODE`);
  await exec(tx, `LOCK TABLE ${ident(defaultPartition(s.table))} IN EXCLUSIVE MODE`);
  const stray = await rowsOf<{ m: string }>(
    tx,
    sql`select distinct to_char(date_trunc('month', ${sql.identifier(s.key)}), 'YYYY-MM-DD') as m from ${sql.identifier(defaultPartition(s.table))} order by 1`,
  );
  const have = new Set((await monthPartitions(tx, s.table)).map((p) => p.month));
  const current = `${today.slice(0, 7)}-01`;
  const wanted = new Set([...stray.map((r) => r.m), ...Array.from({ length: AHEAD + 1 }, (_, i) => addMonths(current, i))]);
  for (const month of [...wanted].sort()) {
    if (have.has(month)) continue;
    const n = await addMonth(tx, s, month);
    report.created.push(partitionName(s.table, month));
    if (n) report.moved[partitionName(s.table, month)] = n;
  }
  if (months <= 0) return;
  const cutoff = addMonths(current, -months);
  for (const p of await monthPartitions(tx, s.table)) {
    if (p.month >= cutoff) continue;
    try {
      // A savepoint: a failed export leaves the partition and the archive record as they were.
      await tx.transaction(async (sp) => {
        await archive(sp, s, p.name, p.month);
        await exec(sp, `ALTER TABLE ${ident(s.table)} DETACH PARTITION ${ident(p.name)}`);
        await exec(sp, `DROP TABLE ${ident(p.name)}`);
      });
      report.dropped.push(p.name);
    } catch (e) {
      report.failed.push({ partition: p.name, error: e instanceof Error ? e.message : String(e) });
    }
  }
}

/**
 * The hourly partition maintenance (decision 0056), as the owner: one instance at a time (a transaction advisory
 * lock; another instance's run returns null at once). The move out of the default partition is not audited (the
 * rows do not change) and new partitions get no privilege for the request role.
 */
export async function maintainPartitions(db: Db, opts: MaintenanceOptions): Promise<MaintenanceReport | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('zoo_partition_maintenance')) as ok`);
    if (!lock?.ok) return null;
    await tx.execute(sql`select set_config('app.audit', 'off', true)`);
    const [now] = await rowsOf<{ d: string }>(tx, sql`select to_char(localtimestamp, 'YYYY-MM-DD') as d`);
    const today = opts.today ?? now!.d;
    const report: MaintenanceReport = { created: [], moved: {}, dropped: [], failed: [] };
    for (const s of STREAMS) await maintainStream(tx, s, today, opts.retention?.[s.table] ?? s.months, opts.archive, report);
    await lockPartitions(tx as unknown as Db);
    return report;
  });
}
