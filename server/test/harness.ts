import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { md5Hex } from '../src/platform/auth/password';
import { dropTestDatabase, urlFor, withAdmin } from './pg-admin';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Raw SQL against the test database as the owner (for assertions and fixtures). */
  sql: pg.Client;
  /** Reads the expected captcha text from the server's store, as a test reads a test inbox. */
  captcha(): Promise<{ key: string; code: string }>;
  login(account?: string, password?: string, tenantId?: string): Promise<string>;
  request(o: {
    method?: 'GET' | 'POST';
    url: string;
    token?: string;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * The suites' stand-ins for S3 (s3rver) and SMS gateways listen on loopback, which the egress rule refuses by
 * default: tests allow it explicitly (egress.test.ts starts apps without this).
 */
export const LOOPBACK_ALLOWED = { ALLOW_PRIVATE_ENDPOINTS: '127.0.0.0/8,::1' };

/** A fresh database cloned from the run's template, and the app on it. One per test file. */
export async function startTestApp(env: Record<string, string> = {}, opts: { serverUrl?: (url: string) => string } = {}): Promise<TestApp> {
  const run = inject('zooRun');
  const name = `zoo_t${randomBytes(4).toString('hex')}_${run}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE zoo_tpl_${run}`));
  const url = urlFor(name);
  // Every test logs in from one address: the per-client limits are lifted here (throttle.test.ts sets its own).
  const config = loadConfig({
    DATABASE_URL: url,
    CAPTCHA_MODE: 'on',
    LOG_LEVEL: 'silent',
    DB_POOL_MAX: '4',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_CAPTCHA: '100000',
    ...LOOPBACK_ALLOWED,
    ...env,
  });
  // `serverUrl`: the app reaches PostgreSQL another way (a test's wire tap); fixtures and assertions go direct.
  const database = await openPostgres(opts.serverUrl?.(url) ?? url, 4, config.timeZone);
  const app = await buildApp(config, database, { logger: false });
  const sql = new pg.Client({ connectionString: url, options: `-c TimeZone=${config.timeZone}` });
  await sql.connect();

  const request: TestApp['request'] = async ({ method = 'GET', url, token, query, body, headers }) => {
    const opts: InjectOptions = {
      method,
      url: `/api${url}`,
      query,
      headers: { authorization: BASIC, ...(token ? { 'blade-auth': `bearer ${token}` } : {}), ...headers },
    };
    if (body !== undefined) opts.payload = body as InjectOptions['payload'];
    const res = await app.inject(opts);
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      /* non-JSON body (files) */
    }
    return { status: res.statusCode, body: parsed };
  };

  const captcha = async () => {
    const res = await request({ url: '/blade-auth/oauth/captcha' });
    const { rows } = await sql.query('select code from sys_captcha where key = $1', [res.body.key]);
    return { key: res.body.key as string, code: rows[0].code as string };
  };

  const login: TestApp['login'] = async (account = 'admin', password = 'admin', tenantId = '000000') => {
    const c = await captcha();
    const res = await request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      query: { tenantId, username: account, password: md5Hex(password), grant_type: 'captcha', scope: 'all', type: 'account' },
      headers: { 'tenant-id': tenantId, 'captcha-key': c.key, 'captcha-code': c.code },
    });
    if (!res.body.access_token) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };

  return {
    app,
    database,
    config,
    sql,
    captcha,
    login,
    request,
    close: async () => {
      await app.close();
      await sql.end();
      await database.close();
      await withAdmin((c) => dropTestDatabase(c, name));
    },
  };
}
