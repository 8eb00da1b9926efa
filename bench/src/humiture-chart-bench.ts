/**
 * The month chart of a cage's temperature and humidity on a huge reading table (issue 36): `GET
 * /api/zoo-cage/humiture/history?range=month` (the call the cage's humiture screen makes; the month is always the
 * last 30 days, by the day) for random cages, through HTTP, one request at a time. Target: p99 ≤ 50 ms on a
 * 1-billion-row-equivalent table, here at least 100 M rows.
 *
 * Seeding (minutes): a scratch PostgreSQL database with the demo zoo, BENCH_CAGES extra cages (default 200) in zoo
 * 100000 and BENCH_ROWS readings (default 100 M) at one reading a minute per cage, ending now, written day by day
 * with generate_series in time order (cages interleaved, as sensors write) into month partitions made beforehand by
 * the server's own maintenance. The key and indexes are dropped first and built once over the rows (as pg_restore
 * does) from their own definitions, then VACUUM (ANALYZE); the hourly folds are kept by their trigger as usual.
 * BENCH_KEEP=1 keeps the database (named BENCH_DB, default zoo_bench_humiture_chart); a later run with the same
 * name reuses it when its seeding finished (a marker table), and tops up the readings up to now.
 *
 * Prints p50/p90/p99 of BENCH_CALLS (default 300, after 20 warm-ups) beside a bare Fastify + pg route that reads
 * one reading by primary key in the same run (decision 0039's ratio), and EXPLAIN (ANALYZE, BUFFERS) of the chart's
 * chart statement as the request role sees it (row-level security on). Load averages are printed beside the figures
 * (the machine may be shared).
 * BENCH_COVER=1 adds, on the bench database only, an index that also carries temperature and humidity (an
 * experiment for a later migration: the month then reads index pages only).
 * Usage: npm run bench:humiture-chart -w @zoo/bench
 */
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations, type Database } from '@zoo/server/src/db/client';
import { maintainPartitions } from '@zoo/server/src/platform/partition/maintenance';
import { STREAMS } from '@zoo/server/src/platform/partition/streams';
import { seed } from '@zoo/server/src/seed';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { adminToken } from './sign-in';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_DB ?? 'zoo_bench_humiture_chart';
const keep = process.env.BENCH_KEEP === '1';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000_000);
const CAGES = Number(process.env.BENCH_CAGES ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const TENANT = '100000';
const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(0);

/** Readings of every bench cage for the minutes [from, to) (a timestamp pair), ids from a private range. */
const FILL = `insert into zoo_humiture (id, tenant_id, cage_id, read_time, temperature, humidity)
  select $3::bigint + row_number() over (), c.tenant_id, c.id, m,
         round((22 + 4 * sin(extract(epoch from m) / 13751) + 3 * sin(c.id % 97 + extract(epoch from m) / 86400 * 6.283) + random())::numeric, 1),
         round((60 + 15 * sin(c.id % 89 + extract(epoch from m) / 86400 * 6.283) + 4 * random())::numeric, 1)
    from generate_series($1::timestamp, $2::timestamp - interval '1 minute', interval '1 minute') m
   cross join (select id, tenant_id from zoo_cage where cage_code like 'BENCH-%' order by id) c
   order by m, c.id`;

async function seedReadings(c: pg.Client, database: Database): Promise<void> {
  const t0 = performance.now();
  await c.query(
    `insert into zoo_cage (tenant_id, venue_id, cage_code, cage_name)
    select $1::varchar, (select venue_id from zoo_cage where tenant_id = $1::varchar order by id limit 1), 'BENCH-' || g, 'Bench cage ' || g
      from generate_series(1, $2::int) g`,
    [TENANT, CAGES],
  );
  const days = Math.ceil(ROWS / CAGES / 1440);
  const end = (await c.query(`select date_trunc('minute', localtimestamp)::text as t`)).rows[0].t as string;
  console.log(`seeding ${(days * CAGES * 1440).toLocaleString()} readings: ${CAGES} cages × 1/min × ${days} days up to ${end}`);
  // As pg_restore does: the rows first, then the key and indexes built once over them (sorted, in parallel), which
  // is several times faster than keeping them up to date row by row. Rebuilt from their own definitions.
  const keys = (
    await c.query(`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
                    where conrelid = 'zoo_humiture'::regclass and contype in ('p', 'u')`)
  ).rows as Array<{ name: string; def: string }>;
  const indexes = (
    await c.query(`select pg_get_indexdef(i.indexrelid) as def, i.indexrelid::regclass::text as name from pg_index i
                    where i.indrelid = 'zoo_humiture'::regclass
                      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`)
  ).rows as Array<{ name: string; def: string }>;
  for (const k of keys) await c.query(`alter table zoo_humiture drop constraint ${k.name}`);
  for (const i of indexes) await c.query(`drop index ${i.name}`);
  // Each month's partition made before its rows arrive (the server's maintenance, run as of that month), so no
  // reading lands in the default partition and the chart reads only its months, as in production.
  const months = (
    await c.query(
      `select to_char(m, 'YYYY-MM-DD') as m from generate_series(date_trunc('month', $1::timestamp - make_interval(days => $2)), $1::timestamp, interval '1 month') m`,
      [end, days],
    )
  ).rows.map((r) => r.m as string);
  const forever = Object.fromEntries(STREAMS.map((s) => [s.table, 0]));
  for (const today of months) await maintainPartitions(database.db, { today, retention: forever, archive: async () => {} });
  // Ids 1… are far below next_id()'s (ms since 2020 << 22), so live ingestion never meets them.
  for (let d = days; d > 0; d--) {
    const id = (days - d) * CAGES * 1440;
    const { rows } = await c.query(
      `select ($1::timestamp - make_interval(days => $2))::text as a, ($1::timestamp - make_interval(days => $2 - 1))::text as b`,
      [end, d],
    );
    await c.query(FILL, [rows[0].a, rows[0].b, id]);
    if ((days - d + 1) % 10 === 0 || d === 1)
      console.log(`  ${(days - d + 1).toString().padStart(4)}/${days} days, ${((days - d + 1) * CAGES * 1440).toLocaleString()} rows, ${secs(t0)} s`);
  }
  const t1 = performance.now();
  await c.query(`set maintenance_work_mem = '1GB'`);
  for (const k of keys) await c.query(`alter table zoo_humiture add constraint ${k.name} ${k.def}`);
  // A partitioned table's index definition reads `ON ONLY` (the parent alone): built here on every partition too.
  for (const i of indexes) await c.query(i.def.replace(' ON ONLY ', ' ON '));
  console.log(`key and ${indexes.length} index(es) built in ${secs(t1)} s`);
  console.log(`vacuum (analyze) …`);
  await c.query('vacuum (analyze) zoo_humiture');
  await c.query(`create table bench_seeded (rows bigint, end_time timestamp, seconds int)`);
  await c.query(`insert into bench_seeded values ($1, $2, $3)`, [days * CAGES * 1440, end, Math.round((performance.now() - t0) / 1000)]);
  console.log(`seeded in ${secs(t0)} s`);
}

/** A kept database: readings from its last seeded minute up to now, so the last 30 days stay full. */
async function topUp(c: pg.Client): Promise<void> {
  const { rows } = await c.query(
    `select end_time::text as e, date_trunc('minute', localtimestamp)::text as now, (select max(id) from zoo_humiture where id < 1e12) as id from bench_seeded`,
  );
  const r = rows[0];
  if (r.e >= r.now) return;
  await c.query(FILL, [r.e, r.now, r.id]);
  await c.query(`update bench_seeded set end_time = $1`, [r.now]);
  await c.query('analyze zoo_humiture');
  console.log(`topped up readings from ${r.e} to ${r.now}`);
}

async function main() {
  const exists = (await pgOnce(admin, 'select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await pgOnce(admin, `CREATE DATABASE ${name}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const database = await openPostgres(url, 10, 'Asia/Shanghai');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const bare = Fastify({ logger: false });
  try {
    await c.query(`set time zone 'Asia/Shanghai'`);
    const seeded = (await c.query(`select to_regclass('bench_seeded') is not null as s`)).rows[0].s as boolean;
    if (!seeded) {
      if (exists) throw new Error(`database ${name} exists without a finished seeding: drop it or pick another BENCH_DB`);
      await runMigrations(database);
      await seed(database, { demo: true });
      await seedReadings(c, database);
    } else {
      await runMigrations(database);
      await topUp(c);
    }
    if (process.env.BENCH_COVER === '1') {
      // An experiment, not the schema: the chart's index carrying the two values it aggregates, so a month becomes
      // an index-only scan instead of one heap page per reading (a cage's readings are spread over the table).
      const t0 = performance.now();
      await c.query(`create index if not exists bench_humiture_cover on zoo_humiture (tenant_id, cage_id, read_time) include (temperature, humidity)`);
      await c.query('vacuum (analyze) zoo_humiture');
      console.log(`BENCH_COVER=1: covering index bench_humiture_cover present (${secs(t0)} s to build or find, then vacuum)`);
    }
    const size = (
      await c.query(`select count(*)::bigint as n, pg_size_pretty(sum(pg_total_relation_size(r.oid))) as size
      from pg_class r where r.relname = 'zoo_humiture' or r.oid in (select inhrelid from pg_inherits where inhparent = 'zoo_humiture'::regclass)`)
    ).rows[0];
    const total = (await c.query(`select rows from bench_seeded`)).rows[0].rows;
    console.log(`zoo_humiture: ${Number(total).toLocaleString()} seeded readings, ${size.size} with indexes, ${size.n} relation(s)`);
    const cages = (await c.query(`select id::text from zoo_cage where cage_code like 'BENCH-%' order by id`)).rows.map((r) => r.id as string);

    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off' });
    const app = await buildApp(config, database, { logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'blade-auth': `bearer ${await adminToken(base, TENANT)}`,
    };
    bare.get('/reading', async (req) => (await pool.query('select * from zoo_humiture where id = $1', [(req.query as { id: string }).id])).rows[0]);
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    let seedN = 7;
    const rnd = (n: number) => ((seedN = (seedN * 1103515245 + 12345) % 2 ** 31), seedN % n);
    const time = async (path: string, h: Record<string, string>) => {
      const t = performance.now();
      const r = await fetch(path, { headers: h });
      const body = await r.text();
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - t, body };
    };
    const first = JSON.parse((await time(`${base}/api/zoo-cage/humiture/history?cageId=${cages[0]}&range=month`, headers)).body).data;
    console.log(`one month chart: ${first.buckets.length} buckets, ${first.summary.count.toLocaleString()} readings`);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < CALLS + 20; i++) {
      const a = await time(`${base}/api/zoo-cage/humiture/history?cageId=${cages[rnd(cages.length)]}&range=month`, headers);
      const b = await time(`${bareBase}/reading?id=${1 + rnd(Number(total))}`, {});
      if (i < 20) continue;
      ours.push(a.ms);
      theirs.push(b.ms);
    }
    const line = (label: string, xs: number[]) =>
      console.log(
        `${label.padEnd(34)} p50 ${pct(xs, 50).toFixed(1).padStart(7)}  p90 ${pct(xs, 90).toFixed(1).padStart(7)}  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms`,
      );
    console.log(
      `serial, ${CALLS} calls after 20 warm-ups, random cages (load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    );
    line('month chart (history?range=month)', ours);
    line('bare Fastify + pg, one row by id', theirs);
    console.log(`${''.padEnd(34)} p99 ours / bare = ${(pct(ours, 99) / pct(theirs, 99)).toFixed(1)}`);

    // The chart statement as the request sees it: the request role, row-level security on, one cage's last 30 days.
    const cage = cages[rnd(cages.length)];
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true)`, [TENANT]);
    await c.query('set local role zoo_app');
    const plan = await c.query(
      `explain (analyze, buffers) select to_char(r.f, 'YYYY-MM-DD HH24:MI:SS') as "from", to_char(r.t, 'YYYY-MM-DD HH24:MI:SS') as "to",
             to_char(b.bt, 'YYYY-MM-DD HH24:MI:SS') as time, b.*
        from (select date_trunc('second', localtimestamp - interval '30 days') as f, date_trunc('second', localtimestamp) as t) r
        left join lateral (
          select date_trunc('day', read_time) as bt, min(temperature) as t_min, max(temperature) as t_max, sum(temperature) as t_sum,
                 min(humidity) as h_min, max(humidity) as h_max, sum(humidity) as h_sum, count(*)::int as n,
                 count(*) filter (where temperature > 26 or humidity > 80)::int as b
            from zoo_humiture where cage_id = $1 and read_time >= r.f and read_time <= r.t group by 1) b on true
       order by b.bt`,
      [cage],
    );
    await c.query('rollback');
    console.log("EXPLAIN (ANALYZE, BUFFERS) of one cage's month aggregated from the readings themselves (what the hourly folds spare the route):");
    for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
    await app.close();
  } finally {
    await bare.close();
    await pool.end();
    await c.end();
    await database.close();
    if (!keep) await dropBenchDatabase(admin, name);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
