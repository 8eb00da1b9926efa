import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { postgresRequests, rowsOf, type Db, type Tx } from '../../db/client';
import { cachedLiveRow, LIVE_PREFIX, rememberLiveRow, type LiveClaims, type LiveRow } from '../auth/live-rights';
import type { Cache } from '../cache';
import { liveRowSql, openingQuery, openingSql, type OpeningScope } from './opening';
import { readingAsOf } from './read-behind';
import { lsnBytes, primaryWal, replicasOf } from './read-replicas';
import { RequestConnection, transactionOver } from './request-connection';
import { crossTenantPoolFor, requestPoolFor } from './request-role';

export interface TxScope {
  tenantId: string;
  userId?: string;
  deptId?: string;
  /** Cross-tenant mode: the transaction logs in as the owner (crossTenantPoolFor), whom row-level security does not restrict. */
  allTenants?: boolean;
  /**
   * The caller's token claims: the token must still be live (else RevokedTokenError), and the user's row is read
   * right behind the opening (platform/auth/live-rights.ts); `onLive` gets it inside the transaction, before `fn`,
   * and may refuse.
   */
  live?: LiveClaims;
  onLive?: (row: LiveRow, tx: Tx) => Promise<void>;
  /** Where live rows are kept between requests (platform/auth/live-rights.ts); without it every call reads them. */
  liveCache?: Cache;
  /** Who and where, for the audit trail (`audit_row()` reads them): the person's name, client IP, request id. */
  userName?: string;
  clientIp?: string;
  requestId?: string;
  /** Why (header `Audit-Reason`); a handler may set it later with `setAuditReason`. */
  reason?: string;
  /** `false` writes no audit rows (seeding, synthetic data): only code the server runs itself sets it. */
  audit?: boolean;
  /** A call that only reads (route(): GET unless declared otherwise): `begin read only`, PostgreSQL refuses writes. */
  readOnly?: boolean;
  /** The caller's last write position (read-your-writes.ts): a hot standby serves its reads once past it. */
  readAfter?: string;
  /** Hears the primary's WAL position after a write's COMMIT, when hot standbys serve reads (decision 0055). */
  wrote?: (lsn: string) => void;
}

export class RevokedTokenError extends Error {}

/** What a running request transaction knows of itself (finalStatement, aggregateAcrossTenants). */
interface Running {
  owner: Db;
  scope: TxScope;
  /** The request connection (PostgreSQL, cross-tenant or not); undefined on PGlite. */
  conn?: RequestConnection;
}
const running = new WeakMap<object, Running>();
export const runningTx = (tx: object): Running | undefined => running.get(tx);

const LIVE_CHANGED = sql`select current_setting('app.live_changed', true) = 'on' as live_changed`;

/**
 * Runs `fn` in one transaction as the restricted role, with the tenant and user settings the row-level security
 * policies and column defaults read: the one place tenant isolation is applied (walk-through in
 * docs/ARCHITECTURE.md, "A request, from the token to COMMIT").
 *
 * On PostgreSQL a request's statements run on the request pool (platform/tenancy/request-role.ts), which logs in
 * as a role that cannot leave `zoo_app`; BEGIN, the opening and the caller's live row leave together with the
 * handler's first statement, pipelined (request-connection.ts). Cross-tenant calls run the same way on a pipelined
 * pool of the owner's login. On PGlite (one connection, its owner) everything runs in drizzle's transaction on
 * that connection.
 */
