import type pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { StatementNames } from '../../db/statement-names';

/** A statement as drizzle hands it to node-postgres: text, optional row mode and type parsers, values apart. */
type Config = pg.QueryConfig & { rowMode?: 'array' };

/** Read with COMMIT: did the transaction change a token or a user's rights (set by triggers, migration 0024)? */
const LIVE_CHANGED = `select current_setting('app.live_changed', true) = 'on' as live_changed`;
/** Read after a write's COMMIT when hot standbys serve reads: the position the caller's reads wait for (0055). */
const WAL_AFTER_COMMIT = `select pg_current_wal_lsn()::text as lsn`;

/**
 * Statements issued in one turn of the event loop leave in one socket write. pg writes each statement on its own
 * (one `writev` per extended-protocol statement, one `write` per simple one); under load those system calls were
 * the server's largest cost (a third of its CPU in the mixed-load profile, decision 0039). Corking the
 * connection's socket until the next tick lets Node send them together; pg's own cork/uncork around each
 * statement nests inside (Node counts corks). `Client.connection.stream` is pg's typed public field (pg 8.23,
 * @types/pg 8); the pool's clients are `Client`s.
 */
const corked = new WeakSet<object>();
function writeTogether(c: pg.PoolClient): void {
  const stream = (c as unknown as pg.Client).connection.stream;
  if (corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  process.nextTick(() => {
    corked.delete(stream);
    stream.uncork();
  });
}

const ended = () => Promise.reject(new Error('request transaction already ended'));

/**
 * Connections whose read-only transaction still owes its COMMIT. A read-only COMMIT changes nothing, so it need not
 * leave at once: the next checkout of the connection pays it (`payCommit` on the pool's `acquire` event,
 * request-role.ts), so it goes out in front of the next request's BEGIN in the same socket write — and a statement
 * sent on the pool directly (a standby's lag poll) never runs inside a finished request's transaction —, or on the
 * next turn of the event loop when nobody took the connection first. A read-only call then costs one write and one
 * read on the database socket, as a single statement does, instead of two of each (decision 0039).
 */
const owesCommit = new WeakSet<pg.PoolClient>();
export function payCommit(c: pg.PoolClient): void {
  if (!owesCommit.delete(c)) return;
  writeTogether(c);
  // It can only fail with the connection, which pg then reports to the pool (idle) or to the next statement.
  c.query('commit').catch(() => undefined);
}

/**
 * The client drizzle's request transaction talks to (its session's node-postgres client, `transactionOver`): one pool
 * connection in pg's pipeline mode, taken when the first statement comes, so a handler answered from memory takes
 * no connection at all.
 *
 * Every value travels as a bind parameter; statements are passed to pg as they come. Pipelining (pg's own, one
 * Sync per statement) lets statements issued together — BEGIN, the opening, a page's batch loaders, a last
 * statement and its COMMIT — leave without waiting for each other: one round trip, where each used to cost one.
 * In a transaction a failed statement fails every later one (PostgreSQL answers them "transaction aborted"), so
 * pipelining changes no outcome; a COMMIT behind a failed statement rolls back.
 *
 * The connection begins, commits and rolls back the transaction itself (`commit()`, `rollback()`, called by
 * inTenant): BEGIN is held until the first statement, COMMIT carries the live-rights check, and a read-only
 * COMMIT leaves with the connection's next BEGIN (`owesCommit`). Handlers see it through drizzle's transaction
 * object (`transactionOver`).
 */
export class RequestConnection {
  private ready?: Promise<pg.PoolClient>;
  private client?: pg.PoolClient;
  private opened?: Promise<unknown>;
  private state: 'idle' | 'open' | 'ended' = 'idle';
  private broken = false;
  /** The last statement that failed on its own: what later "transaction aborted" refusals stand for. */
  private failure?: unknown;
  private commitNext = false;
  /** The transaction changed a token or a user's rights: this instance forgets its copies before answering. */
  liveChanged = false;
  /** The primary's WAL position right after this write's COMMIT (when asked for: `walAfterCommit`). */
  commitLsn?: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opening: { sql: string; params: unknown[] },
    private readonly readOnly: boolean,
    private readonly names?: StatementNames,
    private readonly walAfterCommit = false,
  ) {}

  /** node-postgres' `query(config, values)` as drizzle calls it (promise form). */
  query(config: string | Config, values?: unknown[]): Promise<pg.QueryResult> {
    const cfg: Config = typeof config === 'string' ? { text: config } : config;
    const params = values ?? (cfg.values as unknown[] | undefined) ?? [];
    if (this.state === 'ended') return ended();
    // Taken now: statements issued before it may still be waiting for the connection.
    const last = this.commitNext;
    this.commitNext = false;
    return this.connect().then((c) => this.submit(c, cfg, params, last));
  }

  /** The next statement is the transaction's last: its COMMIT leaves right behind it (finalStatement). */
  commitAfterNext(): void {
    this.commitNext = true;
  }

  private connect(): Promise<pg.PoolClient> {
    this.ready ??= this.pool.connect().then((c) => {
      this.client = c;
      this.state = 'open';
      writeTogether(c);
      // Not awaited: BEGIN and the opening go out in front of the statement that asked for the connection.
      c.query(this.readOnly ? 'begin read only' : 'begin').catch(() => undefined);
      this.opened = this.send(c, { text: this.opening.sql }, this.opening.params);
      this.opened.catch(() => undefined);
      return c;
    });
    return this.ready;
  }

  private submit(c: pg.PoolClient, cfg: Config, params: unknown[], commitAfter: boolean): Promise<pg.QueryResult> {
    if (this.state === 'ended') return ended();
    writeTogether(c);
    const q = this.send(c, cfg, params).catch((e: unknown) => {
      // A statement refused only because an earlier one failed reports that failure: statements issued together
      // (Promise.all) may see their rejections in any order, and "transaction aborted" names no cause.
      if ((e as { code?: string }).code === '25P02' && this.failure) throw this.failure;
      this.failure = e;
      throw e;
    });
    const last = commitAfter ? this.sendCommit(c) : undefined;
    // A failed opening (never expected) is the error to report, not "transaction aborted" from the statement.
    return Promise.all([this.opened, q, last]).then(([, r]) => r as pg.QueryResult);
  }

  /** One statement to pg, named once its text recurs (db/statement-names.ts): the opening as well as the handler's. */
  private send(c: pg.PoolClient, cfg: Config, params: unknown[]): Promise<pg.QueryResult> {
    const name = this.names?.nameFor(c, cfg.text);
    const q = c.query(name ? { ...cfg, name } : cfg, params) as unknown as Promise<pg.QueryResult>;
    if (name)
      q.then(
        () => this.names!.settled(c, name, true),
        () => this.names!.settled(c, name, false),
      );
    return q;
  }

  /** COMMIT (with the live-rights read for a write), sent now; the transaction is over for its caller. */
  private sendCommit(c: pg.PoolClient): Promise<unknown> {
    this.state = 'ended';
    writeTogether(c);
    if (this.readOnly) {
      owesCommit.add(c);
      setImmediate(payCommit, c);
      return Promise.resolve();
    }
    const changed = c.query(LIVE_CHANGED);
    const commit = c.query('commit');
    // Pipelined behind COMMIT, outside the transaction: no extra round trip.
    const wal = this.walAfterCommit ? c.query(WAL_AFTER_COMMIT) : undefined;
    changed.catch(() => undefined);
    wal?.catch(() => undefined);
    return Promise.all([changed, commit, wal]).then(([r, , w]) => {
      this.liveChanged = (r.rows[0] as { live_changed?: boolean } | undefined)?.live_changed === true;
      this.commitLsn = (w?.rows[0] as { lsn?: string } | undefined)?.lsn;
    });
  }

  /** Ends the transaction with COMMIT (already sent when the last statement carried it: finalStatement). */
  async commit(): Promise<void> {
    if (this.state === 'ended') return;
    if (!this.ready) {
      this.state = 'ended';
      return;
    }
    await this.sendCommit(await this.ready);
  }

  /** Ends the transaction with ROLLBACK (nothing to send if no statement was). */
  async rollback(): Promise<void> {
    const was = this.state;
    this.state = 'ended';
    if (was === 'ended' || !this.ready) return;
    try {
      await (await this.ready).query('rollback');
    } catch {
      // A connection that cannot even roll back is dropped, not handed to the next request mid-transaction.
      this.broken = true;
    }
  }

  /** Gives the connection back (a read-only call's COMMIT may still be owed: it leaves with the next checkout). */
  async release(): Promise<void> {
    this.client?.release(this.broken || this.state !== 'ended');
    this.client = undefined;
  }
}

const dialect = new PgDialect();

/**
 * drizzle's transaction object over a request connection, which begins and ends the transaction itself. Built as
 * drizzle's own `transaction()` builds it (drizzle-orm 0.45.4, node-postgres session: a `NodePgTransaction` on a
 * `NodePgSession` over the client, both public exports), without that method's `begin…`/`commit` statements, which
 * it built anew through its query builder on every request: a tenth of a cached read's CPU (decision 0039). Nested
 * `tx.transaction()` still sends its savepoints through the connection.
 */
export function transactionOver(conn: RequestConnection): Tx {
  return new NodePgTransaction(dialect, new NodePgSession(conn as unknown as pg.PoolClient, dialect, undefined), undefined) as unknown as Tx;
}
