/**
 * What the permanent audit trail costs a write: `POST /blade-zoo/park/submit` (insert) and the same call with an
 * id (update) with the audit trigger on and off, beside a bare Fastify + `pg` insert route, in one run: a warm-up
 * round, then rounds whose order alternates (A/B, B/A, ...) so warm-up and drift of the machine hit both sides. Target (architecture issue): the audited
 * write keeps ≥ 85 % of the unaudited rate.
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates and drops its
 * own database. Usage: npm run bench:audit -w @zoo/bench   (BENCH_SECONDS per round, default 5; BENCH_ROUNDS, default 4)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { adminToken } from './sign-in';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function load(url: string, opts: Partial<autocannon.Options>) {
  const r = await autocannon({ url, duration: seconds, connections, ...opts });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${db}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();
  const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off', DB_POOL_MAX: '10' });
  const database = await openPostgres(url, 10, config.timeZone);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  bare.post('/insert', async () => {
    const r = await pool.query("insert into bench_bare (name) values ('园区') returning id");
    return { code: 200, success: true, data: { id: String(r.rows[0].id) }, msg: '操作成功' };
  });
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    await pgOnce(url, 'create table bench_bare (id bigserial primary key, name text not null, create_time timestamp default now())');
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const token = await adminToken(base, '000000');
    const headers = { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' };
    // Updates spread over 100 parks (one row would measure its row lock, not the audit); inserts get unique names
    // (park names are unique per zoo).
    for (let i = 0; i < 100; i++) {
      const created = await fetch(`${base}/api/blade-zoo/park/submit`, { method: 'POST', headers, body: JSON.stringify({ parkName: `基准园区${i}` }) });
      if (!created.ok) throw new Error(await created.text());
    }
    const ids = (await pgOnce(url, "select id::text from zoo_park where park_name like '基准园区%'")).rows.map((r: { id: string }) => r.id);
    let n = 0;
    const insert = {
      method: 'POST' as const,
      headers,
      requests: [{ setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ parkName: `园区${++n}`, address: '北京', remark: '基准' }) }) }],
    };
    const update = {
      method: 'POST' as const,
      headers,
      requests: [
        {
          setupRequest: (req: object) => ({
            ...req,
            body: JSON.stringify({ id: ids[++n % ids.length], parkName: `基准园区${n % ids.length}x${n}`, remark: '改' }),
          }),
        },
      ],
    };
    const audit = (on: boolean) => pgOnce(url, `alter table zoo_park ${on ? 'enable' : 'disable'} trigger zoo_audit`);

    const rows: Array<[string, { rps: number; p99: number; errors: number }]> = [];
    const bareRun = await load(`${bareBase}/insert`, { method: 'POST' });
    rows.push(['bare fastify + pg insert', bareRun]);
    const sum: Record<string, { rps: number; p99: number; errors: number; n: number }> = {};
    const add = (k: string, r: { rps: number; p99: number; errors: number }) => {
      const s = (sum[k] ??= { rps: 0, p99: 0, errors: 0, n: 0 });
      s.rps += r.rps;
      s.p99 += r.p99;
      s.errors += r.errors;
      s.n++;
    };
    // A warm-up, not counted: the first loaded round runs while V8 still optimises the server's code, and it used
    // to be always the audited side (the audited insert measured 72-77 % that way; the same server with an empty
    // trigger function "cost" 16 %). The order of the two sides then alternates each round (on/off, off/on, ...).
    await audit(true);
    await load(`${base}/api/blade-zoo/park/submit`, { ...insert, duration: Math.min(seconds, 3) });
    await load(`${base}/api/blade-zoo/park/submit`, { ...update, duration: Math.min(seconds, 3) });
    for (let round = 0; round < rounds; round++) {
      for (const on of round % 2 ? [false, true] : [true, false]) {
        await audit(on);
        const ins = await load(`${base}/api/blade-zoo/park/submit`, insert);
        const upd = await load(`${base}/api/blade-zoo/park/submit`, update);
        console.log(`round ${round + 1}, audit ${on ? 'on ' : 'off'}: insert ${ins.rps.toFixed(0)}/s, update ${upd.rps.toFixed(0)}/s`);
        add(`submit (insert), audit ${on ? 'on' : 'off'}`, ins);
        add(`submit (update), audit ${on ? 'on' : 'off'}`, upd);
      }
    }
    await audit(true);
    for (const [k, s] of Object.entries(sum)) rows.push([k, { rps: s.rps / s.n, p99: s.p99 / s.n, errors: s.errors }]);
    const audited = (await pgOnce(url, "select count(*)::int as n from sys_audit where table_name = 'zoo_park'")).rows[0].n;

    console.log(`\n${seconds}s per round, ${connections} connections, ${rounds} rounds after a warm-up (order alternating), PostgreSQL ${db}`);
    console.log('target'.padEnd(34), 'req/s'.padStart(9), 'p99 ms'.padStart(8), '÷ bare'.padStart(8), 'errors'.padStart(7));
    for (const [name, r] of rows)
      console.log(
        name.padEnd(34),
        r.rps.toFixed(0).padStart(9),
        r.p99.toFixed(0).padStart(8),
        (r.rps / bareRun.rps).toFixed(3).padStart(8),
        String(r.errors).padStart(7),
      );
    for (const op of ['insert', 'update']) {
      const on = sum[`submit (${op}), audit on`]!;
      const off = sum[`submit (${op}), audit off`]!;
      console.log(`${op}: audited rate = ${((100 * on.rps) / off.rps).toFixed(1)} % of unaudited (target ≥ 85 %)`);
    }
    console.log(`audit rows written for zoo_park: ${audited}`);
    await app.close();
  } finally {
    await bare.close();
    await pool.end();
    await database.close();
    await dropBenchDatabase(adminUrl, db);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
