import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startOp } from '../server/test/oidc-op';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function admin(q: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/**
 * Builds the web app and the server when their sources changed (E2E_SKIP_BUILD=1 skips even the check), then
 * starts the compiled server on a fresh PostgreSQL database with captcha mode on and the demo seed, exactly as
 * `npm start` serves it.
 */
export default async function setup(project: TestProject) {
  const built = fs.existsSync(path.join(root, 'web/dist/index.html')) && fs.existsSync(path.join(root, 'server/dist/main.js'));
  if (process.env.E2E_SKIP_BUILD !== '1' || !built) {
    // The same build `npm start` runs: each part only when its sources changed (scripts/build.mjs).
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const dbName = `zoo_e2e_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const port = await freePort();
  // A camera stream server the specs may start (zoo-camera.spec.ts): the app's CSP must allow its origin.
  const mediaPort = await freePort();
  // A real OpenID provider for the federated-login spec (in this process: a few MB, no build); the server reaches it
  // on loopback because ALLOW_PRIVATE_ENDPOINTS names loopback (the developer-tools spec also points a datasource at
  // this very PostgreSQL).
  const op = await startOp({ redirectUris: [`http://127.0.0.1:${port}/api/blade-auth/oauth/callback/corp`] });
  // The compiled server, as in production: with the node flags of its start script (server/package.json).
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const server: ChildProcess = spawn(process.execPath, [...start.split(' ').filter((t) => t.startsWith('--')), 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA_MODE: 'on',
      SEED_DEMO: 'on',
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_CAPTCHA: '100000',
      LOG_LEVEL: 'warn',
      RESPONSE_CHECK: 'on',
      ALLOW_PRIVATE_ENDPOINTS: '127.0.0.0/8,::1',
      WEB_DIST: path.join(root, 'web/dist'),
      MEDIA_ORIGINS: `http://127.0.0.1:${mediaPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/blade-auth/oauth/captcha`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseURL', baseURL);
  project.provide('dbUrl', dbUrl);
  project.provide('mediaPort', mediaPort);
  project.provide('op', { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret });
  return async () => {
    await op.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    // The request role the server made for this database (one per database, named from its name).
    await admin(`DROP ROLE IF EXISTS zoo_req_${createHash('md5').update(dbName).digest('hex').slice(0, 12)}`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dbUrl: string;
    mediaPort: number;
    op: { issuer: string; clientId: string; clientSecret: string };
  }
}
