/**
 * How much a log list page costs with append-only counting vs a full count(*) per request.
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates and drops
 * its own database. Usage: npm run bench:log-count -w @zoo/bench [-- rows]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgOnce } from './pg-once';
import { and } from 'drizzle-orm';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';
import { md5Hex } from '@zoo/server/src/platform/auth/password';
import { bladeLogApi } from '@zoo/server/src/platform/log/log.tables';
import { mapFilters } from '@zoo/server/src/platform/resource/list-filter';
import { countRows, type CountMode } from '@zoo/server/src/platform/resource/paging';
import { inTenant } from '@zoo/server/src/platform/tenancy/tenant-tx';

const ROWS = Number(process.argv[2] ?? 100_000);
const ITER = 100;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `zoo_bench_${randomBytes(3).toString('hex')}`;
const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

async function time(label: string, n: number, fn: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6 / n;
  console.log(`${label.padEnd(58)} ${ms.toFixed(2).padStart(8)} ms/request`);
  return ms;
}

async function main() {
  await pgOnce(admin, `CREATE DATABASE ${name}`);
  const database = await openPostgres(url, 4, 'Asia/Shanghai');
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    // The platform tenant's share plus nine other tenants, spread over a year.
    await sql.query(
      `insert into blade_log_api (tenant_id, title, method, request_uri, params, time, create_by, create_time)
       select case when g % 10 = 0 then '000000' else lpad((100000 + g % 10)::text, 6, '0') end, '接口' || (g % 50), 'GET',
              '/api/blade-x/list', '{}', (g % 300)::text, 'admin', localtimestamp(0) - (($1 - g) || ' minutes')::interval * 5
       from generate_series(1, $1) g`,
      [ROWS],
    );
    await sql.query('analyze blade_log_api');
    await sql.end();

    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off' });
    const app = await buildApp(config, database, { logger: false });
    const tok = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '000000' },
      query: { username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all' },
    });
    const headers = { 'blade-auth': `bearer ${JSON.parse(tok.body).access_token}` };
    const list = (q: string) => async () => {
      const res = await app.inject({ method: 'GET', url: `/api/blade-log/api/list?current=1&size=10${q}`, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
    };
    const fullCount = (q: string) => async () => {
      app.zoo.cache.clearLocal('count:');
      await list(q)();
    };

    // The count alone, in a request-like transaction (row-level security on, all tenants).
    const count = (q: Record<string, string>, mode: CountMode) => async () => {
      const where = mapFilters(bladeLogApi, q, ['title', 'createTime']);
      await inTenant(database.db, { tenantId: '000000', allTenants: true }, (tx) =>
        countRows(tx, bladeLogApi, and(...where), { mode, cache: app.zoo.cache, scope: '*' }),
      );
    };
    const since = new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
    const cases: Array<[string, Record<string, string>]> = [
      ['no filter', {}],
      ['createTime_dategt (last 30 days)', { createTime_dategt: since }],
      ['title LIKE', { title: '接口1' }],
    ];
    const qs = (q: Record<string, string>) =>
      Object.entries(q)
        .map(([k, v]) => `&${k}=${encodeURIComponent(v)}`)
        .join('');

    console.log(`blade_log_api: ${ROWS} rows, platform administrator (all tenants), ${ITER} runs each`);
    console.log('\n-- total only --');
    for (const [label, q] of cases) {
      const full = await time(`${label}: count(*)`, ITER, count(q, 'exact'));
      const inc = await time(`${label}: append-only (once, then delta)`, ITER, count(q, 'appendOnly'));
      console.log(`${''.padEnd(58)} ratio ${(full / inc).toFixed(1)}×`);
    }
    console.log('\n-- whole list request (page 1, 10 rows) --');
    for (const [label, q] of cases) {
      const full = await time(`${label}: full count(*) on every request`, ITER, fullCount(qs(q)));
      const inc = await time(`${label}: append-only count`, ITER, list(qs(q)));
      console.log(`${''.padEnd(58)} ratio ${(full / inc).toFixed(1)}×`);
    }
    await app.close();
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await pgOnce(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
