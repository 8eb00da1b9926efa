/**
 * Stock-ledger writes per second: births and moves on the populations of one zoo (the demo zoo), 20 connections,
 * printed beside a bare Fastify route doing one PostgreSQL INSERT per request in the same run. Afterwards the
 * ledger is replayed: every population's counts must equal its ledger (no lost update) and none may be negative.
 * Bounded: each target runs BENCH_SECONDS (default 10) on loopback; scratch database dropped afterwards.
 * BENCH_WORKERS: load generator threads (default 1; 0 = in the server's thread).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { pgOnce } from './pg-once';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { adminToken } from './sign-in';
import { messagesOf } from '@zoo/server/test/messages';
import { generatorLabel, generatorOptions } from './generator';
import { chinaToday } from '@zoo/contract';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const pool = Number(process.env.BENCH_POOL ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Populations the load spreads over (cages created for the run in a demo venue). */
const CAGE_COUNT = Number(process.env.BENCH_CAGES ?? 16);

async function load(name: string, o: autocannon.Options) {
  // BENCH_ONLY=<text>: measure the matching targets alone (the bare route always runs: the ratios need it); each
  // start is printed, so a profiler can be aimed at one phase.
  if (process.env.BENCH_ONLY && !name.startsWith('bare') && !name.includes(process.env.BENCH_ONLY)) return null;
  const t0 = process.hrtime.bigint() / 1000n;
  if (process.env.BENCH_ONLY) console.log(`phase ${name} starts`);
  const r = await autocannon({ duration: seconds, connections, ...o, ...generatorOptions() });
  // The phase's window in the clock a --cpu-prof profile uses (µs).
  if (process.env.BENCH_ONLY) console.log(`window ${name} ${t0} ${process.hrtime.bigint() / 1000n}`);
  return { name, rps: r.requests.average, p99: r.latency.p99, ok: r['2xx'], errors: r.errors + r.non2xx };
}

