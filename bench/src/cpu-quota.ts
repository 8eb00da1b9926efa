/**
 * A PostgreSQL cluster held to a share of one CPU, as if it ran on a host of its own with that much CPU: its
 * postmaster and every process it has forked go into a cgroup (v1 `cpu` controller, CFS quota), and the backends
 * it forks later inherit it. Used by bench:replicas (BENCH_DB_CPU) so that, on one machine, the database — not the
 * app servers and the load generator sharing the same cores — is what runs out, as it does where replicas are
 * added (decision 0055). Needs root and the cgroup v1 cpu hierarchy (`/sys/fs/cgroup/cpu`); refuses otherwise.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { statFields } from './pg-profile';

const ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

/** The pids whose parent is `pid`. */
function children(pid: number): number[] {
  const out: number[] = [];
  for (const p of readdirSync('/proc').filter((x) => /^\d+$/.test(x)))
    try {
      if (Number(statFields(p)[1]) === pid) out.push(Number(p));
    } catch {
      /* ended while the list was read */
    }
  return out;
}

/** Moves the cluster of `postmaster` into its own group of `cpus` (e.g. 0.25) CPU; the returned function undoes it. */
export function confineCluster(name: string, postmaster: number, cpus: number): () => void {
  if (!existsSync(path.join(ROOT, 'cpu.cfs_quota_us'))) throw new Error(`BENCH_DB_CPU needs the cgroup v1 cpu controller at ${ROOT} (and root)`);
  const group = path.join(ROOT, `zoo_bench_${name}`);
  mkdirSync(group, { recursive: true });
  writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(cpus * PERIOD_US)));
  // The postmaster first, so a backend forked meanwhile is born inside; then what it had already forked.
  writeFileSync(path.join(group, 'cgroup.procs'), String(postmaster));
  for (const pid of children(postmaster))
    try {
      writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
    } catch {
      /* a backend that ended meanwhile (ESRCH) */
    }
  return () => {
    for (const pid of readFileSync(path.join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
      try {
        writeFileSync(path.join(ROOT, 'cgroup.procs'), pid);
      } catch {
        /* ended meanwhile */
      }
    rmdirSync(group);
  };
}

/** What the group used: CPU seconds and how often the quota held it back (cpuacct and cpu.stat). */
export function throttled(name: string): { periods: number; throttled: number } {
  const stat = Object.fromEntries(
    readFileSync(path.join(ROOT, `zoo_bench_${name}`, 'cpu.stat'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string]),
  );
  return { periods: Number(stat.nr_periods ?? 0), throttled: Number(stat.nr_throttled ?? 0) };
}
