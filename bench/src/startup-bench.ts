/**
 * Cold start to first answer (issue 13): the compiled server (`server/dist/main.js`, what `npm start` runs) started
 * five times on an existing PostgreSQL database and five times on an existing PGlite data directory, each time from
 * spawn until `GET /api/blade-auth/oauth/captcha` answers 200. The first start of each (migrations and demo seed
 * on an empty database) is printed apart. Targets: ≤ 2 s on PostgreSQL, ≤ 3 s on PGlite.
 * Usage: npm run bench:startup -w @zoo/bench   (STARTS, default 5)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgOnce } from './pg-once';
import { buildServer, startServer } from './spawn-server';

const starts = Number(process.env.STARTS ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function series(name: string, env: Record<string, string>, target: number) {
  const first = await startServer(env, 18500);
  await first.stop();
  console.log(`${name}: first start (empty database: migrations + demo seed) ${first.firstAnswerMs.toFixed(0)} ms`);
  const times: number[] = [];
  for (let i = 0; i < starts; i++) {
    const s = await startServer(env, 18500);
    times.push(s.firstAnswerMs);
    console.log(`  start ${i + 1}: ${s.firstAnswerMs.toFixed(0)} ms to first answer; server phases ${JSON.stringify(s.phases)}`);
    await s.stop();
  }
  const m = median(times);
  console.log(`${name}: median ${m.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (target ≤ ${target} ms) ${m <= target ? 'ok' : 'MISSED'}\n`);
}

async function main() {
  buildServer();
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-start-'));
  try {
    const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
    await series('PostgreSQL', { DATABASE_URL: url }, 2000);
    await series('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, 3000);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
