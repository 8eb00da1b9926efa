/**
 * The animal list at scale (issue 13, decision 0016): `GET /zoo-animal/animal/list` page 1 (10 rows) of one zoo,
 * unfiltered and filtered by species and by name, with kept counts (LIST_COUNT=kept, the default) and with
 * count(*) per page (LIST_COUNT=exact, what main did), beside a bare Fastify + `pg` route doing one primary-key
 * SELECT on the same table, in alternating rounds of one run.
 *
 * Data comes from the scale generator: BENCH_DATABASE_URL names a database filled by
 *   npm run seed:scale -w @zoo/server -- --zoos 100 --animals 1000000
 * (BENCH_TENANT picks the zoo, default 300001). Without it, a database with BENCH_ANIMALS (default 100000)
 * animals in one zoo is generated here and dropped afterwards.
 * BENCH_BEFORE=<checkout> alternates that checkout's server with this one's, a process per side and round (each
 * generating its database), and prints every ratio before and now (checkout.ts).
 * Usage: npm run bench:list -w @zoo/bench   (BENCH_SECONDS per round, default 5; BENCH_ROUNDS, default 2)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { alternate, reportForParent, serverParts, type CaseResult } from './checkout';
import { generatorLabel, generatorOptions } from './generator';
import { dropBenchDatabase } from './pg-once';
import { adminToken } from './sign-in';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** cpuUs: this process's CPU (server, bare route and generator thread) per request, in µs: steadier than req/s on a shared machine. */
type Run = { rps: number; p99: number; errors: number; cpuUs: number };

async function query<T>(url: string, q: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q, params)).rows as T[];
  } finally {
    await c.end();
  }
}

async function load(url: string, opts: Partial<autocannon.Options> = {}): Promise<Run> {
  const c0 = process.cpuUsage();
  const r = await autocannon({ url, duration: seconds, connections, ...generatorOptions(), ...opts });
  const c = process.cpuUsage(c0);
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUs: (c.user + c.system) / r.requests.total };
}

