/**
 * Where a load spends on the database side, for a PostgreSQL of the bench's own (BENCH_PG_URL): the CPU its
 * processes used during the run, and — when it was started with `shared_preload_libraries = 'pg_stat_statements'`
 * (and `track_functions = all`) — the statements and functions that took the time. On a shared cluster these
 * figures would include other work, so the load bench asks for them only with BENCH_PG_URL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { pgOnce } from './pg-once';

/** `/proc/<pid>/stat` fields after the command: [state, ppid, …]; utime and stime are 11 and 12 (clock ticks). */
export const statFields = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** The postmaster's pid: the parent of the cluster's checkpointer (which lives as long as the cluster does). */
export async function postmasterPid(url: string): Promise<number> {
  const r = await pgOnce(url, `select pid from pg_stat_activity where backend_type = 'checkpointer'`);
  return Number(statFields(Number(r.rows[0].pid))[1]);
}

/** CPU seconds used so far by the postmaster's processes (backends, writers, checkpointer), by pid. */
export function clusterCpu(postmaster: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p)))
    try {
      const f = statFields(pid);
      if (Number(f[1]) === postmaster) out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      /* the process ended while the list was read */
    }
  return out;
}

/** CPU seconds between two readings (a process started in between counts from zero). */
export const cpuBetween = (a: Map<string, number>, b: Map<string, number>) => [...b].reduce((s, [pid, t]) => s + t - (a.get(pid) ?? 0), 0);

async function hasStatements(url: string): Promise<boolean> {
  const r = await pgOnce(url, `select 1 from pg_extension where extname = 'pg_stat_statements'`);
  return r.rowCount === 1;
}

/** Forgets the statements and function times so far (migrations, seed, warm-up): the report covers the run only. */
export async function resetStatements(adminUrl: string, dbUrl: string): Promise<void> {
  if (await hasStatements(adminUrl)) await pgOnce(adminUrl, 'select pg_stat_statements_reset()');
  await pgOnce(dbUrl, 'select pg_stat_reset()');
}

const text = (q: string) => q.replace(/\s+/g, ' ').slice(0, 120);

/** Prints the measured run's top statements by total time and by calls, and the functions' times, per request. */
export async function printStatements(adminUrl: string, dbUrl: string, dbName: string, requests: number): Promise<void> {
  if (!(await hasStatements(adminUrl))) return console.log('    (no pg_stat_statements in this cluster)');
  const q = (order: string) =>
    pgOnce(
      adminUrl,
      `select s.query, s.calls::float8 as calls, s.total_exec_time::float8 as ms, s.rows::float8 as rows
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = $1 order by ${order} desc limit 12`,
      [dbName],
    );
  const total = Number(
    (await pgOnce(adminUrl, `select sum(total_exec_time) as t from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1`, [dbName]))
      .rows[0].t,
  );
  for (const [title, order] of [
    ['by total time', 's.total_exec_time'],
    ['by calls', 's.calls'],
  ] as const) {
    console.log(`    statements ${title} (all: ${total.toFixed(0)} ms, ${((total * 1000) / requests).toFixed(0)} µs per request):`);
    for (const r of (await q(order)).rows as { query: string; calls: number; ms: number; rows: number }[])
      console.log(
        `      ${r.ms.toFixed(0).padStart(7)} ms ${(r.calls / requests).toFixed(2).padStart(6)}/req ${((r.ms * 1000) / r.calls).toFixed(0).padStart(6)} µs/call  ${text(r.query)}`,
      );
  }
  const fns = await pgOnce(
    dbUrl,
    `select funcname, calls::float8 as calls, total_time::float8 as total, self_time::float8 as self
       from pg_stat_user_functions order by total_time desc limit 8`,
  );
  console.log('    functions (track_functions): total ms, self ms, calls per request');
  for (const r of fns.rows as { funcname: string; calls: number; total: number; self: number }[])
    console.log(`      ${r.total.toFixed(0).padStart(7)} ${r.self.toFixed(0).padStart(7)} ${(r.calls / requests).toFixed(2).padStart(6)}  ${r.funcname}`);
}
