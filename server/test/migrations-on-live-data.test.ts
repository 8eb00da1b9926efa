import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrationsFolder, openPostgres, runMigrations, type Database } from '../src/db/client';
import { md5Hex } from '../src/platform/auth/password';
import { seed } from '../src/seed';
import { BREEDING_AGE_YEARS, GESTATION_DAYS } from '../src/seed/zoo-species-gestation';
import { FIXTURE_SCHEMA, MOVEMENTS, fixtureFile } from './live-data/fixture-info';
import { dropTestDatabase, urlFor, withAdmin } from './pg-admin';
import { asMap, grouped, replay, type Ledger } from './stock-replay';

/**
 * Every migration since FIXTURE_SCHEMA, applied to a database that already holds a zoo: the demo zoo as its seed
 * left it at that schema plus a thousand stock-ledger movements (test/live-data/make-fixture.ts wrote the dump).
 * Then the server starts on it as an upgrade does (migrations, seed), no row is lost, the ledger still reconciles
 * with the stock the API reports, and every list the demo zoo's administrator can open answers.
 */
const name = `zoo_tlive${randomBytes(3).toString('hex')}_${inject('zooRun')}`;
const url = urlFor(name);
const TENANT = '100000';
let database: Database | undefined;
let owner: pg.Client | undefined;
afterAll(async () => {
  await owner?.end();
  await database?.close();
  await withAdmin((c) => dropTestDatabase(c, name));
});

const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: Array<{ tag: string }> };
const counts = async (c: pg.Client) => {
  const tables = (await c.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.tablename as string);
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await c.query(`select count(*)::int as n from "${t}"`)).rows[0].n;
  return out;
};

