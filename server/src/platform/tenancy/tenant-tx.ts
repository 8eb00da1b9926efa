import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from '../../db/client';
import { liveRightsSql, type LiveClaims, type LiveRow } from '../auth/live-rights';

export interface TxScope {
  tenantId: string;
  userId?: string;
  deptId?: string;
  /** Cross-tenant mode: the transaction runs as the owner, whom row-level security does not restrict. */
  allTenants?: boolean;
  /**
   * The caller's token claims: the token must still be live (else RevokedTokenError), and the user's row is read
   * in the same round trip as the settings (platform/auth/live-rights.ts); `onLive` gets it inside the
   * transaction, before `fn`, and may refuse.
   */
  live?: LiveClaims;
  onLive?: (row: LiveRow, tx: Tx) => Promise<void>;
  /** Who and where, for the audit trail (`audit_row()` reads them): the person's name, client IP, request id. */
  userName?: string;
  clientIp?: string;
  requestId?: string;
  /** Why (header `Audit-Reason`); a handler may set it later with `setAuditReason`. */
  reason?: string;
  /** `false` writes no audit rows (seeding, synthetic data): only code the server runs itself sets it. */
  audit?: boolean;
}

export class RevokedTokenError extends Error {}

/**
 * The restricted role sees its tenant only (policy `tenant_id = app.tenant_id`, index-friendly); cross-tenant
 * mode drops back to the owner (`none` = the session user), whom the policies do not bind.
 */
const roleFor = (allTenants?: boolean) => (allTenants ? 'none' : 'zoo_app');

/**
 * Runs `fn` in one transaction as the restricted role, with the tenant and user settings the row-level
 * security policies and column defaults read. This is the one place tenant isolation is applied.
 */
export async function inTenant<T>(db: Db, scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims = scope.live;
  // One statement: token still live and the user's row (when a caller is given: platform/auth/live-rights.ts),
  // plus the settings RLS and defaults read.
  const dept = (claims ? claims.deptId : (scope.deptId ?? '')).split(',')[0] ?? '';
  const opening = sql`select ${claims ? sql`${liveRightsSql(claims)},` : sql``}
      set_config('app.tenant_id', ${scope.tenantId}, true),
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.dept_id', ${dept}, true),
      set_config('app.user_name', ${scope.userName ?? ''}, true),
      set_config('app.client_ip', ${scope.clientIp ?? ''}, true),
      set_config('app.request_id', ${scope.requestId ?? ''}, true),
      set_config('app.audit_reason', ${scope.reason ?? ''}, true),
      set_config('app.audit', ${scope.audit === false ? 'off' : 'on'}, true),
      set_config('role', ${roleFor(scope.allTenants)}, true)
      `;
  const opened = async (rows: LiveRow[], tx: Tx) => {
    if (claims) {
      const row = rows[0]!;
      if (!row.token_live) throw new RevokedTokenError();
      await scope.onLive?.(row, tx);
    }
    return fn(tx);
  };
  const pooled = pooledSession(db);
  if (pooled) return inPooledTx(pooled, opening, opened);
  // PGlite (one connection): drizzle's own transaction, BEGIN as its own statement.
  return db.transaction(async (tx) => {
    const res = (await tx.execute(opening)) as unknown as { rows: LiveRow[] };
    return opened(res.rows, tx);
  });
}

interface PooledSession {
  pool: pg.Pool;
  dialect: PgDialect;
  session: NodePgSession<Record<string, never>, never>;
}

/** The node-postgres pool behind `db`, or null (PGlite). Drizzle keeps them on the database object. */
function pooledSession(db: Db): PooledSession | null {
  const { session, dialect } = db as unknown as { session: unknown; dialect: PgDialect };
  if (!(session instanceof NodePgSession)) return null;
  const pool = (session as unknown as { client: unknown }).client;
  return pool instanceof pg.Pool ? { pool, dialect, session: session as PooledSession['session'] } : null;
}

/**
 * drizzle's node-postgres transaction (session.js `transaction`) with BEGIN sent in the same simple-protocol
 * message as the opening statement: one round trip less per request (a cached read went from three statements to
 * two). The opening statement's values are our own strings, escaped as literals (no bind parameters in a
 * multi-statement message).
 */
