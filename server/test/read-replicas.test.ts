import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, runMigrations, type Database } from '../src/db/client';
import { md5Hex } from '../src/platform/auth/password';
import { lsnBytes, replicasOf, type ReplicaSet } from '../src/platform/tenancy/read-replicas';
import { seed } from '../src/seed';
import { startPrimaryAndStandby, type PrimaryAndStandby } from './pg-standby';

/**
 * Read-only calls on a hot standby (docs/decisions/0055-read-replicas.md), against real PostgreSQL processes:
 * a private primary and a `pg_basebackup -R` standby of it (test/pg-standby.ts), the app on both. The standby's
 * replay is paused to make its data visibly older than the primary's: what a call answers then says which server
 * answered it.
 *
 * Polling is driven by the test (`poll()`; the timer's period is a minute) so that each step sees the state it set.
 */
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const TZ = 'Asia/Shanghai';

/** Polls until `probe` holds, up to `ms`. */
async function until(ms: number, what: string, probe: () => Promise<boolean>): Promise<void> {
  const t0 = Date.now();
  while (!(await probe())) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let pair: PrimaryAndStandby;
let database: Database;
let app: FastifyInstance;
/** A second instance on the same primary and standby: it shares nothing with the first but the databases. */
let other: { app: FastifyInstance; database: Database; replicas: ReplicaSet };
let owner: pg.Client;
let standby: pg.Client;
let replicas: ReplicaSet;
let token: string;

async function call(o: { method?: 'GET' | 'POST'; url: string; body?: unknown; cookie?: string; on?: FastifyInstance; as?: string }) {
  const opts: InjectOptions = {
    method: o.method ?? 'GET',
    url: `/api${o.url}`,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${o.as ?? token}`, ...(o.cookie ? { cookie: o.cookie } : {}) },
  };
  if (o.body !== undefined) opts.payload = o.body as InjectOptions['payload'];
  const res = await (o.on ?? app).inject(opts);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('zoo_wal='));
  return { status: res.statusCode, body: res.json(), cookie: set?.split(';')[0] };
}

const health = async () => {
  const res = await app.inject({ url: '/api/health' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { replicas: Array<Record<string, any>> };
};
const paramValue = async (id: string, cookie?: string, on?: FastifyInstance) => {
  const res = await call({ url: `/blade-system/param/detail?id=${id}`, cookie, on });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.paramValue as string;
};
const setParam = async (id: string, value: string) => {
  const res = await call({
    method: 'POST',
    url: '/blade-system/param/submit',
    body: { id, paramName: '副本测试', paramKey: 'replica.test', paramValue: value },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  expect(res.cookie, 'a write gives its position to the caller').toMatch(/^zoo_wal=[0-9A-F]+\/[0-9A-F]+$/);
  return res.cookie!;
};
const replayed = async () => (await standby.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0]!.lsn;
/** Until the standby has replayed past the position a cookie carries, and this instance has polled it there. */
const caughtUp = (cookie: string) =>
  until(20_000, 'standby replays past the write', async () => {
    await replicas.poll();
    return lsnBytes(await replayed()) >= lsnBytes(cookie.split('=')[1]!) && (await health()).replicas[0]!.state === 'up';
  });

/** The platform administrator's access token, through the captcha grant. */
async function signIn(): Promise<string> {
  const cap = (await app.inject({ url: '/api/blade-auth/oauth/captcha' })).json() as { key: string };
  const { rows } = await owner.query('select code from sys_captcha where key = $1', [cap.key]);
  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${q}`,
    headers: { authorization: BASIC, 'tenant-id': '000000', 'captcha-key': cap.key, 'captcha-code': rows[0].code },
  });
  expect(res.json().access_token, res.body).toBeTruthy();
  return res.json().access_token as string;
}

