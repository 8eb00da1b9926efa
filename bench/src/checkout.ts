/**
 * In-process benches measured against another checkout (BENCH_BEFORE=<path>, e.g. a detached `git worktree` of an
 * older commit with this one's node_modules linked): each round runs the bench script once per side, alternating,
 * each in a child process of its own that imports the side's server sources from its checkout (BENCH_AT). Two
 * processes rather than two servers in one keep the sides' module state apart (pg's global type parsers, caches,
 * statement names), and both sides run this checkout's bench code, so only the server differs.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { root } from './spawn-server';

/** The checkout whose server is measured: BENCH_AT, or this one. */
export const at = process.env.BENCH_AT ?? root;

/** A module of the measured checkout's server, e.g. `fromServer<typeof import('@zoo/server/src/app')>('src/app.ts')`. */
export const fromServer = <T>(file: string): Promise<T> => import(path.join(at, 'server', file)) as Promise<T>;

/** What an in-process bench takes from the measured checkout's server: the app, its config, database, seeds. */
export async function serverParts() {
  const [app, config, client, seedMod, scale, messages] = await Promise.all([
    fromServer<typeof import('@zoo/server/src/app')>('src/app.ts'),
    fromServer<typeof import('@zoo/server/src/config')>('src/config.ts'),
    fromServer<typeof import('@zoo/server/src/db/client')>('src/db/client.ts'),
    fromServer<typeof import('@zoo/server/src/seed')>('src/seed/index.ts'),
    fromServer<typeof import('@zoo/server/src/seed/scale')>('src/seed/scale.ts'),
    fromServer<typeof import('@zoo/server/test/messages')>('test/messages.ts'),
  ]);
  return {
    buildApp: app.buildApp,
    loadConfig: config.loadConfig,
    openPostgres: client.openPostgres,
    runMigrations: client.runMigrations,
    seed: seedMod.seed,
    generateZoos: scale.generateZoos,
    messagesOf: messages.messagesOf,
  };
}

/** One case's figures in one round: req/s, p99, req/s ÷ the bare route's in the same process, CPU µs per request. */
export type CaseResult = { name: string; rps: number; p99: number; ratio: number; errors: number; cpuUs: number };
const MARK = 'BENCH_RESULT ';

/** What a child prints for its parent (and harmless when run alone). */
export function reportForParent(results: CaseResult[]): void {
  if (process.env.BENCH_AT) console.log(MARK + JSON.stringify(results));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Runs `script` (this bench) for BENCH_ROUNDS rounds, `before` then this checkout in each, and prints every case's
 * ratio to the bare route on each side and now ÷ before. Returns the exit code (1 when a side had errors).
 */
export function alternate(script: string, before: string, rounds: number, env: Record<string, string> = {}): number {
  const sides = [
    { name: 'before', at: path.resolve(before), runs: [] as CaseResult[][] },
    { name: 'now', at: root, runs: [] as CaseResult[][] },
  ];
  for (let round = 0; round < rounds; round++)
    for (const side of sides) {
      const load = loadavg()[0]!.toFixed(2);
      const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [script], {
        env: { ...process.env, ...env, BENCH_AT: side.at, BENCH_BEFORE: '', BENCH_ROUNDS: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      process.stdout.write(
        r.stdout
          .split('\n')
          .filter((l) => !l.startsWith(MARK))
          .join('\n'),
      );
      const line = r.stdout.split('\n').find((l) => l.startsWith(MARK));
      if (r.status !== 0 || !line) throw new Error(`${side.name} (${side.at}) round ${round + 1} failed (exit ${r.status})`);
      side.runs.push(JSON.parse(line.slice(MARK.length)) as CaseResult[]);
      console.log(`^ ${side.name} (${side.at}), round ${round + 1}, load average before it ${load}\n`);
    }
  const [b, n] = sides.map((s) => {
    const by = new Map<string, CaseResult[]>();
    for (const run of s.runs) for (const c of run) by.set(c.name, [...(by.get(c.name) ?? []), c]);
    return by;
  });
  console.log(`\n${rounds} alternating round(s); ratio = req/s ÷ the bare route's in the same process (mean of rounds)`);
  console.log(
    'case'.padEnd(42),
    'before'.padStart(8),
    'now'.padStart(8),
    'now÷before'.padStart(11),
    'p99 b/n ms'.padStart(12),
    'CPU µs/req b/n'.padStart(15),
    'errors'.padStart(7),
  );
  let failed = 0;
  for (const [name, now] of n!) {
    const was = b!.get(name) ?? [];
    const rb = was.length ? mean(was.map((c) => c.ratio)) : NaN;
    const rn = mean(now.map((c) => c.ratio));
    const errors = [...was, ...now].reduce((a, c) => a + c.errors, 0);
    failed += errors;
    const p99 = `${Math.max(0, ...was.map((c) => c.p99))}/${Math.max(...now.map((c) => c.p99))}`;
    const cpu = `${mean(was.map((c) => c.cpuUs)).toFixed(0)}/${mean(now.map((c) => c.cpuUs)).toFixed(0)}`;
    console.log(
      name.padEnd(42),
      rb.toFixed(3).padStart(8),
      rn.toFixed(3).padStart(8),
      (rn / rb).toFixed(3).padStart(11),
      p99.padStart(12),
      cpu.padStart(15),
      String(errors).padStart(7),
    );
  }
  return failed ? 1 : 0;
}
