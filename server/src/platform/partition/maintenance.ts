import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { ident } from '../../db/conventions';
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

/** Months out of the default partition, then the months ahead. */
async function prepareStream(tx: Tx, s: Stream, today: string, report: MaintenanceReport): Promise<void> {
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
}

/**
 * Archives and drops one month past retention, in a transaction of its own: the partition is locked against
 * writes before it is read, so the archive holds every row it had; DETACH and DROP lock the partitioned table
 * exclusively only from there to the commit. A failed export rolls back: nothing recorded, nothing dropped.
 */
async function retire(tx: Tx, s: Stream, partition: string, month: string, archive: Archiver): Promise<void> {
  await exec(tx, `LOCK TABLE ${ident(partition)} IN SHARE MODE`);
  await archive(tx, s, partition, month);
  await exec(tx, `ALTER TABLE ${ident(s.table)} DETACH PARTITION ${ident(partition)}`);
  await exec(tx, `DROP TABLE ${ident(partition)}`);
}

/** One transaction of the maintenance: false when another instance holds the lock (it is doing the work). */
async function locked(db: Db, fn: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('zoo_partition_maintenance')) as ok`);
    if (!lock?.ok) return false;
    await tx.execute(sql`select set_config('app.audit', 'off', true)`);
    await fn(tx);
    return true;
  });
}

/**
 * The hourly partition maintenance (decision 0056), as the owner, one short transaction per stream and per month
 * retired, each under a transaction advisory lock: one instance at a time works, another skips (null when it did
 * nothing). The move out of the default partition is not audited (the rows do not change) and new partitions get
 * no privilege for the request role.
 */
export async function maintainPartitions(db: Db, opts: MaintenanceOptions): Promise<MaintenanceReport | null> {
  const [now] = await rowsOf<{ d: string }>(db, sql`select to_char(localtimestamp, 'YYYY-MM-DD') as d`);
  const today = opts.today ?? now!.d;
  const report: MaintenanceReport = { created: [], moved: {}, dropped: [], failed: [] };
  let worked = false;
  for (const s of STREAMS) {
    if (!(await locked(db, (tx) => prepareStream(tx, s, today, report)))) continue;
    worked = true;
    const months = opts.retention?.[s.table] ?? s.months;
    if (months <= 0) continue;
    const cutoff = addMonths(`${today.slice(0, 7)}-01`, -months);
    for (const p of await monthPartitions(db, s.table)) {
      if (p.month >= cutoff) continue;
      try {
        if (await locked(db, (tx) => retire(tx, s, p.name, p.month, opts.archive))) report.dropped.push(p.name);
      } catch (e) {
        report.failed.push({ partition: p.name, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  await lockPartitions(db);
  return worked ? report : null;
}
