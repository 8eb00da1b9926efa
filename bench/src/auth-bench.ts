/**
 * Loads the token endpoint and menu/routes, and a bare Fastify route in the same run, and prints req/s and p99
 * with ratios against the bare baseline. Bounded: each target runs BENCH_SECONDS (default 5) on loopback.
 * Uses PostgreSQL at TEST_DATABASE_URL (default local) in a scratch database, dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { pgOnce } from './pg-once';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function load(name: string, url: string, opts: Partial<autocannon.Options> = {}) {
  const r = await autocannon({ url, duration: seconds, connections: 10, ...opts });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${db}`);
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  const config = loadConfig({ DATABASE_URL: u.toString(), CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', DB_POOL_MAX: '10' });
  const database = await openPostgres(config.databaseUrl!, 10, config.timeZone);
  const bare = Fastify();
  bare.get('/ping', async () => ({ code: 200, success: true, data: {}, msg: '操作成功' }));
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const digest = createHash('md5').update('admin').digest('hex');
    const tokenUrl = `${base}/api/blade-auth/oauth/token?username=admin&password=${digest}&grant_type=password&scope=all`;
    const login = await fetch(tokenUrl, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } });
    const token = ((await login.json()) as { access_token: string }).access_token;

    const results = [
      await load('bare fastify route', `${bareBase}/ping`),
      await load('GET menu/routes', `${base}/api/blade-system/menu/routes`, { headers: { 'blade-auth': `bearer ${token}` } }),
      await load('POST oauth/token (argon2id)', tokenUrl, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } }),
    ];
    const [baseline] = results;
    console.log(`\n${seconds}s per target, 10 connections, PostgreSQL ${db}`);
    console.log('target'.padEnd(30), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'req/s ÷ bare'.padStart(14), 'p99 × bare'.padStart(12), 'errors'.padStart(8));
    for (const r of results)
      console.log(
        r.name.padEnd(30),
        r.rps.toFixed(0).padStart(10),
        String(r.p99).padStart(8),
        (r.rps / baseline!.rps).toFixed(3).padStart(14),
        (r.p99 / Math.max(1, baseline!.p99)).toFixed(1).padStart(12),
        String(r.errors).padStart(8),
      );
    await app.close();
  } finally {
    await bare.close();
    await database.close();
    await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
