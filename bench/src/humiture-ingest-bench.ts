/**
 * Sensor ingestion: readings per second through POST /api/zoo-cage/humiture/ingest (device-key check, tenant
 * transaction, multi-row insert) beside a bare Fastify + PostgreSQL route that inserts the same rows, in the same run.
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates and drops its
 * own database. Usage: npm run bench:ingest -w @zoo/bench [-- seconds]
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { md5Hex } from '@zoo/server/src/platform/auth/password';

const SECONDS = Number(process.argv[2] ?? 5);
const BATCHES = [1, 20, 100];
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `zoo_bench_${randomBytes(3).toString('hex')}`;
const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

const body = (n: number) => JSON.stringify({ readings: Array.from({ length: n }, (_, i) => ({ temperature: 20 + (i % 10) / 10, humidity: 55 })) });

async function run(label: string, target: string, headers: Record<string, string>, n: number): Promise<number> {
  const r = await autocannon({
    url: target,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body(n),
    connections: 10,
    duration: SECONDS,
  });
  if (r.non2xx) throw new Error(`${label}: ${r.non2xx} failed requests`);
  const perSec = r.requests.average * n;
  console.log(`${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} req/s ${perSec.toFixed(0).padStart(9)} readings/s  p99 ${r.latency.p99} ms`);
  return perSec;
}

async function main() {
  await pgOnce(admin, `CREATE DATABASE ${name}`);
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    await runMigrations(database);
    await seed(database, { demo: true });
    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off' });
    const app = await buildApp(config, database, { logger: false });
    const tok = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '100000' },
      query: { username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all' },
    });
    const auth = {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'blade-auth': `bearer ${JSON.parse(tok.body).access_token}`,
    };
    const { rows } = await pool.query(`select id::text from zoo_cage where tenant_id = '100000' order by id limit 1`);
    const gen = await app.inject({ method: 'POST', url: `/api/zoo-cage/humiture/device/generate?cageId=${rows[0].id}`, headers: auth });
    const key = JSON.parse(gen.body).data.key as string;
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    // The baseline: parse, insert the same rows with one statement, answer.
    await pool.query(`create table bare_readings (cage_id bigint, read_time timestamp default localtimestamp(0), temperature float8, humidity float8)`);
    const bare = Fastify({ logger: false });
    bare.post('/ingest', async (req) => {
      const rs = (req.body as { readings: Array<{ temperature: number; humidity: number }> }).readings;
      await pool.query(`insert into bare_readings (cage_id, temperature, humidity) select $1, t, h from unnest($2::float8[], $3::float8[]) as x(t, h)`, [
        rows[0].id,
        rs.map((r) => r.temperature),
        rs.map((r) => r.humidity),
      ]);
      return { code: 200 };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    console.log(`sensor ingestion, 10 connections, ${SECONDS} s per case`);
    for (const n of BATCHES) {
      const ours = await run(`ingest, ${n} reading(s)/request`, `${appUrl}/api/zoo-cage/humiture/ingest`, { 'device-key': key }, n);
      const base = await run(`bare Fastify + pg, ${n} reading(s)/request`, `${bareUrl}/ingest`, {}, n);
      console.log(`${''.padEnd(44)} ours / bare = ${(ours / base).toFixed(2)}`);
    }
    await bare.close();
    await app.close();
  } finally {
    await pool.end();
    await database.close();
    await dropBenchDatabase(admin, name);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
