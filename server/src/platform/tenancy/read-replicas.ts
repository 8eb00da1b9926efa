import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { postgresRequests, rowsOf, type Db } from '../../db/client';
import { requestPool, requestPoolFor } from './request-role';

/**
 * Hot standbys for read-only calls (DATABASE_READ_URL; docs/decisions/0055-read-replicas.md).
 *
 * Each instance asks, every REPLICA_POLL_MS, the primary where its WAL is written to (`pg_current_wal_lsn()`) and
 * each standby where it has replayed to (`pg_last_wal_replay_lsn()`): one statement each, nothing shared between
 * instances. From the primary's samples a standby's position becomes a moment: every commit the primary
 * acknowledged before a sample whose LSN the standby has replayed is on the standby. A read-only call goes to a
 * standby that is up, complete to a moment at most REPLICA_MAX_LAG_MS ago, and past the caller's last write
 * (read-your-writes.ts); otherwise to the primary. A standby that fails a call is marked down until its next
 * answer, and the call runs again on the primary.
 *
 * Standbys are logged in to as the request role (request-role.ts), which a physical copy holds with the same
 * password: the URL gives host, port, database and options only.
 */

export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  /** host:port/database, without credentials. */
  name: string;
  state: ReplicaState;
  /** How far behind the primary its data may be: now − the moment it is complete to (includes the poll's age). */
  lagMs: number | null;
  /** WAL bytes the primary had written beyond the standby's replay position at the last poll. */
  lagBytes: number | null;
  replayLsn: string | null;
  /** Why it is down (connection refused, not a standby…). */
  error?: string;
}

/** A standby chosen for one call. */
export interface Standby {
  pool: pg.Pool;
  /** Every commit acknowledged before this moment (ms since the epoch) is on it. */
  asOf: number;
  /** The call failed there: marks it down when the failure is the standby's (then the call goes to the primary). */
  failed(e: unknown): boolean;
}