async function inPooledTx<T>(p: PooledSession, opening: SQL, fn: (rows: LiveRow[], tx: Tx) => Promise<T>): Promise<T> {
  const client = await p.pool.connect();
  const { schema, options } = p.session as unknown as { schema: undefined; options: object };
  const session = new NodePgSession(client, p.dialect, schema, options);
  const tx = new NodePgTransaction(p.dialect, session, schema) as unknown as Tx;
  const state = { client, dialect: p.dialect, committed: false };
  openPooled.set(tx, state);
  let broken = false;
  try {
    const text = inlined(p.dialect, opening, (v) => client.escapeLiteral(String(v ?? '')));
    const results = (await client.query(`begin; ${text}`)) as unknown as Array<{ rows: LiveRow[] }>;
    const out = await fn(results[1]!.rows, tx);
    if (!state.committed) await client.query('commit');
    return out;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    // A connection that cannot even roll back is dropped, not handed to the next request mid-transaction.
    client.release(broken);
  }
}

/**
 * A statement with its bound values written in as literals, for a multi-statement simple-protocol message (which
 * takes no bind parameters): the opening `begin; …` and finalRead's `…; commit`.
 */
function inlined(dialect: PgDialect, query: SQL, lit: (v: unknown) => string): string {
  const q = dialect.sqlToQuery(query);
  return q.sql.replace(/\$(\d+)/g, (_, n: string) => lit(q.params[Number(n) - 1]));
}

/** The connection behind each open pooled request transaction (finalRead sends COMMIT on it). */
const openPooled = new WeakMap<object, { client: pg.PoolClient; dialect: PgDialect; committed: boolean }>();

/** A bound value as an SQL literal: finalRead's values are scalars (ids, dates, numbers); anything else is a bug. */
function literal(client: pg.PoolClient, v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return client.escapeLiteral(String(v));
  throw new Error(`finalRead: cannot inline a ${typeof v} value`);
}

/**
 * The LAST statement of a read-only handler, sent with COMMIT in one simple-protocol message: a request then costs
 * two round trips (opening, this) instead of three. Under CPU contention every round trip waits for the backend
 * to be scheduled, so the count of round trips, not the SQL, set the keeper-log month view's latency (decision
 * 0029). Nothing may follow it in the transaction — it is committed — and the handler must not have written
 * anything it could still want rolled back. Values travel as escaped literals (no bind parameters in a
 * multi-statement message): scalars only. PGlite: an ordinary statement of the transaction.
 */
export async function finalRead<T>(tx: Tx, query: SQL): Promise<T[]> {
  const open = openPooled.get(tx);
  if (!open || open.committed) return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
  const text = inlined(open.dialect, query, (v) => literal(open.client, v));
  open.committed = true;
  const results = (await open.client.query(`${text}; commit`)) as unknown as Array<{ rows: T[] }>;
  return results[0]!.rows;
}

/** Records why the request changes what it changes (a movement's remark, a refusal's opinion…) in its audit rows. */
export async function setAuditReason(tx: Tx, reason: string): Promise<void> {
  await tx.execute(sql`select set_config('app.audit_reason', ${reason.slice(0, 500)}, true)`);
}

/**
 * Inside an open request transaction, acts as another tenant for `fn` (e.g. bootstrapping a new tenant's
 * role, department and admin), then restores the caller's tenant. Stays in the same transaction, so the whole
 * operation commits or rolls back as one. Cross-tenant mode is off inside: acting as a tenant means seeing and
 * writing that tenant's rows only.
 */
export async function asTenant<T>(tx: Tx, tenantId: string, fn: () => Promise<T>): Promise<T> {
  const res = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as prev, current_setting('role') as prev_role`,
  )) as unknown as { rows: Array<{ prev: string | null; prev_role: string | null }> };
  const prev = res.rows[0]?.prev ?? '';
  const prevRole = res.rows[0]?.prev_role || 'zoo_app';
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${roleFor(false)}, true)`);
  const restore = () => tx.execute(sql`select set_config('app.tenant_id', ${prev}, true), set_config('role', ${prevRole}, true)`);
  let out: T;
  try {
    out = await fn();
  } catch (e) {
    // After a failed statement the transaction is aborted and cannot restore anything; keep the real error.
    await restore().catch(() => undefined);
    throw e;
  }
  await restore();
  return out;
}
