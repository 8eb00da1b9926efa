import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds the data directory: written next to the lock so a restart can tell a crashed owner at once. */
interface Owner {
  pid: number;
  host: string;
  /** The process's start time (clock ticks since boot, /proc/<pid>/stat), where the system tells it. */
  start?: number;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(`数据目录 ${dataDir} 已被另一个服务进程占用 (data directory is locked by another server)`);
  }
}

/** Data directories this process holds: our own PID in the owner file means "dead" only when we do not hold it. */
const heldHere = new Set<string>();

/** Linux's view of a process: its state letter and start time (/proc/<pid>/stat); undefined without /proc. */
function procStat(pid: number | 'self'): { state: string; start: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: the fields after it start past its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}
const hasProc = procStat('self') !== undefined;

/**
 * Whether the owner process is still there. A process killed with -9 stays a zombie until its parent reaps it,
 * and a supervisor restarting the server comes exactly then: `kill(pid, 0)` still succeeds on a zombie, so the
 * state letter is read too (Z zombie, X dead). A PID since reused by another process has another start time.
 */
function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc) return true;
  const stat = procStat(owner.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return owner.start === undefined || stat.start === owner.start;
}

function readOwner(file: string): Owner | undefined {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    if (typeof o.pid !== 'number' || typeof o.host !== 'string') return undefined;
    return { pid: o.pid, host: o.host, ...(typeof o.start === 'number' ? { start: o.start } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Locks DATA_DIR for this process (PGlite has no lock of its own; two servers on one directory would corrupt it).
 *
 * proper-lockfile only calls a lock stale when its mtime is old (it was 15 s), so after `kill -9` a supervisor's
 * restart was refused for that long. The owner's PID and host are recorded beside the lock: when the owner ran on this
 * machine and its PID is gone, a zombie, reused by a process started later, or our own PID (a container restarted
 * as PID 1), the lock is taken over at once. An owner on another host (shared storage) falls back to the mtime rule,
 * which errs on the safe side.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockfilePath = path.join(dataDir, '.lock');
  const ownerFile = path.join(dataDir, '.lock-owner');
  // The mtime rule is only the fallback now (owner on another host, or no owner file): a long one, so that an
  // owner whose event loop is held up for a while (PGlite's start-up work on a busy machine) is not taken over.
  const opts = { stale: 60_000, update: 10_000, lockfilePath };
  const key = path.resolve(dataDir);
  if (heldHere.has(key)) throw new DataDirLockedError(dataDir);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, opts);
  } catch {
    const owner = readOwner(ownerFile);
    const dead = owner && owner.host === os.hostname() && (owner.pid === process.pid || !isAlive(owner));
    if (!dead) throw new DataDirLockedError(dataDir);
    // The lock directory is created atomically (mkdir): if two restarts race here, only one takes it.
    fs.rmSync(lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, opts);
    } catch {
      throw new DataDirLockedError(dataDir);
    }
  }
  const start = procStat('self')?.start;
  fs.writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: os.hostname(), ...(start === undefined ? {} : { start }) } satisfies Owner));
  heldHere.add(key);
  return async () => {
    heldHere.delete(key);
    fs.rmSync(ownerFile, { force: true });
    await release();
  };
}