async function main() {
  const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${db}`);
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  const config = loadConfig({
    DATABASE_URL: u.toString(),
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'silent',
    DB_POOL_MAX: String(pool),
    API_LOG: process.env.BENCH_API_LOG ?? 'on',
  });
  const database = await openPostgres(config.databaseUrl!, pool, config.timeZone);
  const sql = new pg.Pool({ connectionString: u.toString(), max: pool });
  const bare = Fastify();
  bare.post('/insert', async () => {
    await sql.query(`insert into bench_bare (n, at) values ($1, now())`, [1]);
    return { code: 200, success: true, data: {}, msg: '操作成功' };
  });
  try {
    await runMigrations(database);
    await seed(database, { demo: true });
    await sql.query(`create table bench_bare (id bigserial primary key, n int not null, at timestamptz not null)`);
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const token = await adminToken(base, '100000');
    const headers = { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' };
    const { rows: sp } = await sql.query(`select id::text from zoo_species where latin_name = 'Cervus nippon'`);
    const { rows: venues } = await sql.query(`select id::text from zoo_venue where tenant_id = '100000' order by id limit 1`);
    const CAGES = Array.from({ length: CAGE_COUNT }, (_, i) => `BN-${String(i + 1).padStart(2, '0')}`);
    for (const code of CAGES) {
      const res = await fetch(`${base}/api/zoo-cage/cage/submit`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ venueId: venues[0]!.id, cageCode: code, cageName: `压测笼舍${code}`, cageType: 1 }),
      });
      if (!((await res.json()) as { success: boolean }).success) throw new Error('cage refused');
    }
    const { rows: cageRows } = await sql.query(`select id::text, cage_code from zoo_cage where tenant_id = '100000' and cage_code = any($1)`, [CAGES]);
    const cage = new Map(cageRows.map((r) => [r.cage_code as string, r.id as string]));
    const speciesId = sp[0]!.id as string;
    const today = chinaToday();
    // An opening stock in every cage, so a move never finds its source empty.
    for (const code of CAGES) {
      const res = await fetch(`${base}/api/zoo-stockLog/stockLog/born_enroll`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ animalType: 2, speciesId, cageId: cage.get(code), bornDate: today, theyQuantity: 5000 }),
      });
      if (!((await res.json()) as { success: boolean }).success) throw new Error('opening stock refused');
    }
    const { rows: pops } = await sql.query(`select id::text from zoo_population where tenant_id = '100000' limit 1`);
    const popId = pops[0]!.id as string;
    const requests: autocannon.Request[] = CAGES.flatMap((code, i) => [
      {
        method: 'POST',
        path: '/api/zoo-stockLog/stockLog/born_enroll',
        headers,
        body: JSON.stringify({ animalType: 2, speciesId, cageId: cage.get(code), bornDate: today, maleQuantity: 1 }),
      },
      {
        method: 'POST',
        path: '/api/zoo-stockLog/stockLog/move_enroll',
        headers,
        body: JSON.stringify({
          animalType: 2,
          speciesId,
          cageId: cage.get(code),
          toCageId: cage.get(CAGES[(i + 1) % CAGES.length]!),
          moveDate: today,
          theyQuantity: 1,
        }),
      },
    ]);

    // What one birth and one move send to PostgreSQL (BENCH_MESSAGES=1 prints the statements).
    const perCall: string[] = [];
    for (const r of requests.slice(0, 2)) {
      const { sent } = await messagesOf(async () => {
        const res = await fetch(`${base}${r.path ?? ''}`, { method: 'POST', headers, body: r.body as string });
        if (!((await res.json()) as { success: boolean }).success) throw new Error(`${r.path} refused`);
      });
      perCall.push(`${(r.path ?? '').split('/').pop()}: ${sent.length} messages`);
      if (process.env.BENCH_MESSAGES) console.log(r.path, sent);
    }

    const results = [
      await load('bare fastify + pg INSERT', { url: `${bareBase}/insert`, method: 'POST' }),
      // The same authenticated request path without a write: what the framework itself costs per call.
      await load('GET population detail', { url: `${base}/api/zoo-population/population/detail?id=${popId}`, headers }),
      await load('movements (births + moves)', { url: base, requests }),
    ];
    const [baseline] = results as NonNullable<(typeof results)[number]>[];
    console.log(`\n${seconds}s per target, ${connections} connections, pool ${pool}, ${CAGE_COUNT} populations, ${generatorLabel()}, PostgreSQL ${db}`);
    console.log('target'.padEnd(30), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'req/s ÷ bare'.padStart(14), 'errors'.padStart(8));
    for (const r of results) {
      if (!r) continue;
      console.log(
        r.name.padEnd(30),
        r.rps.toFixed(0).padStart(10),
        String(r.p99).padStart(8),
        (r.rps / baseline!.rps).toFixed(3).padStart(14),
        String(r.errors).padStart(8),
      );
    }

    // Replay: per population, gains minus losses must equal its counts; no count may be negative.
    const { rows: check } = await sql.query(`
      select p.id, p.male_quantity + p.female_quantity + p.they_quantity as held,
        coalesce((select sum(case when l.to_population_id = p.id then 1 else -1 end * (l.male_quantity + l.female_quantity + l.they_quantity))
          from zoo_stock_log l where l.to_population_id = p.id or l.population_id = p.id), 0) as replayed,
        least(p.male_quantity, p.female_quantity, p.they_quantity) as lowest
      from zoo_population p where p.tenant_id = '100000' and p.is_deleted = 0`);
    const lost = check.filter((r) => Number(r.held) !== Number(r.replayed));
    const negative = check.filter((r) => Number(r.lowest) < 0);
    const { rows: n } = await sql.query(`select count(*)::int n from zoo_stock_log where tenant_id = '100000' and movement_type in ('born', 'move')`);
    console.log(perCall.join('; '));
    console.log(`ledger rows written: ${n[0]!.n}; populations checked: ${check.length}; lost counts: ${lost.length}; negative counts: ${negative.length}`);
    if (lost.length || negative.length) process.exitCode = 1;
    await app.close();
  } finally {
    await bare.close();
    await sql.end();
    await database.close();
    await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
