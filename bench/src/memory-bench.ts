/**
 * Memory over time (issue 13): the compiled server on PostgreSQL (demo seed) under a mixed load of reads and writes
 * (dictionary, menu, animal list and detail, park submits) from 20 connections for MEMORY_MINUTES (default 5);
 * the server's resident set is sampled every 5 s from /proc. Target: RSS at the end within 10 % of RSS after the
 * first minute (no growth once warm). Usage: npm run bench:memory -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { pgOnce } from './pg-once';
import { buildServer, startServer } from './spawn-server';
import { adminToken } from './sign-in';

const minutes = Number(process.env.MEMORY_MINUTES ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  buildServer();
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  // MEMORY_SNAPSHOTS=1: heap snapshots (server/*.heapsnapshot) after the first minute and at the end, to diff.
  const snapshots = process.env.MEMORY_SNAPSHOTS === '1';
  const s = await startServer(
    { DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'warn', ...(snapshots ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {}) },
    Number(process.env.MEMORY_PORT ?? 18502),
  );
  try {
    const { rows } = await pgOnce(url, `select a.tenant_id, a.id::text as id from zoo_animal a order by a.id limit 1`);
    const tenant = rows[0].tenant_id as string;
    const animal = rows[0].id as string;
    const token = await adminToken(s.base, tenant);
    const headers = { 'blade-auth': `bearer ${token}` };
    let n = 0;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/blade-system/dict/dictionary?code=sex', headers },
      { method: 'GET', path: '/api/blade-system/menu/routes', headers },
      { method: 'GET', path: '/api/zoo-animal/animal/list?current=1&size=10', headers },
      { method: 'GET', path: `/api/zoo-animal/animal/detail?id=${animal}`, headers },
      {
        method: 'POST',
        path: '/api/blade-zoo/park/submit',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ parkName: `内存测试园区${++n}`, sort: 1 }) }),
      },
    ];
    const samples: Array<[number, number]> = [];
    const t0 = Date.now();
    const timer = setInterval(() => samples.push([(Date.now() - t0) / 1000, rssMb(s.child.pid!)]), 5000);
    if (snapshots) setTimeout(() => s.child.kill('SIGUSR2'), 60_000).unref();
    const result = await autocannon({ url: s.base, duration: minutes * 60, connections: 20, requests });
    clearInterval(timer);
    if (snapshots) {
      s.child.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 15_000));
    }
    const at = (sec: number) => samples.reduce((best, x) => (Math.abs(x[0] - sec) < Math.abs(best[0] - sec) ? x : best))[1];
    const first = at(60);
    const last = samples[samples.length - 1]![1];
    console.log(
      `\n${minutes} min mixed load, 20 connections: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    console.log(`RSS by minute: ${Array.from({ length: minutes + 1 }, (_, m) => `${m}:${at(m * 60 || 5).toFixed(0)} MB`).join('  ')}`);
    const growth = (100 * (last - first)) / first;
    console.log(
      `RSS after 1 min ${first.toFixed(0)} MB, at the end ${last.toFixed(0)} MB: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target within 10 %) ${Math.abs(growth) <= 10 ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await s.stop();
    await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