describe('migrations on live data', () => {
  it(`upgrades a zoo frozen at ${FIXTURE_SCHEMA}: nothing lost, the ledger reconciles, every list answers`, async () => {
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    execFileSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, fixtureFile]);
    owner = new pg.Client({ connectionString: url, options: '-c TimeZone=Asia/Shanghai' });
    await owner.connect();
    const applied = (await owner.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n as number;
    expect(journal.entries[applied - 1]?.tag).toBe(FIXTURE_SCHEMA);
    const before = await counts(owner);
    // The trail of that time holds bigint ids as JSON numbers beyond 2^53 (migration 0043 turns them into strings).
    const unsafe = `select count(*)::int as n from sys_audit
                     where jsonb_path_exists(changes, '$.*[*] ? (@.type() == "number" && @.abs() > 9007199254740991)')`;
    expect((await owner.query(unsafe)).rows[0].n).toBeGreaterThan(0);
    const [big] = (
      await owner.query(
        `select a.id::text, k.key, k.value->>1 as digits from sys_audit a, jsonb_each(a.changes) k
          where jsonb_typeof(k.value->1) = 'number' and abs((k.value->1)::numeric) > 9007199254740991 order by a.id limit 1`,
      )
    ).rows as Array<{ id: string; key: string; digits: string }>;
    expect((await owner.query(`select count(*)::int as n from zoo_stock_log where tenant_id = $1`, [TENANT])).rows[0].n).toBeGreaterThanOrEqual(MOVEMENTS);

    // As a server start on an existing database does: the migrations it lacks, then the idempotent seed.
    const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', DB_POOL_MAX: '4' });
    database = await openPostgres(url, 4, config.timeZone);
    await runMigrations(database);
    expect((await owner.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n).toBe(journal.entries.length);
    // No row lost: a migration may add rows (menus, dictionaries), never take them; the ledger and the registry keep
    // exactly theirs. (The seed that follows may add demo records of its own: not counted here.)
    const after = await counts(owner);
    for (const [table, n] of Object.entries(before)) expect(after[table] ?? -1, table).toBeGreaterThanOrEqual(n);
    for (const table of ['zoo_stock_log', 'zoo_animal', 'zoo_population']) expect(after[table], table).toBe(before[table]);
    // Same digits, now a string; no unsafe number left in the trail.
    expect((await owner.query(unsafe)).rows[0].n).toBe(0);
    const converted = (await owner.query(`select changes->$2->1 as v from sys_audit where id = $1`, [big!.id, big!.key])).rows[0].v;
    expect(converted).toBe(big!.digits);
    // Migration 0045: the species the product knew get their gestation range as fields, the same the seed gives a
    // fresh database (before this seed runs: the migration alone).
    const gestation = `select latin_name, gestation_min_days lo, gestation_max_days hi from zoo_species where is_deleted = 0 and latin_name = any($1)`;
    const ranged = (await owner.query(gestation, [Object.keys(GESTATION_DAYS)])).rows as Array<{ latin_name: string; lo: number; hi: number }>;
    expect(ranged.find((r) => r.latin_name === 'Ailuropoda melanoleuca')).toEqual({ latin_name: 'Ailuropoda melanoleuca', lo: 83, hi: 200 });
    for (const r of ranged) expect([r.lo, r.hi], r.latin_name).toEqual(GESTATION_DAYS[r.latin_name]);
    // Migration 0047: the breeding ages the product knew by latin name become the library's field.
    const ages = (
      await owner.query(`select latin_name, breeding_age_years age from zoo_species where is_deleted = 0 and latin_name = any($1)`, [
        Object.keys(BREEDING_AGE_YEARS),
      ])
    ).rows as Array<{ latin_name: string; age: number }>;
    expect(ages.find((r) => r.latin_name === 'Ailuropoda melanoleuca')?.age).toBe(4);
    for (const r of ages) expect(r.age, r.latin_name).toBe(BREEDING_AGE_YEARS[r.latin_name]);
    await seed(database, { demo: true });

    const app = await buildApp(config, database, { logger: false });
    try {
      const call = async (path: string, query: Record<string, string> = {}, token?: string, method: 'GET' | 'POST' = 'GET') => {
        const res = await app.inject({
          method,
          url: `/api${path}`,
          query,
          headers: {
            authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
            'tenant-id': TENANT,
            ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
          },
        });
        return { status: res.statusCode, body: res.body.startsWith('{') ? JSON.parse(res.body) : res.body };
      };
      const login = await call(
        '/blade-auth/oauth/token',
        { tenantId: TENANT, username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all', type: 'account' },
        undefined,
        'POST',
      );
      const token = login.body.access_token as string;
      expect(token, JSON.stringify(login.body)).toBeTruthy();

      // The ledger reconciles: today's stock by species equals replaying every movement of the zoo.
      const ledger = (
        await owner.query(
          `select id::text, movement_type, animal_type, species_id::text, animal_id::text, population_id::text, to_population_id::text,
                  from_cage_id::text, to_cage_id::text, male_quantity, female_quantity, they_quantity, status_after,
                  to_char(event_date, 'YYYY-MM-DD HH24:MI:SS') as event_date
             from zoo_stock_log where tenant_id = $1 order by id`,
          [TENANT],
        )
      ).rows as Ledger;
      const today = (await owner.query(`select to_char(current_date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
      const stock = await call('/blade-zoo/basic/stock', { date: today, groupBy: 'species' }, token);
      expect(stock.body.success, JSON.stringify(stock.body)).toBe(true);
      expect(asMap(stock.body.data.rows)).toEqual(grouped(replay(ledger, today), (s) => s));

      // Every list, page and tree the contract declares answers the demo zoo's administrator without a server error.
      const spec = (await call('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
      const lists = Object.keys(spec.paths).filter((p) => spec.paths[p]!.get && /\/(list|page|tree|select)$/.test(p) && !p.includes('{'));
      expect(lists.length).toBeGreaterThan(50);
      const failed: string[] = [];
      for (const p of lists) {
        const res = await call(p.replace(/^\/api/, ''), { current: '1', size: '10' }, token);
        if (res.status >= 500) failed.push(`${p}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      expect(failed).toEqual([]);
    } finally {
      await app.close();
    }
  }, 300_000);
});