describe('read-only calls on a hot standby (PostgreSQL streaming replication)', () => {
  beforeAll(async () => {
    // The standby is copied before the schema exists: migrations and seed reach it by streaming.
    pair = await startPrimaryAndStandby(['zoo']);
    database = await openPostgres(pair.primaryUrl('zoo'), 4, TZ);
    await runMigrations(database);
    await seed(database, { demo: false });
    const config = loadConfig({
      DATABASE_URL: pair.primaryUrl('zoo'),
      DATABASE_READ_URL: pair.standbyUrl('zoo').replace('postgres@', 'ignored:ignored@'),
      REPLICA_POLL_MS: '60000',
      // The largest limit: the steps on a paused standby (below) must fit in it on a loaded machine.
      REPLICA_MAX_LAG_MS: '10000',
      CAPTCHA_MODE: 'on',
      LOG_LEVEL: 'silent',
      DB_POOL_MAX: '4',
      TIME_ZONE: TZ,
    });
    app = await buildApp(config, database, { logger: false });
    replicas = replicasOf(database.db)!;
    const otherDb = await openPostgres(pair.primaryUrl('zoo'), 4, TZ);
    const otherApp = await buildApp(config, otherDb, { logger: false });
    other = { app: otherApp, database: otherDb, replicas: replicasOf(otherDb.db)! };
    owner = new pg.Client({ connectionString: pair.primaryUrl('zoo') });
    await owner.connect();
    standby = new pg.Client({ connectionString: pair.standbyUrl('zoo') });
    await standby.connect();

    token = await signIn();
  });

  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await app?.close();
    await database?.close();
    await owner?.end().catch(() => undefined);
    await standby?.end().catch(() => undefined);
    await pair?.stop();
  });

  it('/api/health names the standby, up, with its lag', async () => {
    await until(20_000, 'standby up', async () => {
      await replicas.poll();
      return (await health()).replicas[0]?.state === 'up';
    });
    const [r] = (await health()).replicas;
    expect(r).toMatchObject({ name: `127.0.0.1:${pair.standbyPort}/zoo`, state: 'up' });
    expect(r!.lagMs).toBeGreaterThanOrEqual(0);
    expect(r!.lagMs).toBeLessThanOrEqual(10_000);
    expect(r!.lagBytes).toBeGreaterThanOrEqual(0);
    expect(r!.replayLsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(JSON.stringify(r)).not.toContain('ignored');
  });

  let id: string;
  it('reads are answered by the standby; the writer reads its own write from the primary', async () => {
    const made = await call({ method: 'POST', url: '/blade-system/param/submit', body: { paramName: '副本测试', paramKey: 'replica.test', paramValue: 'v1' } });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    id = String((await owner.query(`select id::text from blade_param where param_key = 'replica.test'`)).rows[0].id);
    // A second session, on the standby too before its replay stops.
    const second = await signIn();
    await caughtUp(await setParam(id, 'v1'));
    // The first call holds the caller's live row in memory (read on the primary); later ones may use the standby.
    expect(await paramValue(id)).toBe('v1');
    expect((await call({ url: `/blade-system/param/detail?id=${id}`, as: second })).status).toBe(200);

    // Replay stops: the standby keeps v1 while the primary moves on to v2.
    await standby.query('select pg_wal_replay_pause()');
    await until(10_000, 'replay paused', async () => (await standby.query(`select pg_get_wal_replay_pause_state() = 'paused' as p`)).rows[0].p);
    const afterV2 = await setParam(id, 'v2');
    await replicas.poll();
    expect((await owner.query('select param_value from blade_param where id = $1', [id])).rows[0].param_value).toBe('v2');
    // Without the write's position: the standby answers (within the lag limit), with what it holds.
    expect(await paramValue(id)).toBe('v1');
    // With it (the browser sends the cookie back): the primary answers until the standby has replayed the write.
    expect(await paramValue(id, afterV2)).toBe('v2');
    // The position travels with the caller, not in an instance: the other instance, which polls on its own, does
    // the same with it.
    await other.replicas.poll();
    // Its first call with this token reads the token's liveness on the primary (and answers from there)…
    expect(await paramValue(id, undefined, other.app)).toBe('v2');
    // …then it holds it, and its reads go to the standby.
    expect(await paramValue(id, undefined, other.app)).toBe('v1');
    expect(await paramValue(id, afterV2, other.app)).toBe('v2');
    // A logout bites at once, though the paused standby still holds the token as live: a call goes to a standby only
    // while this instance holds the caller's live row, which the logout cleared.
    expect((await call({ url: `/blade-system/param/detail?id=${id}`, as: second })).body.data.paramValue).toBe('v1');
    expect((await app.inject({ url: '/api/blade-auth/oauth/logout', headers: { authorization: BASIC, 'blade-auth': `bearer ${second}` } })).statusCode).toBe(
      200,
    );
    const refused = await call({ url: `/blade-system/param/detail?id=${id}`, as: second });
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    const jti = (JSON.parse(Buffer.from(second.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    const live = 'select revoke_time is null as live from sys_token where jti = $1';
    expect((await standby.query(live, [jti])).rows[0].live).toBe(true);
    expect((await owner.query(live, [jti])).rows[0].live).toBe(false);
    // A write followed at once by a read: the read sees it.
    const afterV3 = await setParam(id, 'v3');
    expect(await paramValue(id, afterV3)).toBe('v3');
    expect(await paramValue(id)).toBe('v1');
  });

  it('a standby further behind than the limit is skipped, and /api/health shows its lag', async () => {
    // Still paused: the limit (10 s) passes while the primary writes on.
    await until(40_000, 'standby lagging', async () => {
      await setParam(id, 'v4');
      await replicas.poll();
      return (await health()).replicas[0]!.state === 'lagging';
    });
    const [r] = (await health()).replicas;
    expect(r!.lagMs).toBeGreaterThan(10_000);
    expect(r!.lagBytes).toBeGreaterThan(0);
    expect(await paramValue(id)).toBe('v4');

    await standby.query('select pg_wal_replay_resume()');
    await until(20_000, 'standby back in use', async () => {
      await replicas.poll();
      return (await health()).replicas[0]!.state === 'up';
    });
    expect(await paramValue(id)).toBe('v4');
  });

  it('a stopped standby fails no call: the call runs on the primary, the standby is marked down', async () => {
    await until(10_000, 'standby up', async () => {
      await replicas.poll();
      return (await health()).replicas[0]!.state === 'up';
    });
    // The standby's data equals the primary's: v5 on both before it stops.
    const afterV5 = await setParam(id, 'v5');
    await caughtUp(afterV5);
    await standby.end();
    await pair.stopStandby();
    // Not polled since: the first call tries the standby, fails there and runs on the primary.
    expect(await paramValue(id)).toBe('v5');
    expect((await health()).replicas[0]!.state).toBe('down');
    const afterV6 = await setParam(id, 'v6');
    expect(await paramValue(id)).toBe('v6');
    expect(await paramValue(id, afterV6)).toBe('v6');
    await replicas.poll();
    const [r] = (await health()).replicas;
    expect(r).toMatchObject({ state: 'down', lagMs: '', lagBytes: '' });
    expect(r!.error).toBeTruthy();
  });
});