/** An LSN `X/Y` as a byte position. */
export function lsnBytes(lsn: string): bigint {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** Failures that say the standby cannot serve now, not that the call is wrong (drizzle wraps pg's in `cause`). */
export function standbyFailure(e: unknown): boolean {
  for (let err = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 4; err = err.cause as typeof err, depth++) {
    const code = typeof err.code === 'string' ? err.code : '';
    // 08: connection exceptions; 57P0x: shutting down, cannot connect now; 40001: canceled by a recovery conflict;
    // 53300: too many connections. Node's own socket errors carry their errno name as code.
    if (/^(08|57P0|40001|53300|E[A-Z]+$)/.test(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|connection is closed/i.test(String(err.message ?? ''))) return true;
  }
  return false;
}

/** The innermost cause's message: drizzle's wrapper names the statement and its values, which health must not show. */
function rootMessage(e: unknown): string {
  let err = e as { message?: unknown; cause?: unknown };
  for (let depth = 0; err.cause && depth < 4; depth++) err = err.cause as typeof err;
  return String(err.message ?? err);
}

/** The primary's WAL position now (after a write committed on the owner's pool). */
export async function primaryWal(db: Db): Promise<string> {
  return (await rowsOf<{ lsn: string }>(db, sql`select pg_current_wal_lsn()::text as lsn`))[0]!.lsn;
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** What /api/health says of a server that is not (or no longer) a standby, and of one not asked yet. */
const NOT_STANDBY = '不是热备库 (pg_is_in_recovery() 为 false)';
const NOT_ASKED = '尚未连接';

class Replica {
  pool?: pg.Pool;
  replay?: bigint;
  replayText?: string;
  /** The moment its data is complete to (from the last answer); -Infinity before one. */
  asOf = -Infinity;
  down = true;
  error?: string = NOT_ASKED;
  busy = false;
  constructor(
    readonly url: string,
    readonly name: string,
  ) {}
}

const sets = new WeakMap<object, ReplicaSet>();
/** The standbys of a PostgreSQL database, when DATABASE_READ_URL names any. */
export const replicasOf = (db: Db): ReplicaSet | undefined => sets.get(db);

export interface ReplicaOptions {
  maxLagMs: number;
  pollMs: number;
  poolMax: number;
  timeZone: string;
}

export class ReplicaSet {
  private readonly replicas: Replica[];
  private samples: Sample[] = [];
  private timer?: NodeJS.Timeout;
  private next = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    urls: string[],
    readonly options: ReplicaOptions,
  ) {
    this.replicas = urls.map((u) => {
      const p = new URL(u);
      return new Replica(u, `${p.hostname}:${p.port || '5432'}${p.pathname}`);
    });
  }

  /** Polls now and then every REPLICA_POLL_MS; registered for `replicasOf(db)`. */
  start(): this {
    sets.set(this.db, this);
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
    return this;
  }

  /** One round: the primary's position first, then each standby's (a standby that hangs delays only itself). */
  async poll(): Promise<void> {
    const at = Date.now();
    try {
      this.samples.push({ at, lsn: lsnBytes(await primaryWal(this.db)) });
      // Samples older than twice the limit say nothing a usable standby needs; the newest of those is kept as floor.
      const floor = at - 2 * this.options.maxLagMs;
      while (this.samples.length > 2 && this.samples[1]!.at < floor) this.samples.shift();
    } catch {
      // The primary does not answer: standbys keep their last moment and age out of use.
    }
    await Promise.all(this.replicas.map((r) => this.pollOne(r)));
  }

  private async pollOne(r: Replica): Promise<void> {
    if (r.busy || this.closed) return;
    r.busy = true;
    try {
      const pool = (r.pool ??= await this.openPool(r));
      const { rows } = await pool.query<{ standby: boolean; replay: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay',
      );
      const { standby, replay } = rows[0]!;
      // A promoted standby has left the primary's history: its data is no longer the primary's.
      if (!standby || !replay) {
        r.down = true;
        r.error = NOT_STANDBY;
        return;
      }
      r.replay = lsnBytes(replay);
      r.replayText = replay;
      r.asOf = this.completeTo(r.replay);
      r.down = false;
      r.error = undefined;
    } catch (e) {
      r.down = true;
      r.error = rootMessage(e);
    } finally {
      r.busy = false;
    }
  }

  /** The newest sample's moment whose position the standby has replayed. */
  private completeTo(replay: bigint): number {
    let asOf = -Infinity;
    for (const s of this.samples) if (s.lsn <= replay) asOf = s.at;
    return asOf;
  }

  private async openPool(r: Replica): Promise<pg.Pool> {
    await requestPoolFor(this.db);
    const login = await postgresRequests(this.db)!.login!;
    // A standby that is not there must fail a call fast: the call then runs on the primary.
    return requestPool(r.url, login, this.options.poolMax, this.options.timeZone, { connectionTimeoutMillis: 2000 });
  }

  /**
   * A standby for a read-only call, or undefined for the primary. `after`: the caller's last write (an LSN), which
   * the standby must have replayed.
   */
  choose(after?: bigint): Standby | undefined {
    const now = Date.now();
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.next + i) % n]!;
      if (r.down || !r.pool || now - r.asOf > this.options.maxLagMs) continue;
      if (after !== undefined && (r.replay === undefined || r.replay < after)) continue;
      this.next = (this.next + i + 1) % n;
      return {
        pool: r.pool,
        asOf: r.asOf,
        failed: (e) => {
          if (!standbyFailure(e)) return false;
          r.down = true;
          r.error = rootMessage(e);
          return true;
        },
      };
    }
    return undefined;
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    const primary = this.samples.at(-1)?.lsn;
    return this.replicas.map((r) => {
      const known = !r.down && r.asOf > -Infinity;
      const lagMs = known ? Math.max(0, now - r.asOf) : null;
      return {
        name: r.name,
        state: r.down ? 'down' : lagMs === null || lagMs > this.options.maxLagMs ? 'lagging' : 'up',
        lagMs,
        lagBytes: !r.down && r.replay !== undefined && primary !== undefined ? Number(primary > r.replay ? primary - r.replay : 0n) : null,
        replayLsn: r.replayText ?? null,
        ...(r.error ? { error: r.error } : {}),
      };
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    sets.delete(this.db);
    await Promise.all(this.replicas.map((r) => r.pool?.end().catch(() => undefined)));
  }
}
