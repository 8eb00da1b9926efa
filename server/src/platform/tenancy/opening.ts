import { sql, type SQL } from 'drizzle-orm';
import type { LiveClaims } from '../auth/live-rights';

/** Who runs a request transaction: what the opening statement sets. */
export interface OpeningScope {
  tenantId: string;
  userId?: string;
  /** The department setting: the first of the session's departments. */
  dept: string;
  /** Cross-tenant mode (the owner's connection): the role stays the owner's. */
  allTenants?: boolean;
  /** Who, from where and why, for the audit trail: writes only. */
  audit?: { userName: string; clientIp: string; requestId: string; reason: string; on: boolean };
}

/**
 * The statement every request transaction starts with: the tenant, user and department that row-level security
 * and column defaults read, the restricted role (unless cross-tenant), and for writes the audit trail's who, where
 * and why. Values are bind parameters: nothing from the request is written into the text. One result column for
 * all of them (the driver parses each column's description on every call).
 */
export function openingSql(s: OpeningScope): SQL {
  const sets: SQL[] = [
    sql`set_config('app.tenant_id', ${s.tenantId}, true)`,
    sql`set_config('app.user_id', ${s.userId ?? ''}, true)`,
    sql`set_config('app.dept_id', ${s.dept}, true)`,
  ];
  if (!s.allTenants) sets.push(sql`set_config('role', 'zoo_app', true)`);
  if (s.audit) {
    const a = s.audit;
    sets.push(
      sql`set_config('app.user_name', ${a.userName}, true)`,
      sql`set_config('app.client_ip', ${a.clientIp}, true)`,
      sql`set_config('app.request_id', ${a.requestId}, true)`,
      sql`set_config('app.audit_reason', ${a.reason}, true)`,
      sql`set_config('app.audit', ${a.on ? 'on' : 'off'}, true)`,
    );
  }
  return sql`select concat(${sql.join(sets, sql`, `)}) as settings`;
}

/**
 * The caller's token and user row (platform/auth/live-rights.ts), read after the opening by the owner's function
 * `live_row` (migration 0029), which names the tenant itself: the restricted role cannot read sys_token.
 */
export function liveRowSql(c: LiveClaims): SQL {
  const userId = /^\d{1,19}$/.test(c.userId) ? c.userId : '0';
  return sql`select token_left_ms, user_row from live_row(${c.jti}, ${userId}::bigint, ${c.tenantId})`;
}
