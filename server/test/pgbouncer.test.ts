import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { md5Hex } from '../src/platform/auth/password';
import { getParam } from '../src/platform/param/param';
import { writeSheet } from '../src/platform/excel';
import { generateZoos } from '../src/seed/scale';
import { multipart } from './iam-helpers';
import { adminUrl, dropTestDatabase, urlFor, withAdmin } from './pg-admin';
import { freePort } from './free-port';

/**
 * Two server instances on one database reached through PgBouncer in transaction pooling mode (what "stateless,
 * several instances on one PostgreSQL" promises): whatever one instance stores, the other sees; cache
 * invalidations travel by NOTIFY on the direct DATABASE_LISTEN_URL connection.
 */
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const TZ = 'Asia/Shanghai';

interface Instance {
  app: FastifyInstance;
  database: Database;
  base: string;
}

let dir: string;
let bouncer: ChildProcess | undefined;
let dbName: string;
let direct: pg.Client;
let a: Instance;
let b: Instance;

async function startBouncer(db: string): Promise<string> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zoo-pgbouncer-'));
  const port = await freePort();
  const upstream = new URL(adminUrl);
  // PgBouncer drops the `options` startup parameter the pool sends (-c TimeZone=…); the server connection gets the
  // time zone from the database entry instead.
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
${db} = host=${upstream.hostname} port=${upstream.port || 5432} dbname=${db} timezone=${TZ}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/users.txt
pool_mode = transaction
default_pool_size = 6
max_client_conn = 100
ignore_startup_parameters = options,extra_float_digits
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  // The owner, and the request role requests log in as (named from the database: platform/tenancy/request-role.ts).
  // No `user=` on the database entry: it would send both through as the owner.
  const requestRole = `zoo_req_${createHash('md5').update(db).digest('hex').slice(0, 12)}`;
  writeFileSync(path.join(dir, 'users.txt'), `"${decodeURIComponent(upstream.username || 'postgres')}" ""\n"${requestRole}" ""\n`);
  const args = [path.join(dir, 'pgbouncer.ini')];
  // PgBouncer refuses to run as root.
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o777);
    for (const f of ['pgbouncer.ini', 'users.txt']) chownSync(path.join(dir, f), 0, 0);
    args.unshift('-u', 'postgres');
  }
  bouncer = spawn(PGBOUNCER!, args, { stdio: 'ignore' });
  const url = `postgres://${upstream.username || 'postgres'}@127.0.0.1:${port}/${db}`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      return url;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (i > 50)
        throw new Error(`PgBouncer did not start: ${e}\n${existsSync(`${dir}/pgbouncer.log`) ? readFileSync(`${dir}/pgbouncer.log`, 'utf8') : ''}`, {
          cause: e,
        });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function instance(pooled: string, listen: string): Promise<Instance> {
  const config = loadConfig({
    DATABASE_URL: pooled,
    DATABASE_LISTEN_URL: listen,
    CAPTCHA_MODE: 'on',
    LOG_LEVEL: 'silent',
    DB_POOL_MAX: '4',
    DB_PREPARE: 'off',
    TIME_ZONE: TZ,
  });
  const database = await openPostgres(pooled, 4, TZ, { prepare: false });
  const app = await buildApp(config, database, { logger: false });
  return { app, database, base: `${await app.listen({ port: 0, host: '127.0.0.1' })}/api` };
}

