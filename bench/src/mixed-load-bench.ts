/**
 * The mixed-load figure (issues 10 and 27) as a benchmark: BENCH_CLIENTS (50) clients × BENCH_SECONDS (30) of the
 * mixed reads and writes of server/test/mixed-load.ts through HTTP, against the compiled server run as production
 * runs it (`node server/dist/main.js`, its start flags, NODE_ENV=production, pool of 10, API log on) in a process of
 * its own on a fresh PostgreSQL database with the demo seed. The load generator stays in this process, so its HTTP
 * client does not share the server's thread.
 *
 * BENCH_DB=pglite runs on the embedded database instead (a fresh data directory, as `npm start` on a new machine).
 * BENCH_WARMUP (5) seconds of the same load come first, unmeasured.
 * BENCH_BEFORE=<path of another checkout>[,<another>…] (e.g. `git worktree`s of older commits, node_modules linked)
 * runs those checkouts' servers too, alternating BENCH_ROUNDS (2) times, and prints each one's ratio of the medians.
 * BENCH_PG_URL=<admin URL of a PostgreSQL of the bench's own> runs there instead of TEST_DATABASE_URL and also
 * reports the cluster's CPU per request and, with pg_stat_statements preloaded, the run's top statements
 * (pg-profile.ts).
 * Usage: npm run bench:load -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { clusterCpu, cpuBetween, postmasterPid, printStatements, resetStatements } from './pg-profile';
import { runMixedLoad, type LoadResult, type LoadTarget } from '@zoo/server/test/mixed-load';
import { adminToken } from './sign-in';
import { buildServer, root, startServer } from './spawn-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const before = process.env.BENCH_BEFORE;
const rounds = Number(process.env.BENCH_ROUNDS ?? (before ? 2 : 1));
/** `pglite`: the embedded database (no DATABASE_URL, a fresh DATA_DIR), as `npm start` runs on a fresh machine. */
const embedded = process.env.BENCH_DB === 'pglite';
const ownCluster = process.env.BENCH_PG_URL;
const adminUrl = ownCluster ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** pgCpuMsPerRequest: the cluster's CPU per request, measured on a cluster of the bench's own (BENCH_PG_URL) only. */
type Run = LoadResult & { cpuMsPerRequest: number; generatorCpuMsPerRequest: number; pgCpuMsPerRequest?: number };

/**
 * One run: a fresh database, the checkout's server on it, the load, then everything dropped. Besides the load's
 * figures it gives the server process's CPU time per request, which other work on the machine disturbs far less
 * than req/s.
 */
async function runOnce(at: string): Promise<Run> {
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  const dataDir = embedded ? mkdtempSync(path.join(tmpdir(), 'zoo-bench-')) : undefined;
  const database: Record<string, string> = dataDir
    ? { DATA_DIR: dataDir }
    : { DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() };
  if (!dataDir) await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const env = { ...database, CAPTCHA_MODE: 'off', LOG_LEVEL: 'warn', DB_POOL_MAX: '10', API_LOG: 'on', SEED_DEMO: 'on' };
  const server = await startServer(env, 18600 + Math.floor(Math.random() * 300), '/api/blade-auth/oauth/captcha', at);
  try {
    const token = await adminToken(server.base, '100000');
    const target = { base: server.base, tokens: [token], ...(await fixtures(server.base, token)) };
    // A fresh process compiles its hot paths first: that time is not what a running server spends.
    if (warmup > 0) await runMixedLoad(target, clients, warmup);
    const postmaster = ownCluster && database.DATABASE_URL ? await postmasterPid(adminUrl) : undefined;
    if (postmaster) await resetStatements(adminUrl, database.DATABASE_URL!);
    const pg0 = postmaster ? clusterCpu(postmaster) : undefined;
    const cpu0 = cpuSeconds(server.child.pid!);
    const gen0 = process.cpuUsage();
    const r = await runMixedLoad(target, clients, seconds);
    const cpuMsPerRequest = ((cpuSeconds(server.child.pid!) - cpu0) * 1000) / r.requests;
    const gen = process.cpuUsage(gen0);
    // The load generator's own CPU (this process: 50 fetch clients): on two cores it competes with the server.
    const generatorCpuMsPerRequest = (gen.user + gen.system) / 1000 / r.requests;
    if (!postmaster) return { ...r, cpuMsPerRequest, generatorCpuMsPerRequest };
    const pgCpuMsPerRequest = (cpuBetween(pg0!, clusterCpu(postmaster)) * 1000) / r.requests;
    await printStatements(adminUrl, database.DATABASE_URL!, dbName, r.requests);
    return { ...r, cpuMsPerRequest, generatorCpuMsPerRequest, pgCpuMsPerRequest };
  } finally {
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    else await dropBenchDatabase(adminUrl, dbName);
  }
}

