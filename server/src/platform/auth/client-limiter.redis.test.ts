import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { BASIC, startTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { md5Hex } from './password';

/**
 * REDIS_URL: the per-client limits are counted in Redis (rate-limiter-flexible) instead of sys_throttle, still
 * shared by every instance. Runs against the Redis the machine provides at 127.0.0.1:6379 (.ci/run starts it);
 * TEST_REDIS_URL points elsewhere.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
let t: TestApp;
let second: FastifyInstance;
let redis: Redis;
/** Addresses of this run only: several suites may share the Redis. */
const ip = () => `10.${randomBytes(3).join('.')}`;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  expect(await redis.ping()).toBe('PONG');
  t = await startTestApp({ REDIS_URL, RATE_LIMIT_LOGIN: '5', RATE_LIMIT_CAPTCHA: '3', CAPTCHA_MODE: 'off' });
  second = await buildApp(t.config, t.database, { logger: false });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  redis?.disconnect();
});

const token = (app: FastifyInstance, from: string, account = 'nobody', password = 'wrong') =>
  app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress: from,
    query: { username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' },
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });

describe('per-client limits in Redis', () => {
  it('two instances share one count in Redis; nothing is counted in the database', async () => {
    const client = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await token(i % 2 ? second : t.app, client)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const refused = await token(second, client, 'admin', 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'invalid_request', error_description: '请求过于频繁,请稍后再试' });
    expect((await token(t.app, ip(), 'admin', 'admin')).statusCode).toBe(200);

    expect(Number(await redis.get(`zoo:throttle:token:${client}`))).toBe(6);
    const ttl = await redis.pttl(`zoo:throttle:token:${client}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await t.sql.query(`select count(*)::int as n from sys_throttle where key = $1`, [client])).rows[0].n).toBe(0);

    // The window ends (here: the key expires) and the client may try again.
    await redis.del(`zoo:throttle:token:${client}`);
    expect((await token(t.app, client, 'admin', 'admin')).statusCode).toBe(200);
  });

  it('the captcha limit too', async () => {
    const client = ip();
    const get = (app: FastifyInstance) => app.inject({ url: '/api/blade-auth/oauth/captcha', remoteAddress: client, headers: { authorization: BASIC } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(i % 2 ? second : t.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('REDIS_URL must be a redis:// or rediss:// address', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(ConfigError);
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.org:6380/1' }).redisUrl).toBe('rediss://cache.example.org:6380/1');
    expect(loadConfig({}).redisUrl).toBeUndefined();
  });
});
