/**
 * Backup and restore at scale (issue 36): `npm run backup` of a database holding the demo zoo plus one scale zoo
 * with BENCH_LOGS keeper logs (default 10 M, the scale generator's `--logs`), then `npm run restore` of that file
 * into a new empty database, both timed as an operator runs them (the server's npm scripts, DATABASE_URL set).
 * Targets: backup < 2 min, restore < 5 min. Prints the file size, the load average beside each figure (the
 * machine is shared) and checks the restored copy holds as many keeper logs.
 *
 * Seeding 10 M logs takes minutes: BENCH_KEEP=1 keeps the source database (BENCH_DB, default zoo_bench_backup_src)
 * and a later run reuses it once its seeding finished. The restored database and the file are always removed.
 * Usage: npm run bench:backup -w @zoo/bench
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { generateZoos } from '@zoo/server/src/seed/scale';
import { dropBenchDatabase, pgOnce } from './pg-once';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_DB ?? 'zoo_bench_backup_src';
const target = `${name}_restored`;
const keep = process.env.BENCH_KEEP === '1';
const LOGS = Number(process.env.BENCH_LOGS ?? 10_000_000);
const dbUrl = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const server = path.resolve(import.meta.dirname, '../../server');

/** `npm run <script>` in the server workspace as an operator runs it; answers its wall time in seconds. */
function npmRun(script: string, env: Record<string, string>, file: string): number {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', script, '--', '--file', file], { cwd: server, env: { ...process.env, ...env }, encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`npm run ${script} failed: ${r.stderr}\n${r.stdout}`);
  console.log(`  ${r.stdout.trim().split('\n').pop()}`);
  return s;
}

async function main() {
  const exists = (await pgOnce(admin, 'select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  const seeded = exists && (await pgOnce(dbUrl(name), `select to_regclass('bench_seeded') is not null as s`)).rows[0].s;
  if (exists && !seeded) throw new Error(`database ${name} exists without a finished seeding: drop it or pick another BENCH_DB`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-backup-bench-'));
  const file = path.join(work, 'zoo.backup');
  try {
    if (!seeded) {
      await pgOnce(admin, `CREATE DATABASE ${name}`);
      const t0 = performance.now();
      const database = await openPostgres(dbUrl(name), 4, 'Asia/Shanghai');
      try {
        await runMigrations(database);
        await seed(database, { demo: true });
        await generateZoos(database, { zoos: 1, animals: 10_000, logs: LOGS, log: console.log });
      } finally {
        await database.close();
      }
      await pgOnce(dbUrl(name), `create table bench_seeded as select now() as at`);
      console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const { rows } = await pgOnce(
      dbUrl(name),
      `select (select count(*) from zoo_basic_log)::bigint as logs, pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    const logs = rows[0].logs as string;
    console.log(`source ${name}: ${Number(logs).toLocaleString()} keeper logs, database ${rows[0].size}`);

    const env = (db: string) => ({ DATABASE_URL: dbUrl(db), DATA_DIR: path.join(work, db), UPLOAD_DIR: path.join(work, db, 'uploads') });
    console.log(`backup (load average ${load()})`);
    const b = npmRun('backup', env(name), file);
    const mb = fs.statSync(file).size / 2 ** 20;
    console.log(`backup:  ${b.toFixed(1)} s, file ${mb.toFixed(0)} MB (target < 120 s; load average after ${load()})`);

    await dropBenchDatabase(admin, target);
    await pgOnce(admin, `CREATE DATABASE ${target}`);
    console.log(`restore into the empty ${target} (load average ${load()})`);
    const r = npmRun('restore', env(target), file);
    console.log(`restore: ${r.toFixed(1)} s (target < 300 s; load average after ${load()})`);
    const back = (await pgOnce(dbUrl(target), 'select count(*)::bigint as n from zoo_basic_log')).rows[0].n as string;
    if (back !== logs) throw new Error(`restored ${back} keeper logs of ${logs}`);
    console.log(`restored copy holds the same ${Number(back).toLocaleString()} keeper logs`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await dropBenchDatabase(admin, target);
    if (!keep) await dropBenchDatabase(admin, name);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
