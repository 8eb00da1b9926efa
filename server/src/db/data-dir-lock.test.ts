import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { lockDataDir } from './data-dir-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-lock-'));
const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/open-data-dir.ts');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts a server-like process on `dir` and resolves once it holds the data directory. */
function startOwner() {
  const p = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  const ready = new Promise<void>((resolve, reject) => {
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    p.once('exit', (code) => reject(new Error(`owner exited (${code}): ${err}`)));
  });
  return { p, ready, exited };
}

describe('data directory lock', () => {
  it('refuses while the owner lives, and is taken at once after the owner is killed with -9', async () => {
    const owner = startOwner();
    await owner.ready;
    // A live owner keeps the directory.
    await expect(lockDataDir(dir)).rejects.toThrow(/已被另一个服务进程占用/);

    owner.p.kill('SIGKILL');
    await owner.exited;
    // The killed owner's lock is left behind, and as fresh as can be: proper-lockfile alone refuses it until its
    // mtime is stale (it was 15 s) and lockDataDir does not retry, so taking it now can only be the dead-owner rule.
    // (No clock in the test: how soon is not the point, that it is taken while fresh is.)
    const lock = path.join(dir, '.lock');
    expect(fs.existsSync(lock)).toBe(true);
    const now = new Date();
    fs.utimesSync(lock, now, now);
    const release = await lockDataDir(dir);
    await release();

    // And the database itself opens again, with the data the killed process left.
    const database = await openPglite(dir, 'Asia/Shanghai');
    await database.db.execute('select 1' as never);
    await database.close();
  }, 60_000);

  it('does not break a lock recorded by another host (shared storage)', async () => {
    const release = await lockDataDir(dir);
    // A PID of another machine says nothing about that process: only the lock's age may free it.
    fs.writeFileSync(path.join(dir, '.lock-owner'), JSON.stringify({ pid: 999_999_999, host: 'another-host' }));
    await expect(lockDataDir(dir)).rejects.toThrow(/已被另一个服务进程占用/);
    await release();
  });
});
