import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-lock-zombie-'));
const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/open-data-dir.ts');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const stateOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
};

describe('data directory lock after kill -9, before the parent reaps the owner', () => {
  // Issue 36: a supervisor restarting a killed server comes while the killed process is still a zombie (its
  // parent has not reaped it yet), and `kill(pid, 0)` succeeds on a zombie: the first restart used to be refused.
  it.runIf(fs.existsSync('/proc/self/stat'))(
    'takes the lock of a zombie owner on the first try',
    async () => {
      // perl forks the owner and never waits for it, so the killed owner stays a zombie until perl exits.
      const parent = spawn(
        'perl',
        ['-e', 'my $p = fork(); if (!$p) { exec @ARGV; } print STDERR "pid $p\\n"; sleep 120;', process.execPath, '--import', 'tsx', child, dir],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        let err = '';
        const ownerPid = await new Promise<number>((resolve, reject) => {
          let pid = 0;
          parent.stderr.on('data', (d) => {
            err += d;
            pid ||= Number(/pid (\d+)/.exec(err)?.[1] ?? 0);
          });
          parent.stdout.on('data', (d) => String(d).includes('ready') && resolve(pid));
          parent.once('exit', (code) => reject(new Error(`owner's parent exited (${code}): ${err}`)));
        });
        await expect(lockDataDir(dir)).rejects.toThrow(/已被另一个服务进程占用/);

        process.kill(ownerPid, 'SIGKILL');
        const deadline = Date.now() + 10_000;
        while (stateOf(ownerPid) !== 'Z') {
          if (Date.now() > deadline) throw new Error(`owner ${ownerPid} did not become a zombie`);
          await new Promise((r) => setTimeout(r, 20));
        }
        const release = await lockDataDir(dir);
        await release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
    60_000,
  );

  it.runIf(fs.existsSync('/proc/self/stat'))('tells a live owner from a PID reused by a process started later', async () => {
    // A lock left as proper-lockfile leaves it (a fresh lock directory), owned by a live process of this machine.
    const other = process.ppid;
    const start = Number(fs.readFileSync(`/proc/${other}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]);
    fs.mkdirSync(path.join(dir, '.lock'), { recursive: true });
    const own = (s: number) => fs.writeFileSync(path.join(dir, '.lock-owner'), JSON.stringify({ pid: other, host: os.hostname(), start: s }));

    own(start);
    await expect(lockDataDir(dir)).rejects.toThrow(/已被另一个服务进程占用/);

    // The same PID with another start time is not the process that locked: the lock is taken at once.
    own(start - 1);
    const release = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock-owner'), 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });
});
