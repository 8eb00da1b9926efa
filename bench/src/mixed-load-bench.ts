/**
 * The load figure of issue 10 as a benchmark: BENCH_CLIENTS (50) clients × BENCH_SECONDS (30) of mixed reads and
 * writes (server/test/mixed-load.ts) through HTTP on PostgreSQL, the server with its production defaults (pool of
 * 10, API log on). Prints req/s, p50/p99 and errors. Scratch database with the demo seed, dropped afterwards.
 * Usage: npm run bench:load -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { loadFixtures, runMixedLoad } from '@zoo/server/test/mixed-load';
import { adminToken } from './sign-in';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await runMigrations(database);
    await seed(database, { demo: true });
    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', DB_POOL_MAX: '10' });
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await adminToken(base, '100000');
    const result = await runMixedLoad({ base, tokens: [token], ...(await loadFixtures((q) => pool.query(q))) }, clients, seconds);
    console.log(
      `mixed load: ${clients} clients × ${result.seconds.toFixed(1)} s — ${result.requests} requests (${result.reads} reads, ${result.writes} writes), ` +
        `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
    );
    for (const s of result.samples) console.log(`  ${s}`);
    await app.close();
    if (result.errors) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
    await dropBenchDatabase(adminUrl, dbName);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
