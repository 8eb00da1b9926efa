/**
 * The keeper-log month calendar at scale (issue 12): `GET /zoo/basicLog/detail/month` of one animal and month in
 * a zoo with 10 M keeper logs, beside a bare Fastify + `pg` route doing one primary-key SELECT on zoo_basic_log,
 * in the same run. Target: p99 ≤ 20 ms.
 *
 * Data comes from the scale generator:
 *   createdb zoo_logs && DATABASE_URL=…/zoo_logs npm run seed:scale -w @zoo/server -- --zoos 1 --animals 10000 --logs 10000000
 * then BENCH_DATABASE_URL=…/zoo_logs (BENCH_TENANT, default 300001). Without it, a zoo with BENCH_LOGS (default
 * 1 M) logs is generated in a scratch database and dropped afterwards.
 * Two measures: serial latency (one request at a time, 300 after 30 warm-ups — the steadier figure on a shared
 * machine) and load (autocannon, 10 connections, BENCH_SECONDS per round, two alternating rounds); each request
 * asks another animal and month.
 * Usage: npm run bench:log-month -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { generateZoos } from '@zoo/server/src/seed/scale';
import { pgOnce } from './pg-once';
import { adminToken } from './sign-in';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
type Run = { rps: number; p50: number; p99: number; errors: number };

async function query<T>(url: string, q: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q, params)).rows as T[];
  } finally {
    await c.end();
  }
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function main() {
  const given = process.env.BENCH_DATABASE_URL;
  const tenant = process.env.BENCH_TENANT ?? '300001';
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  const url = given ?? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  if (!given) await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    if (!given) await generateZoos(database, { zoos: 1, animals: 2000, logs: Number(process.env.BENCH_LOGS ?? 1_000_000), log: console.log });
    const animals = (
      await query<{ id: string }>(url, 'select id::text from zoo_animal where tenant_id = $1 and status = 1 and is_deleted = 0 order by id limit 2000', [
        tenant,
      ])
    ).map((r) => r.id);
    if (!animals.length) throw new Error(`zoo ${tenant} has no animals: run seed:scale first`);
    const [stats] = await query<{ logs: string; all: string; oldest: string }>(
      url,
      `select count(*) filter (where tenant_id = $1) as logs, count(*) as all, min(log_date)::text as oldest from zoo_basic_log`,
      [tenant],
    );
    const logIds = (await query<{ id: string }>(url, 'select id::text from zoo_basic_log where tenant_id = $1 limit 2000', [tenant])).map((r) => r.id);
    // Full months between the oldest log and last month.
    const months: Array<[number, number]> = [];
    const o = new Date(`${stats!.oldest}T00:00:00`);
    for (let d = new Date(o.getFullYear(), o.getMonth() + 1, 1); d < new Date(new Date().getFullYear(), new Date().getMonth(), 1); d.setMonth(d.getMonth() + 1))
      months.push([d.getFullYear(), d.getMonth() + 1]);
    if (!months.length) throw new Error('no full month of logs');
    let k = 0;
    const nextPath = () => {
      k++;
      const [y, m] = months[(k * 7) % months.length]!;
      return `/api/zoo/basicLog/detail/month?year=${y}&month=${m}&animalId=${animals[(k * 13) % animals.length]}`;
    };

    bare.get('/detail', async () => {
      const r = await pool.query('select * from zoo_basic_log where id = $1', [logIds[++k % logIds.length]]);
      return { code: 200, success: true, data: r.rows[0], msg: '操作成功' };
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off', DB_POOL_MAX: '10' });
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await adminToken(base, tenant);
    const headers = { 'blade-auth': `bearer ${token}` };
    const probe = (await (await fetch(`${base}${nextPath()}`, { headers })).json()) as { success: boolean; data?: { days: unknown[] } };
    if (!probe.success || !probe.data?.days.length) throw new Error(`month view answered no days: ${JSON.stringify(probe).slice(0, 300)}`);

    // Serial latency.
    const serial = async (get: () => Promise<Response>) => {
      const ms: number[] = [];
      for (let i = 0; i < 330; i++) {
        const t0 = performance.now();
        const r = await get();
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        if (i >= 30) ms.push(performance.now() - t0);
      }
      return { p50: pct(ms, 50), p90: pct(ms, 90), p99: pct(ms, 99) };
    };
    const sBare = await serial(() => fetch(`${bareBase}/detail`));
    const sMonth = await serial(() => fetch(`${base}${nextPath()}`, { headers }));

    // Under load.
    const load = async (u: string, h: Record<string, string> = {}, rotate = false): Promise<Run> => {
      const r = await autocannon({
        url: u,
        duration: seconds,
        connections,
        headers: h,
        requests: rotate ? [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] : undefined,
      });
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
    };
    const sum = new Map<string, Run & { n: number }>();
    const add = (name: string, r: Run) => {
      const s = sum.get(name) ?? { rps: 0, p50: 0, p99: 0, errors: 0, n: 0 };
      sum.set(name, { rps: s.rps + r.rps, p50: Math.max(s.p50, r.p50), p99: Math.max(s.p99, r.p99), errors: s.errors + r.errors, n: s.n + 1 });
    };
    for (let round = 0; round < 2; round++) {
      add('bare fastify + pg (PK select)', await load(`${bareBase}/detail`));
      add('keeper-log month view', await load(`${base}${nextPath()}`, headers, true));
    }
    const bareRps = sum.get('bare fastify + pg (PK select)')!.rps / 2;
    console.log(`\nzoo ${tenant}: ${stats!.logs} keeper logs (database: ${stats!.all}), ${animals.length} animals asked, ${months.length} months`);
    console.log('serial (one at a time, 300 requests): p50 / p90 / p99 ms');
    console.log(`  bare fastify + pg (PK select)      ${sBare.p50.toFixed(2)} / ${sBare.p90.toFixed(2)} / ${sBare.p99.toFixed(2)}`);
    console.log(`  keeper-log month view              ${sMonth.p50.toFixed(2)} / ${sMonth.p90.toFixed(2)} / ${sMonth.p99.toFixed(2)}`);
    console.log(`load: ${seconds}s × 2 alternating rounds, ${connections} connections`);
    console.log('target'.padEnd(34), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '÷ bare'.padStart(8), 'errors'.padStart(7));
    for (const [name, s] of sum)
      console.log(
        name.padEnd(34),
        (s.rps / s.n).toFixed(0).padStart(9),
        s.p50.toFixed(0).padStart(8),
        s.p99.toFixed(0).padStart(8),
        (s.rps / s.n / bareRps).toFixed(3).padStart(8),
        String(s.errors).padStart(7),
      );
    console.log('target (issue 12): month view p99 ≤ 20 ms (p99 shown under load is the worse round)');
    await app.close();
  } finally {
    await bare.close();
    await pool.end();
    await database.close();
    if (!given) await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