export async function inTenant<T>(db: Db, scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims = scope.live;
  const cache = scope.liveCache;
  const known = claims && cache ? cachedLiveRow(cache, claims) : undefined;
  const since = cache?.epoch ?? 0;
  const opening: OpeningScope = {
    tenantId: scope.tenantId,
    userId: scope.userId,
    dept: (claims ? claims.deptId : (scope.deptId ?? '')).split(',')[0] ?? '',
    allTenants: scope.allTenants,
    // Who, from where and why are for the audit trail, which only writes fill.
    audit: scope.readOnly
      ? undefined
      : {
          userName: scope.userName ?? '',
          clientIp: scope.clientIp ?? '',
          requestId: scope.requestId ?? '',
          reason: scope.reason ?? '',
          on: scope.audit !== false,
        },
  };
  const body = async (tx: Tx, conn?: RequestConnection) => {
    running.set(tx, { owner: db, scope, conn });
    if (claims) {
      const row = known ?? (await rowsOf<LiveRow>(tx, liveRowSql(claims)))[0]!;
      if (row.token_left_ms === null) throw new RevokedTokenError();
      if (!known && cache) rememberLiveRow(cache, claims, row, since);
      await scope.onLive?.(row, tx);
    }
    return fn(tx);
  };
  const pool = scope.allTenants ? crossTenantPoolFor(db) : requestPoolFor(db);
  const replicas = replicasOf(db);
  const wants = replicas && !scope.readOnly && scope.wrote ? scope.wrote : undefined;
  if (!pool) {
    const config = scope.readOnly ? { accessMode: 'read only' as const } : undefined;
    const out = await ownTransaction(db, openingSql(opening), config, body, scope.readOnly ? undefined : cache);
    if (wants) wants(await primaryWal(db));
    return out;
  }

  const run = async (on: pg.Pool): Promise<T> => {
    const conn = new RequestConnection(on, openingQuery(opening), Boolean(scope.readOnly), postgresRequests(db)!.names, Boolean(wants));
    try {
      let out: T;
      try {
        out = await body(transactionOver(conn), conn);
      } catch (e) {
        await conn.rollback();
        throw e;
      }
      await conn.commit();
      // This instance forgets the live rows the transaction changed before its caller hears back (the others when
      // the triggers' notifications arrive).
      if (conn.liveChanged) cache?.clearLocal(LIVE_PREFIX);
      if (conn.commitLsn) wants?.(conn.commitLsn);
      return out;
    } finally {
      void conn.release();
    }
  };
  // A read-only call may go to a hot standby (read-replicas.ts) once this instance holds the caller's live row: it
  // was read on the primary and notifications clear it, so a logout still bites at once. The same opening and
  // role run there (a physical copy has the same roles and policies).
  const standby =
    scope.readOnly && !scope.allTenants && (!claims || known) ? replicas?.choose(scope.readAfter ? lsnBytes(scope.readAfter) : undefined) : undefined;
  if (standby) {
    try {
      return await readingAsOf(standby.asOf, () => run(standby.pool));
    } catch (e) {
      // A standby that is down or gone fails no call: it is skipped until it answers again, the call runs here.
      if (!standby.failed(e)) throw e;
    }
  }
  return run(await pool);
}

/** PGlite (one connection, the owner's): drizzle's transaction with the opening as its first statement. */
async function ownTransaction<T>(
  db: Db,
  opening: SQL,
  config: { accessMode: 'read only' } | undefined,
  body: (tx: Tx) => Promise<T>,
  cache: Cache | undefined,
): Promise<T> {
  let changed = false;
  const out = await db.transaction(async (tx) => {
    await tx.execute(opening);
    const result = await body(tx);
    if (cache) changed = (await rowsOf<{ live_changed: boolean }>(tx, LIVE_CHANGED))[0]?.live_changed === true;
    return result;
  }, config);
  if (changed) cache?.clearLocal(LIVE_PREFIX);
  return out;
}

/**
 * The LAST statement of a handler, with COMMIT pipelined right behind it: a write after which the handler only
 * answers (a movement's ledger row) holds its locks for no further round trip. Nothing may follow it in the
 * transaction, and nothing after it may fail in a way that should have rolled it back. On PGlite an ordinary
 * statement of the transaction.
 */
export async function finalStatement<T>(tx: Tx, query: SQL): Promise<T[]> {
  running.get(tx)?.conn?.commitAfterNext();
  return rowsOf<T>(tx, query);
}

/**
 * Names the request's changes in their audit rows (a movement: 出生登记…) unless the caller gave a reason (header
 * `Audit-Reason`). Sent at once, so it leaves with the request's next statements: callers need not await it
 * before going on.
 */
export function auditReasonUnlessGiven(tx: Tx, label: string): Promise<void> {
  const reason = label.slice(0, 500);
  return tx
    .execute(sql`select set_config('app.audit_reason', coalesce(nullif(current_setting('app.audit_reason', true), ''), ${reason}), true)`)
    .then(() => undefined);
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
  const res = (await tx.execute(sql`select current_setting('app.tenant_id', true) as prev, current_setting('role') as prev_role`)) as unknown as {
    rows: Array<{ prev: string | null; prev_role: string | null }>;
  };
  const prev = res.rows[0]?.prev ?? '';
  const prevRole = res.rows[0]?.prev_role || 'zoo_app';
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'zoo_app', true)`);
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