const call = async (i: Instance, url: string, o: { method?: string; token?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
  const isBuf = Buffer.isBuffer(o.body);
  const res = await fetch(`${i.base}${url}`, {
    method: o.method ?? 'GET',
    headers: {
      authorization: BASIC,
      ...(o.token ? { 'blade-auth': `bearer ${o.token}` } : {}),
      ...(o.body !== undefined && !isBuf ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : isBuf ? (o.body as Buffer) : JSON.stringify(o.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
};

/** Captcha fetched from `from`, password grant on `on`: the token `on` issues. */
async function login(from: Instance, on: Instance): Promise<string> {
  const cap = await call(from, '/blade-auth/oauth/captcha');
  const { rows } = await direct.query('select code from sys_captcha where key = $1', [cap.body.key]);
  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await call(on, `/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { 'tenant-id': '000000', 'captcha-key': cap.body.key, 'captcha-code': rows[0].code },
  });
  expect(res.body.access_token, JSON.stringify(res.body)).toBeTruthy();
  return res.body.access_token as string;
}

/** A cache change on one instance reaches the other by NOTIFY: this long means it was lost. */
const SEEN_WITHIN_MS = 10_000;

/** Polls until `probe` is true; returns the milliseconds it took. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!PGBOUNCER)(
  'two instances through PgBouncer (transaction pooling)' + (PGBOUNCER ? '' : ' — SKIPPED: pgbouncer binary not found, apt-get install -y pgbouncer'),
  () => {
    beforeAll(async () => {
      dbName = `zoo_t${randomBytes(4).toString('hex')}_${inject('zooRun')}`;
      await withAdmin((c) => c.query(`CREATE DATABASE ${dbName} TEMPLATE zoo_tpl_${inject('zooRun')}`));
      const directUrl = urlFor(dbName);
      const pooled = await startBouncer(dbName);
      direct = new pg.Client({ connectionString: directUrl });
      await direct.connect();
      a = await instance(pooled, directUrl);
      b = await instance(pooled, directUrl);
    });
    afterAll(async () => {
      for (const i of [a, b]) if (i) await i.app.close().then(() => i.database.close());
      await direct?.end();
      bouncer?.kill('SIGTERM');
      if (dbName) await withAdmin((c) => dropTestDatabase(c, dbName));
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('runs requests through the pooler in the configured time zone', async () => {
      const shown = (await a.database.db.execute(sql`show timezone`)) as unknown as { rows: Array<{ TimeZone: string }> };
      expect(shown.rows[0]!.TimeZone).toBe(TZ);
    });

    it('a captcha from A signs in on B; a token from A works on B; logout on B is refused on A', async () => {
      const fromB = await login(a, b);
      const fromA = await login(b, a);
      expect((await call(b, '/blade-system/dict/dictionary?code=sex', { token: fromA })).body.success).toBe(true);
      expect((await call(a, '/blade-system/dict/dictionary?code=sex', { token: fromB })).body.success).toBe(true);
      // A captcha is single-use on every instance.
      const cap = await call(a, '/blade-auth/oauth/captcha');
      const { rows } = await direct.query('select code from sys_captcha where key = $1', [cap.body.key]);
      const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
      const headers = { 'tenant-id': '000000', 'captcha-key': cap.body.key, 'captcha-code': rows[0].code };
      expect((await call(b, `/blade-auth/oauth/token?${q}`, { method: 'POST', headers })).body.access_token).toBeTruthy();
      expect((await call(a, `/blade-auth/oauth/token?${q}`, { method: 'POST', headers })).body.access_token).toBeUndefined();

      expect((await call(b, '/blade-auth/oauth/logout', { token: fromA })).status).toBe(200);
      expect((await call(a, '/blade-system/dict/dictionary?code=sex', { token: fromA })).status).toBe(401);
      expect((await call(b, '/blade-system/dict/dictionary?code=sex', { token: fromA })).status).toBe(401);
      expect((await call(a, '/blade-system/dict/dictionary?code=sex', { token: fromB })).body.success).toBe(true);
    });

    // Seen on B once the NOTIFY arrives: waited for with a deadline that only a lost notification misses (a loaded
    // machine delays it); how soon is printed, not asserted (as in live-rights.test.ts).
    it('a dictionary, param and menu change on A is seen on B', async () => {
      const token = await login(a, a);
      // Dictionary: B caches "sex", A renames an entry.
      const sex = async () =>
        ((await call(b, '/blade-system/dict/dictionary?code=sex', { token })).body.data as Array<{ dictKey: string; dictValue: string }>).find(
          (d) => d.dictKey === '1',
        )?.dictValue;
      expect(await sex()).toBe('男');
      const item = (await direct.query(`select id::text, parent_id::text, sort from blade_dict where code = 'sex' and dict_key = '1'`)).rows[0];
      const dict = await call(a, '/blade-system/dict/submit', {
        method: 'POST',
        token,
        body: { id: item.id, parentId: item.parent_id, code: 'sex', dictKey: '1', dictValue: '雄', sort: item.sort, isSealed: 0 },
      });
      expect(dict.body.success, JSON.stringify(dict.body)).toBe(true);
      const dictMs = await within(SEEN_WITHIN_MS, async () => (await sex()) === '雄');

      // Param: B caches it through the same getParam every module uses.
      expect(await getParam(b.app, 'account.initPassword', 'x')).toBe('123456');
      const p = (await direct.query(`select id::text from blade_param where param_key = 'account.initPassword'`)).rows[0];
      const param = await call(a, '/blade-system/param/submit', {
        method: 'POST',
        token,
        body: { id: p.id, paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '7654321' },
      });
      expect(param.body.success, JSON.stringify(param.body)).toBe(true);
      const paramMs = await within(SEEN_WITHIN_MS, async () => (await getParam(b.app, 'account.initPassword', 'x')) === '7654321');

      // Menu: B caches the routes, A renames a menu.
      const names = async () => {
        const flat = (ns: Array<{ name: string; children?: unknown[] }>): string[] => ns.flatMap((n) => [n.name, ...flat((n.children ?? []) as never)]);
        return flat((await call(b, '/blade-system/menu/routes', { token })).body.data);
      };
      expect(await names()).not.toContain('研发工具(改)');
      const m = (await direct.query(`select id::text from blade_menu where code = 'tool'`)).rows[0];
      const detail = (await call(a, `/blade-system/menu/detail?id=${m.id}`, { token })).body.data;
      const menu = await call(a, '/blade-system/menu/submit', { method: 'POST', token, body: { ...detail, name: '研发工具(改)' } });
      expect(menu.body.success, JSON.stringify(menu.body)).toBe(true);
      const menuMs = await within(SEEN_WITHIN_MS, async () => (await names()).includes('研发工具(改)'));
      console.log(`seen on B after: dictionary ${dictMs} ms, param ${paramMs} ms, menu ${menuMs} ms`);
    });

    it('an import job started on A reports its progress on B', async () => {
      const token = await login(a, a);
      const sheet = await writeSheet(
        '行政区划',
        [
          { key: 'code', header: '区划编号' },
          { key: 'parentCode', header: '父区划编号' },
          { key: 'name', header: '区划名称' },
          { key: 'regionLevel', header: '区划等级' },
        ],
        [
          { code: '98', parentCode: '00', name: '测试省', regionLevel: '1' },
          { code: '9801', parentCode: '98', name: '测试市', regionLevel: '2' },
          { code: '9802', parentCode: '98', name: '', regionLevel: '2' },
        ],
      );
      const { body, headers } = multipart(sheet);
      const started = await call(a, '/blade-system/region/import-region?isCovered=0', { method: 'POST', token, body, headers });
      expect(started.body.success, JSON.stringify(started.body)).toBe(true);
      let job: any;
      await within(30_000, async () => {
        job = (await call(b, `/blade-system/region/import-progress?jobId=${started.body.data.jobId}`, { token })).body.data;
        return job.status !== 'running';
      });
      expect(job).toMatchObject({ status: 'finished', total: 3, succeeded: 2, failed: 1 });
    });

    it('an animal list total is exact on B right after a write on A, unfiltered and filtered', async () => {
      await generateZoos(a.database, { zoos: 1, animals: 500, firstTenant: 320000 });
      const cap = await call(a, '/blade-auth/oauth/captcha');
      const { rows } = await direct.query('select code from sys_captcha where key = $1', [cap.body.key]);
      const q = new URLSearchParams({ tenantId: '320001', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
      const token = (
        await call(b, `/blade-auth/oauth/token?${q}`, {
          method: 'POST',
          headers: { 'tenant-id': '320001', 'captcha-key': cap.body.key, 'captcha-code': rows[0].code },
        })
      ).body.access_token as string;
      const species = (await direct.query(`select species_id::text as id from zoo_tenant_species where tenant_id = '320001' limit 1`)).rows[0].id as string;
      const totals = async (i: Instance) => {
        const one = async (f: string) => (await call(i, `/zoo-animal/animal/list?current=1&size=10${f}`, { token })).body.data.total as number;
        return [await one(''), await one(`&speciesId=${species}`)];
      };
      const before = await totals(b);
      expect(await totals(a)).toEqual(before);
      const made = await call(a, '/zoo-animal/animal/submit', { method: 'POST', token, body: { speciesId: species, localNo: 'POOL-1', sex: 1 } });
      expect(made.body.success, JSON.stringify(made.body)).toBe(true);
      // No waiting: B reads the kept count and version in its own request transaction.
      expect(await totals(b)).toEqual([before[0]! + 1, before[1]! + 1]);
    });
  },
);