/** The load's fixtures read through the API (the embedded database is the server's alone): animals, a park, dictionaries. */
async function fixtures(base: string, token: string): Promise<Omit<LoadTarget, 'base' | 'tokens'>> {
  const headers = { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'blade-auth': `bearer ${token}` };
  const page = async (p: string) => {
    const body = (await (await fetch(`${base}/api${p}`, { headers })).json()) as { data?: { records?: Record<string, string>[] } };
    return body.data?.records ?? [];
  };
  const animals = await page('/zoo-animal/animal/list?current=1&size=50');
  const [park] = await page('/blade-zoo/park/list?current=1&size=1');
  const [biz] = await page('/blade-system/dict-biz/parent-list?current=1&size=1');
  if (!animals.length || !park) throw new Error('the demo zoo has no animals or park to load');
  // The system dictionaries' list is the platform's; `sex` is the first the seed writes (what the load test reads,
  // and its fallback when the zoo has no business dictionary).
  return { animalIds: animals.map((a) => a.id!), parkId: park.id!, parkName: park.parkName!, dictCode: 'sex', dictBizCode: biz?.code ?? 'sex' };
}

const line = (r: Run) =>
  `${r.requests} requests (${r.reads} reads, ${r.writes} writes) in ${r.seconds.toFixed(1)} s: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
  `server CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request, generator ${r.generatorCpuMsPerRequest.toFixed(2)} ms, ` +
  (r.pgCpuMsPerRequest === undefined ? '' : `PostgreSQL CPU ${r.pgCpuMsPerRequest.toFixed(2)} ms/request, `) +
  `${r.errors} errors, load average ${loadavg()[0]!.toFixed(2)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const sides: { name: string; at: string; results: Run[] }[] = [
    ...(before ? before.split(',') : []).map((at) => ({ name: `before (${at})`, at, results: [] })),
    { name: 'this checkout', at: root, results: [] },
  ];
  for (const side of sides) buildServer(side.at);
  console.log(`mixed load: ${clients} clients × ${seconds} s, server in its own process, ${rounds} round(s)`);
  for (let round = 0; round < rounds; round++) {
    for (const side of sides) {
      const r = await runOnce(side.at);
      side.results.push(r);
      console.log(`  ${side.name}, round ${round + 1}: ${line(r)}`);
      for (const s of r.samples) console.log(`    ${s}`);
      if (r.errors) process.exitCode = 1;
    }
  }
  const medians = sides.map((s) => ({
    name: s.name,
    rps: median(s.results.map((r) => r.rps)),
    p99: median(s.results.map((r) => r.p99)),
    cpu: median(s.results.map((r) => r.cpuMsPerRequest)),
  }));
  const b = medians.at(-1)!;
  for (const a of medians.slice(0, -1)) {
    console.log(`${a.name} → now: median req/s ${a.rps} → ${b.rps} (${(b.rps / a.rps).toFixed(2)}×); median p99 ${a.p99} → ${b.p99} ms`);
    console.log(`  median server CPU per request ${a.cpu.toFixed(2)} → ${b.cpu.toFixed(2)} ms (${(b.cpu / a.cpu).toFixed(2)}×)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
