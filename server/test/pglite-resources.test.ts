import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openMemoryPglite, runMigrations } from '../src/db/client';
import { seed } from '../src/db/seed';
import { usualLog } from '../src/platform/usual-log';
import { md5Hex } from '../src/platform/auth/password';

/** The embedded database runs the same SQL: counting modes, row locks and JSON log rows work on PGlite (PG 18). */
it('logs, notices and OSS enable work on the embedded PGlite database', async () => {
  const db = await openMemoryPglite('Asia/Shanghai');
  await runMigrations(db);
  await seed(db, { demo: false });
  const config = loadConfig({ CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, db, { logger: false });
  const tok = await app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '000000' }, query: { username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all' } });
  const token = JSON.parse(tok.body).access_token;
  const h = { 'blade-auth': `bearer ${token}` };
  const n = await app.inject({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: h, payload: { title: 't', category: 1, releaseTime: '2024-01-01' } });
  expect(JSON.parse(n.body).success).toBe(true);
  usualLog(app, undefined, 'INFO', 'x', 'y');
  await app.zoo.logs.flush();
  const l = await app.inject({ method: 'GET', url: '/api/blade-log/api/list', headers: h });
  expect(JSON.parse(l.body).data.total).toBeGreaterThan(0);
  const u = await app.inject({ method: 'GET', url: '/api/blade-log/usual/list', headers: h });
  expect(JSON.parse(u.body).data.total).toBe(1);
  const nl = await app.inject({ method: 'GET', url: '/api/blade-desk/notice/list?category=1', headers: h });
  expect(JSON.parse(nl.body).data.total).toBe(1);
  await app.inject({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: h, payload: { category: 5, ossCode: 'l1' } });
  const oss = JSON.parse((await app.inject({ method: 'GET', url: '/api/blade-resource/oss/list', headers: h })).body).data.records[0];
  const en = await app.inject({ method: 'POST', url: `/api/blade-resource/oss/enable?id=${oss.id}`, headers: h });
  expect(JSON.parse(en.body).success).toBe(true);
  await app.close();
  await db.close();
}, 60000);
