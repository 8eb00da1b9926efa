import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startOp } from '../server/test/oidc-op';
import { freePort } from '../server/test/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(q: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** How many spec files run at once, each worker against its own server and database (2 cores: 2). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** One compiled server on its own fresh database, as `npm start` serves it (captcha on, the demo seed). */
async function startServer(port: number, mediaPort: number): Promise<{ server: ChildProcess; dbName: string; dbUrl: string; baseURL: string }> {
  const dbName = `zoo_e2e_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  // The compiled server, as in production: with the node flags of its start script (server/package.json).
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const server: ChildProcess = spawn(process.execPath, [...start.split(' ').filter((t) => t.startsWith('--')), 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      // Its own uploads and files: two servers never share a directory.
      DATA_DIR: path.join(os.tmpdir(), dbName),
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
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/blade-auth/oauth/captcha`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start in 180 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { server, dbName, dbUrl, baseURL };
}

/**
 * Builds the web app and the server when their sources changed (E2E_SKIP_BUILD=1 skips even the check), then
 * starts one compiled server per worker, each on its own fresh PostgreSQL database: spec files run two at a time
 * (a spec waits on the browser and the network most of its time), and specs of different workers never share
 * data. Specs in one worker still share theirs, as before.
 */
export default async function setup(project: TestProject) {
  const built = fs.existsSync(path.join(root, 'web/dist/index.html')) && fs.existsSync(path.join(root, 'server/dist/main.js'));
  if (process.env.E2E_SKIP_BUILD !== '1' || !built) {
    // The same build `npm start` runs: each part only when its sources changed (scripts/build.mjs).
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  // Chosen one after another, never the same twice (a port just closed may be offered again).
  const ports: Array<{ port: number; mediaPort: number }> = [];
  const taken = new Set<number>();
  const another = async (): Promise<number> => {
    for (;;) {
      const p = await freePort();
      if (!taken.has(p)) return (taken.add(p), p);
    }
  };
  for (let i = 0; i < E2E_WORKERS; i++) ports.push({ port: await another(), mediaPort: await another() });
  // A real OpenID provider for the federated-login spec (in this process: a few MB, no build), knowing every
  // server's callback; the servers reach it on loopback because ALLOW_PRIVATE_ENDPOINTS names loopback (the
  // developer-tools spec also points a datasource at this very PostgreSQL). A camera stream server the camera spec
  // may start listens on its worker's media port: that server's CSP allows its origin.
  const op = await startOp({ redirectUris: ports.map((p) => `http://127.0.0.1:${p.port}/api/blade-auth/oauth/callback/corp`) });
  const started = await Promise.allSettled(ports.map((p) => startServer(p.port, p.mediaPort)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await op.close();
    for (const s of servers) {
      s.server.kill('SIGTERM');
      await new Promise((r) => (s.server.exitCode !== null ? r(null) : s.server.once('exit', r)));
      await admin(`DROP DATABASE IF EXISTS ${s.dbName} WITH (FORCE)`);
      fs.rmSync(path.join(os.tmpdir(), s.dbName), { recursive: true, force: true });
      // The request role the server made for this database (one per database, named from its name).
      await admin(`DROP ROLE IF EXISTS zoo_req_${createHash('md5').update(s.dbName).digest('hex').slice(0, 12)}`);
    }
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  project.provide(
    'servers',
    servers.map((s, i) => ({ baseURL: s.baseURL, dbUrl: s.dbUrl, mediaPort: ports[i]!.mediaPort })),
  );
  project.provide('op', { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret });
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (`VITEST_POOL_ID` 1…n picks its own: e2e/lib/browser.ts). */
    servers: Array<{ baseURL: string; dbUrl: string; mediaPort: number }>;
    op: { issuer: string; clientId: string; clientSecret: string };
  }
}
