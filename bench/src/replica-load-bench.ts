/**
 * Hot standbys under a read-heavy mix (decision 0055): the compiled server as production runs it, on a private
 * PostgreSQL primary with one streaming standby (server/test/pg-standby.ts), once with DATABASE_READ_URL naming the
 * standby and once without (the primary alone), alternating BENCH_ROUNDS (2) times, each on a fresh database with
 * the demo seed. The load is server/test/mixed-load.ts with BENCH_CLIENTS (50) clients of which BENCH_READERS (40)
 * only read; clients send back the write-position cookie as a browser does. BENCH_SECONDS (20) measured after
 * BENCH_WARMUP (5).
 *
 * Both servers, both PostgreSQL processes and the load generator share this machine's cores: a standby only adds
 * throughput where it has CPU of its own, so read the ratio with the core count printed beside it.
 * BENCH_DB_CPU=<share of one CPU, e.g. 0.25> holds each PostgreSQL cluster (primary, standby) to that much CPU
 * (cpu-quota.ts), as a database host of its own would: the database is then what runs out, as where replicas are
 * added, while the app server and the load generator keep the rest of the machine.
 * Usage: npm run bench:replicas -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { loadFixtures, runMixedLoad, type LoadResult } from '@zoo/server/test/mixed-load';
import { startPrimaryAndStandby } from '@zoo/server/test/pg-standby';
import { pgOnce } from './pg-once';
import { adminToken } from './sign-in';
import { confineCluster, throttled } from './cpu-quota';
import { postmasterPid } from './pg-profile';
import { buildServer, startServer } from './spawn-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const readers = Number(process.env.BENCH_READERS ?? 40);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const dbCpu = process.env.BENCH_DB_CPU ? Number(process.env.BENCH_DB_CPU) : undefined;

/**
 * Transactions a server's copy of `db` committed (on the standby: the calls it answered, reads only, and the lag
 * polls). Read once the server stopped: a backend reports its counts when it ends.
 */
async function xactCommits(url: string, db: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query('select xact_commit as n from pg_stat_database where datname = $1', [db])).rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function until(ms: number, probe: () => Promise<boolean>): Promise<void> {
  const t0 = Date.now();
  while (!(await probe())) {
    if (Date.now() - t0 > ms) throw new Error(`standby not in use within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Run = LoadResult & { standbyShare?: number };

/** Transactions committed in `db` on the primary and on the standby (the standby's are the reads it answered). */
const commits = async (pair: { primaryUrl(db: string): string; standbyUrl(db: string): string }, db: string) => ({
  primary: await xactCommits(pair.primaryUrl('postgres'), db),
  standby: await xactCommits(pair.standbyUrl('postgres'), db),
});

async function main() {
  buildServer();
  const pair = await startPrimaryAndStandby([]);
  console.log(
    `read-heavy load: ${clients} clients (${readers} only read) × ${seconds} s, ${os.cpus().length} cores, ${rounds} round(s)${
      dbCpu === undefined ? '' : `, each PostgreSQL cluster held to ${dbCpu} CPU`
    }`,
  );
  const sides = [
    { name: 'primary only', standby: false, results: [] as Run[] },
    { name: 'one standby ', standby: true, results: [] as Run[] },
  ];
  const release: Array<() => void> = [];
  try {
    if (dbCpu !== undefined) {
      release.push(confineCluster('primary', await postmasterPid(pair.primaryUrl('postgres')), dbCpu));
      release.push(confineCluster('standby', await postmasterPid(pair.standbyUrl('postgres')), dbCpu));
    }
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
        await pgOnce(pair.primaryUrl('postgres'), `create database ${db}`);
        const env: Record<string, string> = {
          DATABASE_URL: pair.primaryUrl(db),
          CAPTCHA_MODE: 'off',
          LOG_LEVEL: 'warn',
          DB_POOL_MAX: '10',
          API_LOG: 'on',
          SEED_DEMO: 'on',
        };
        if (side.standby) env.DATABASE_READ_URL = pair.standbyUrl(db);
        const server = await startServer(env, 18900 + Math.floor(Math.random() * 300), '/api/blade-auth/oauth/captcha');
        try {
          const token = await adminToken(server.base, '100000');
          const owner = new pg.Client({ connectionString: pair.primaryUrl(db) });
          await owner.connect();
          const target = { base: server.base, tokens: [token], ...(await loadFixtures((q) => owner.query(q))) };
          await owner.end();
          if (side.standby)
            await until(30_000, async () => {
              const h = (await (await fetch(`${server.base}/api/health`)).json()) as { data: { replicas: Array<{ state: string }> } };
              return h.data.replicas[0]?.state === 'up';
            });
          if (warmup > 0) await runMixedLoad(target, clients, warmup, 0, readers);
          const before = await commits(pair, db);
          const held = dbCpu === undefined ? undefined : throttled('primary');
          const r: Run = await runMixedLoad(target, clients, seconds, 0, readers);
          const now = held && throttled('primary');
          const heldBack =
            held && now
              ? ` (primary held back by its quota in ${Math.round(((now.throttled - held.throttled) / Math.max(1, now.periods - held.periods)) * 100)} % of the periods)`
              : '';
          await server.stop();
          const after = await commits(pair, db);
          const onStandby = after.standby - before.standby;
          if (side.standby) r.standbyShare = onStandby / (onStandby + after.primary - before.primary);
          side.results.push(r);
          const share = r.standbyShare === undefined ? '' : `, ${Math.round(r.standbyShare * 100)} % of the database transactions on the standby`;
          console.log(
            `  ${side.name}, round ${round + 1}: ${r.requests} requests (${r.reads} reads, ${r.writes} writes): ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors${share}${heldBack}`,
          );
          for (const s of r.samples) console.log(`    ${s}`);
          if (r.errors) process.exitCode = 1;
        } finally {
          await server.stop();
          await pgOnce(pair.primaryUrl('postgres'), `drop database ${db} with (force)`);
        }
      }
    }
  } finally {
    for (const undo of release) undo();
    await pair.stop();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [a, b] = sides.map((s) => ({ rps: median(s.results.map((r) => r.rps)), p99: median(s.results.map((r) => r.p99)) }));
  console.log(`median req/s: primary only ${a!.rps}, one standby ${b!.rps} → ${(b!.rps / a!.rps).toFixed(2)}×; median p99 ${a!.p99} ms → ${b!.p99} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
