import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, and the compiled server that `npm start` runs (built here when its sources changed). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export function buildServer(at = root): void {
  const r = spawnSync(process.execPath, [path.join(at, 'scripts/build.mjs')], { stdio: 'inherit', cwd: at });
  if (r.status !== 0) throw new Error('build failed');
}

export interface Started {
  child: ChildProcess;
  base: string;
  /** Milliseconds from spawn to the first answered request. */
  firstAnswerMs: number;
  /** The server's own phase log (database, migrations, seed, app, listen). */
  phases: Record<string, number>;
  stop: () => Promise<void>;
}

/** The `--flags` of `npm start -w @zoo/server` (server/package.json), so a bench runs the server as production does. */
function startFlags(at: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(at, 'server/package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(' ').filter((t) => t.startsWith('--'));
}

/**
 * Starts `node server/dist/main.js` as production does and polls until `probe` answers 200. `at` is the checkout
 * whose server runs (another worktree for an A/B against an older commit).
 */
export async function startServer(env: Record<string, string>, port: number, probe = '/api/blade-auth/oauth/captcha', at = root): Promise<Started> {
  const t0 = performance.now();
  // The node flags of the server's start script (heap sizing: decision 0031), plus BENCH_NODE_ARGS to try others.
  const nodeArgs = [...startFlags(at), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, path.join(at, 'server/dist/main.js')], {
    cwd: path.join(at, 'server'),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', API_LOG: 'off', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let phases: Record<string, number> = {};
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (const line of out.split('\n')) if (line.includes('启动完成')) phases = (JSON.parse(line) as { phases: Record<string, number> }).phases;
  });
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out.slice(-2000)}`);
    try {
      const r = await fetch(`${base}${probe}`);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const firstAnswerMs = performance.now() - t0;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, base, firstAnswerMs, phases, stop };
}
