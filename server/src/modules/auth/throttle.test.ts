import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASIC, startTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { md5Hex } from '../../platform/auth/password';

// Every argon2 verification the server makes, with the hash it verified against (the timing of a wrong password
// is measured by `npm run bench:login-timing -w @zoo/bench`; here, what makes the times alike: the same work).
const verified = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (load) => {
  const m = await load<typeof import('@node-rs/argon2')>();
  return { ...m, verify: (hash: string, ...rest: unknown[]) => (verified.push(hash), (m.verify as (...a: unknown[]) => Promise<boolean>)(hash, ...rest)) };
});

/**
 * Per-client limits of the anonymous endpoints (token, captcha), kept in the database so that every instance
 * counts the same calls; the client address only from trusted proxies; the same answer and the same time for a
 * wrong password on a real account and on an unknown one (the same verification; the time itself in bench:login-timing).
 */
let t: TestApp;
let second: FastifyInstance;
let behindProxy: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_LOGIN: '6', RATE_LIMIT_CAPTCHA: '4', CAPTCHA_MODE: 'off' });
  // A second instance on the same database, and one that trusts a proxy at 10.0.0.1.
  second = await buildApp(t.config, t.database, { logger: false });
  behindProxy = await buildApp(loadConfig({ ...configEnv(), TRUST_PROXY: '10.0.0.1' }), t.database, { logger: false });
});
afterAll(async () => {
  await second?.close();
  await behindProxy?.close();
  await t?.close();
});

function configEnv() {
  return { DATABASE_URL: t.config.databaseUrl!, LOG_LEVEL: 'silent', CAPTCHA_MODE: 'off', RATE_LIMIT_LOGIN: '6', RATE_LIMIT_CAPTCHA: '4' };
}

const token = (app: FastifyInstance, ip: string, account = 'nobody', password = 'wrong', headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress: ip,
    query: { username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' },
    headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
  });

describe('token endpoint', () => {
  it('refuses a client past RATE_LIMIT_LOGIN a minute, counted across instances; other clients go on', async () => {
    const statuses: number[] = [];
    // Alternating between the two instances: the limit is one count in the database, not one per process.
    for (let i = 0; i < 6; i++) statuses.push((await token(i % 2 ? second : t.app, '10.1.1.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    const refused = await token(second, '10.1.1.1', 'admin', 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'invalid_request', error_description: '请求过于频繁,请稍后再试' });
    // Another address still logs in.
    expect((await token(t.app, '10.1.1.2', 'admin', 'admin')).statusCode).toBe(200);
    // The window ends (here: moved to the past) and the client may try again.
    await t.sql.query(`update sys_throttle set window_end = localtimestamp(0) - interval '1 second' where bucket = 'token' and key = '10.1.1.1'`);
    expect((await token(t.app, '10.1.1.1', 'admin', 'admin')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted (TRUST_PROXY)', async () => {
    // Default (off): a client naming a new address in every request is still one client.
    const spoofed: number[] = [];
    for (let i = 0; i < 7; i++) spoofed.push((await token(t.app, '10.2.2.2', 'nobody', 'x', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(spoofed.at(-1)).toBe(429);
    // Behind the trusted proxy 10.0.0.1 the forwarded address is the client.
    const viaProxy: number[] = [];
    for (let i = 0; i < 7; i++) viaProxy.push((await token(behindProxy, '10.0.0.1', 'nobody', 'x', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    expect(viaProxy).not.toContain(429);
    // …and the same forwarded address counts as one client.
    const same: number[] = [];
    for (let i = 0; i < 7; i++) same.push((await token(behindProxy, '10.0.0.1', 'nobody', 'x', { 'x-forwarded-for': '198.51.100.77' })).statusCode);
    expect(same.at(-1)).toBe(429);
  });

  it('answers a wrong password on a real account and an unknown account alike, after the same verification', async () => {
    // Many wrong passwords in a row: the per-account lockout would answer first (and fast) otherwise.
    await t.sql.query(`update blade_param set param_value = '1000' where param_key = 'account.failCount'`);
    t.app.zoo.cache.clearLocal();
    const ip = () => `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    verified.length = 0;
    const real = await token(t.app, ip(), 'admin', 'not-the-password');
    const unknown = await token(t.app, ip(), 'no-such-account', 'not-the-password');
    expect(real.json()).toEqual(unknown.json());
    expect(real.statusCode).toBe(unknown.statusCode);
    // One argon2 verification each (the unknown account's against a dummy hash: it was 2.5× faster without), of
    // the same algorithm and cost: `$argon2id$v=19$m=…,t=…,p=…$`.
    expect(verified).toHaveLength(2);
    const stored = (await t.sql.query(`select password from blade_user where tenant_id = '000000' and account = 'admin'`)).rows[0].password as string;
    expect(verified[0]).toBe(stored);
    const cost = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(verified[1]).not.toBe(stored);
    expect(cost(verified[1]!)).toBe(cost(stored));
    expect(cost(stored)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
  });
});

describe('captcha endpoint', () => {
  it('gives a client RATE_LIMIT_CAPTCHA images a minute (each one is a stored row)', async () => {
    const get = (app: FastifyInstance, ip: string) => app.inject({ url: '/api/blade-auth/oauth/captcha', remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await get(i % 2 ? second : t.app, '10.4.4.4')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
    const refused = await get(t.app, '10.4.4.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('请求过于频繁,请稍后再试');
    expect((await get(t.app, '10.4.4.5')).statusCode).toBe(200);
  });
});

describe('error log', () => {
  it('takes at most 10 rows a minute from one anonymous client (a signed-in caller is always recorded)', async () => {
    const app = await buildApp(t.config, t.database, { logger: false });
    // A route that fails the way a bug would (no route of the product is known to: the fuzz test sees to that).
    app.get('/api/test/boom', async () => {
      throw new Error('boom');
    });
    try {
      const before = Number((await t.sql.query('select count(*) from blade_log_error')).rows[0].count);
      for (let i = 0; i < 15; i++) expect((await app.inject({ url: '/api/test/boom', remoteAddress: '10.5.5.5' })).statusCode).toBe(500);
      const after = Number((await t.sql.query('select count(*) from blade_log_error')).rows[0].count);
      expect(after - before).toBe(10);
      // Another client is recorded.
      await app.inject({ url: '/api/test/boom', remoteAddress: '10.5.5.6' });
      expect(Number((await t.sql.query('select count(*) from blade_log_error')).rows[0].count)).toBe(after + 1);
    } finally {
      await app.close();
    }
  });
});
