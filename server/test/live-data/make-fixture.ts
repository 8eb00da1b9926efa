/**
 * Writes the frozen "live data" database the migrations-on-live-data test upgrades (run once per frozen schema,
 * not by the suite): the demo zoo as the demo seed left it at that schema, plus a thousand stock-ledger movements
 * through the API, dumped with pg_dump (custom format) beside this file.
 *
 *   npx tsx test/live-data/make-fixture.ts          (from server/, PostgreSQL at TEST_DATABASE_URL or 127.0.0.1)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres, runMigrations } from '../../src/db/client';
import { md5Hex } from '../../src/platform/auth/password';
import { seed } from '../../src/seed';
import { dropTestDatabase, urlFor, withAdmin } from '../pg-admin';
import { FIXTURE_SCHEMA, MOVEMENTS, fixtureFile } from './fixture-info';

const here = path.dirname(fileURLToPath(import.meta.url));
const name = 'zoo_live_fixture';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

let state = 20261128;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const n = (max: number) => Math.floor(rand() * (max + 1));

async function main() {
  const journal = JSON.parse(fs.readFileSync(path.join(here, '../../drizzle/meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.at(-1)!.tag;
  if (last !== FIXTURE_SCHEMA) throw new Error(`the journal ends at ${last}; fixture-info.ts names ${FIXTURE_SCHEMA}: update it first`);
  await withAdmin(async (c) => {
    await dropTestDatabase(c, name);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = urlFor(name);
  const config = loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', DB_POOL_MAX: '4', SEED_DEMO: 'on' });
  const database = await openPostgres(url, 4, config.timeZone);
  await runMigrations(database);
  await seed(database, { demo: true });
  const app = await buildApp(config, database, { logger: false });
  const call = async (url: string, body?: unknown, query?: Record<string, string>, token?: string) => {
    const res = await app.inject({
      method: body === undefined && !query?.grant_type ? 'GET' : 'POST',
      url: `/api${url}`,
      query,
      payload: body as never,
      headers: { authorization: BASIC, 'tenant-id': '100000', ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
    });
    return JSON.parse(res.body);
  };
  const login = await call('/blade-auth/oauth/token', undefined, {
    tenantId: '100000',
    username: 'admin',
    password: md5Hex('admin'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const token = login.access_token as string;
  if (!token) throw new Error(JSON.stringify(login));

  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const sql = (q: string) => owner.query(q).then((r) => r.rows as Array<Record<string, string>>);
  const cages = (await sql(`select id::text from zoo_cage where tenant_id = '100000' and is_deleted = 0 and cage_type <> 6 order by id`)).map((r) => r.id!);
  const groups = (await sql(`select distinct species_id::text as s from zoo_population where tenant_id = '100000' and is_deleted = 0`)).map((r) => r.s!);
  const singles = (await sql(`select distinct species_id::text as s from zoo_animal where tenant_id = '100000' and is_deleted = 0 and status = 1`)).map(
    (r) => r.s!,
  );
  const today = new Date(Date.now() + 8 * 3600_000);
  const dayAt = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  let accepted = 0;
  // Some are refused (an export larger than the stock, an unlicensed birth): go on until MOVEMENTS are booked.
  for (let i = 0; accepted < MOVEMENTS && i < MOVEMENTS * 3; i++) {
    const date = dayAt(Math.max(1, 200 - Math.floor((i * 140) / MOVEMENTS)));
    const dates = { bornDate: date, importDate: date, exportDate: date, moveDate: date, dieDate: date, cancelDate: date };
    const extra = { importType: 1, source: '某动物园', exportType: 1, output: '某动物园', dieType: 1, cancelType: 6, dieReason: '年老' };
    const kind = pick(['born', 'born', 'import', 'move', 'move', 'export', 'die'] as const);
    let body: Record<string, unknown>;
    if (rand() < 0.6) {
      const cageId = pick(cages);
      body = {
        animalType: 2,
        speciesId: pick(groups),
        cageId,
        toCageId: pick(cages.filter((c) => c !== cageId)),
        maleQuantity: n(2),
        femaleQuantity: n(2),
        theyQuantity: n(1),
      };
    } else if (kind === 'born' || kind === 'import') {
      body = { animalType: 1, speciesId: pick(singles), cageId: pick(cages), animals: [{ localNo: `LV${i}`, sex: 1 + n(1) }] };
    } else {
      const [a] = await sql(
        `select id::text, species_id::text as s from zoo_animal where tenant_id = '100000' and is_deleted = 0 and status = 1 order by random() limit 1`,
      );
      body = { animalType: 1, speciesId: a!.s, animalId: a!.id, toCageId: pick(cages) };
    }
    const res = await call(`/zoo-stockLog/stockLog/${kind}_enroll`, { ...body, ...dates, ...extra }, undefined, token);
    if (res.success) accepted++;
  }
  await owner.end();
  await app.close();
  await database.close();
  console.log(`${accepted} movements booked`);
  if (accepted < MOVEMENTS) throw new Error('too few movements booked');
  execFileSync('pg_dump', ['--format=custom', '--compress=9', '--no-owner', '--no-privileges', `--file=${fixtureFile}`, url], { stdio: 'inherit' });
  await withAdmin((c) => dropTestDatabase(c, name));
  console.log(`${fixtureFile}: ${fs.statSync(fixtureFile).size} bytes`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
