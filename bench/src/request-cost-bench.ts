/**
 * Per-request cost (issue 13): cached reads (dictionary, menu routes/buttons) and details by id (user, animal, population), each beside a bare
 * Fastify 5 route doing one primary-key SELECT through a `pg` pool of 10 on a 1 M-row table, in alternating rounds
 * of one run; prints req/s, p99 and the ratio to the bare route. Targets: cached reads ≥ 0.6, details ≥ 0.4.
 * Scratch database with the demo seed, dropped afterwards. BENCH_SECONDS per round (default 5), BENCH_ROUNDS (2),
 * BENCH_WORKERS (load generator threads, default 1; 0 = in the server's thread).
 * BENCH_BEFORE=<checkout> alternates that checkout's server with this one's, a process per side and round, and
 * prints every ratio before and now (checkout.ts).
 * Usage: npm run bench:request -w @zoo/bench   (BENCH_ONLY=dict keeps one case; add --cpu-prof to profile)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { fileURLToPath } from 'node:url';
import { alternate, reportForParent, serverParts, type CaseResult } from './checkout';
import { adminToken } from './sign-in';
import { generatorLabel, generatorOptions } from './generator';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = 20;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** cpuUs: this process's CPU (server, bare route and generator thread) per request, in µs: steadier than req/s on a shared machine. */
type Run = { rps: number; p99: number; errors: number; cpuUs: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Run> {
  // Monotonic µs, the clock of a --cpu-prof profile: the window to read a profile in.
  const t0 = process.hrtime.bigint() / 1000n;
  const e0 = Date.now();
  const c0 = process.cpuUsage();
  const r = await autocannon({ url, duration: seconds, connections, headers, ...generatorOptions() });
  const c = process.cpuUsage(c0);
  if (process.env.BENCH_ONLY)
    console.log(`window ${url.split('?')[0]} ${t0} ${process.hrtime.bigint() / 1000n} epoch ${e0} ${Date.now()} req ${r.requests.total}`);
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUs: (c.user + c.system) / r.requests.total };
}

async function main() {
  const before = process.env.BENCH_BEFORE;
  if (before) return void (process.exitCode = alternate(fileURLToPath(import.meta.url), before, rounds));
  // The measured checkout's server (this one unless BENCH_AT names another).
  const { buildApp, loadConfig, openPostgres, runMigrations, seed, messagesOf } = await serverParts();
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  try {
    await runMigrations(database);
    await seed(database, { demo: true });
    await pool.query('create table bench_pk as select g as id, md5(g::text) as name from generate_series(1, 1000000) g');
    await pool.query('alter table bench_pk add primary key (id)');
    bare.get('/detail', async (req) => {
      const id = Number((req.query as { id?: string }).id ?? 1);
      const r = await pool.query('select id, name from bench_pk where id = $1', [id]);
      return { code: 200, success: true, data: r.rows[0], msg: '操作成功' };
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off', DB_POOL_MAX: process.env.BENCH_POOL ?? '10' });
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { rows: zoo } = await pool.query(`select a.tenant_id, a.id::text as id from zoo_animal a order by a.id limit 1`);
    const tenant = zoo[0].tenant_id as string;
    const animal = zoo[0].id as string;
    const token = async (t: string) => ({ 'blade-auth': `bearer ${await adminToken(base, t)}` });
    const platform = await token('000000');
    const zooAdmin = await token(tenant);
    const { rows: users } = await pool.query(`select id::text as id from blade_user where tenant_id = '000000' and account = 'admin'`);
    const { rows: pops } = await pool.query(`select id::text as id from zoo_population where tenant_id = $1 and is_deleted = 0 order by id limit 1`, [tenant]);
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['dict/dictionary?code=sex (cached)', `${base}/api/blade-system/dict/dictionary?code=sex`, platform, 0.6],
      ['menu/routes (cached)', `${base}/api/blade-system/menu/routes`, platform, 0.6],
      ['menu/buttons (cached)', `${base}/api/blade-system/menu/buttons`, platform, 0.6],
      ['user/detail by id', `${base}/api/blade-user/detail?id=${users[0].id}`, platform, 0.4],
      ['animal/detail by id (zoo)', `${base}/api/zoo-animal/animal/detail?id=${animal}`, zooAdmin, 0.4],
      ['population/detail by id (zoo)', `${base}/api/zoo-population/population/detail?id=${pops[0].id}`, zooAdmin, 0.4],
    ];
    // BENCH_ONLY=<substring> keeps the matching cases (profiling one call).
    const only = process.env.BENCH_ONLY;
    if (only) cases.splice(0, cases.length, ...cases.filter(([n]) => n.includes(only)));
    // Warm-up, and the messages each call sends to PostgreSQL once warm (BENCH_MESSAGES=1 prints their text).
    const messages = new Map<string, number>();
    for (const [name, u, h] of cases) {
      let sent: string[] = [];
      for (let i = 0; i < 2; i++)
        ({ sent } = await messagesOf(async () => {
          const r = await fetch(u, { headers: h });
          if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status} ${await r.text()}`);
        }));
      messages.set(name, sent.length);
      if (process.env.BENCH_MESSAGES) console.log(name, sent);
    }
    const sum = new Map<string, Run & { n: number }>();
    const add = (name: string, r: Run) => {
      const s = sum.get(name) ?? { rps: 0, p99: 0, errors: 0, cpuUs: 0, n: 0 };
      sum.set(name, { rps: s.rps + r.rps, p99: Math.max(s.p99, r.p99), errors: s.errors + r.errors, cpuUs: s.cpuUs + r.cpuUs, n: s.n + 1 });
    };
    const BARE = 'bare fastify + pg (PK select, 1M rows)';
    for (let round = 0; round < rounds; round++) {
      add(BARE, await load(`${bareBase}/detail?id=${1 + Math.floor(Math.random() * 999_999)}`));
      for (const [name, u, h] of cases) add(name, await load(u, h));
    }
    const bareRps = sum.get(BARE)!.rps / rounds;
    const target = new Map(cases.map(([n, , , t]) => [n, t]));
    console.log(`\n${seconds}s × ${rounds} alternating rounds, ${connections} connections, ${generatorLabel()}, PostgreSQL ${dbName}`);
    console.log(
      'target'.padEnd(40),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      '÷ bare'.padStart(8),
      'goal'.padStart(6),
      'errors'.padStart(7),
      'messages'.padStart(9),
    );
    const results: CaseResult[] = [];
    for (const [name, s] of sum) {
      results.push({ name, rps: s.rps / s.n, p99: s.p99, ratio: s.rps / s.n / bareRps, errors: s.errors, cpuUs: s.cpuUs / s.n });
      const goal = target.get(name);
      console.log(
        name.padEnd(40),
        (s.rps / s.n).toFixed(0).padStart(9),
        s.p99.toFixed(0).padStart(8),
        (s.rps / s.n / bareRps).toFixed(3).padStart(8),
        (goal ? `≥${goal}` : '').padStart(6),
        String(s.errors).padStart(7),
        String(messages.get(name) ?? 1).padStart(9),
      );
    }
    reportForParent(results);
    await app.close();
  } finally {
    await bare.close();
    await pool.end();
    await database.close();
    await dropBenchDatabase(adminUrl, dbName);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