async function main() {
  const before = process.env.BENCH_BEFORE;
  if (before) return void (process.exitCode = alternate(fileURLToPath(import.meta.url), before, rounds));
  // The measured checkout's server (this one unless BENCH_AT names another).
  const { buildApp, loadConfig, openPostgres, runMigrations, seed, generateZoos, messagesOf } = await serverParts();
  const given = process.env.BENCH_DATABASE_URL;
  const tenant = process.env.BENCH_TENANT ?? '300001';
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  const url = given ?? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  if (!given) await query(adminUrl, `CREATE DATABASE ${dbName}`);
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    if (!given) await generateZoos(database, { zoos: 1, animals: Number(process.env.BENCH_ANIMALS ?? 100_000), log: console.log });
    const ids = (await query<{ id: string }>(url, 'select id::text from zoo_animal where tenant_id = $1 limit 1000', [tenant])).map((r) => r.id);
    if (!ids.length) throw new Error(`zoo ${tenant} has no animals: run seed:scale first`);
    const [{ species }] = await query<{ species: string }>(url, 'select species_id::text as species from zoo_animal where tenant_id = $1 limit 1', [tenant]);
    const [{ total, all }] = await query<{ total: string; all: string }>(
      url,
      `select count(*) filter (where tenant_id = $1) as total, count(*) as all from zoo_animal`,
      [tenant],
    );

    let k = 0;
    bare.get('/detail', async () => {
      const r = await pool.query('select * from zoo_animal where id = $1', [ids[++k % ids.length]]);
      return { code: 200, success: true, data: r.rows[0], msg: '操作成功' };
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const app = async (listCount: 'kept' | 'exact') => {
      const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off', DB_POOL_MAX: '10', LIST_COUNT: listCount });
      const a = await buildApp(config, database, { logger: false });
      return { a, base: await a.listen({ port: 0, host: '127.0.0.1' }) };
    };
    const kept = await app('kept');
    const exact = await app('exact');
    const token = await adminToken(kept.base, tenant);
    const headers = { 'blade-auth': `bearer ${token}` };
    const cases: Array<[string, string]> = [
      ['unfiltered', ''],
      ['species', `&speciesId=${species}`],
      ['name LIKE 安', `&animalName=${encodeURIComponent('安')}`],
    ];
    const messages = new Map<string, number>();
    for (const [label, q] of cases) {
      let b: { data?: { total: number } } = {};
      // Warm, then the messages a warm call sends (BENCH_MESSAGES=1 prints them).
      for (let i = 0; i < 2; i++) {
        const { sent } = await messagesOf(async () => {
          b = (await (await fetch(`${kept.base}/api/zoo-animal/animal/list?current=1&size=10${q}`, { headers })).json()) as typeof b;
        });
        messages.set(`list ${label}, kept`, sent.length);
        if (i === 1 && process.env.BENCH_MESSAGES) console.log(label, sent);
      }
      const e = (await (await fetch(`${exact.base}/api/zoo-animal/animal/list?current=1&size=10${q}`, { headers })).json()) as { data?: { total: number } };
      if (b.data?.total !== e.data?.total) throw new Error(`kept total ${b.data?.total} ≠ exact ${e.data?.total} for ${q}`);
    }

    const sum = new Map<string, Run & { n: number }>();
    const add = (name: string, r: Run) => {
      const s = sum.get(name) ?? { rps: 0, p99: 0, errors: 0, cpuUs: 0, n: 0 };
      sum.set(name, { rps: s.rps + r.rps, p99: Math.max(s.p99, r.p99), errors: s.errors + r.errors, cpuUs: s.cpuUs + r.cpuUs, n: s.n + 1 });
    };
    for (let round = 0; round < rounds; round++) {
      add('bare fastify + pg (PK select)', await load(`${bareBase}/detail`));
      for (const [label, q] of cases)
        for (const [mode, srv] of [
          ['kept', kept],
          ['exact', exact],
        ] as const) {
          const name = `list ${label}, ${mode}`;
          // BENCH_ONLY=<text> measures the matching cases alone and prints their windows (for --cpu-prof).
          if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
          const t0 = process.hrtime.bigint() / 1000n;
          add(name, await load(`${srv.base}/api/zoo-animal/animal/list?current=1&size=10${q}`, { headers }));
          if (process.env.BENCH_ONLY) console.log(`window ${name} ${t0} ${process.hrtime.bigint() / 1000n}`);
        }
    }
    const bareRps = sum.get('bare fastify + pg (PK select)')!.rps / rounds;
    console.log(
      `\nzoo ${tenant}: ${total} animals (database: ${all}); ${seconds}s × ${rounds} alternating rounds, ${connections} connections, ${generatorLabel()}`,
    );
    console.log('target'.padEnd(34), 'req/s'.padStart(9), 'p99 ms'.padStart(8), '÷ bare'.padStart(8), 'errors'.padStart(7), 'messages'.padStart(9));
    for (const [name, s] of sum)
      console.log(
        name.padEnd(34),
        (s.rps / s.n).toFixed(0).padStart(9),
        s.p99.toFixed(0).padStart(8),
        (s.rps / s.n / bareRps).toFixed(3).padStart(8),
        String(s.errors).padStart(7),
        String(messages.get(name) ?? '').padStart(9),
      );
    reportForParent(
      [...sum].map(
        ([name, s]) => ({ name, rps: s.rps / s.n, p99: s.p99, ratio: s.rps / s.n / bareRps, errors: s.errors, cpuUs: s.cpuUs / s.n }) satisfies CaseResult,
      ),
    );
    console.log('targets (issue 13): list ≥ 0.3 of bare, p99 ≤ 25 ms (p99 shown is the worse round)');
    await kept.a.close();
    await exact.a.close();
  } finally {
    await bare.close();
    await pool.end();
    await database.close();
    if (!given) await dropBenchDatabase(adminUrl, dbName);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
