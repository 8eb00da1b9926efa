import pg from 'pg';
import { serverParts } from './checkout';
import { adminToken } from './sign-in';
const { loadConfig, openPostgres, buildApp } = await serverParts();
const url = `postgres://postgres@127.0.0.1:5432/zoo_probe`;
const database = await openPostgres(url, 10, 'Asia/Shanghai');
const app = await buildApp(loadConfig({ DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', API_LOG: 'off' }), database, { logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const h = { 'blade-auth': `bearer ${await adminToken(base, '000000')}` };
const proto = pg.Client.prototype as any; const orig = proto.query;
proto.query = function (...a: any[]) { const q = a[0]; if (typeof q !== 'string') console.log('  q name=', q.name, (q.text as string).slice(0, 50).replace(/\s+/g, ' ')); else console.log('  q', q); return orig.apply(this, a); };
for (let i = 0; i < 4; i++) {
  console.log('request', i);
  const r = await fetch(`${base}/api/blade-user/detail?id=914744428483052536`, { headers: h });
  await r.text();
}
await app.close(); await database.close();
