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

/** The settings an opening sets, in order, with their values (all bind parameters). */
function settings(s: OpeningScope): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ['app.tenant_id', s.tenantId],
    ['app.user_id', s.userId ?? ''],
    ['app.dept_id', s.dept],
  ];
  const a = s.audit;
  if (a)
    out.push(
      ['app.user_name', a.userName],
      ['app.client_ip', a.clientIp],
      ['app.request_id', a.requestId],
      ['app.audit_reason', a.reason],
      ['app.audit', a.on ? 'on' : 'off'],
    );
  return out;
}

/** The restricted role, unless cross-tenant (the owner's connection keeps the owner's role). */
const ROLE = "set_config('role', 'zoo_app', true)";
/** The opening's text per shape (cross-tenant or not, with or without the audit settings): only values vary. */
const texts = new Map<string, string>();

/**
 * The statement every request transaction starts with: the tenant, user and department that row-level security
 * and column defaults read, the restricted role (unless cross-tenant), and for writes the audit trail's who, where
 * and why. Values are bind parameters: nothing from the request is written into the text, which is therefore one
 * of four, built once (drizzle built it anew on every request: a tenth of a warm detail's CPU went to building
 * statements, decision 0039). One result column for all of them (the driver parses each column's description on
 * every call).
 */
export function openingQuery(s: OpeningScope): { sql: string; params: string[] } {
  const pairs = settings(s);
  const key = `${pairs.length}:${!s.allTenants}`;
  let text = texts.get(key);
  if (!text) {
    const sets = pairs.map(([name], i) => `set_config('${name}', $${i + 1}, true)`);
    if (!s.allTenants) sets.splice(3, 0, ROLE);
    texts.set(key, (text = `select concat(${sets.join(', ')}) as settings`));
  }
  return { sql: text, params: pairs.map(([, value]) => value) };
}

/** The same opening as a drizzle statement, for transactions drizzle runs itself (PGlite). */
export function openingSql(s: OpeningScope): SQL {
  const sets = settings(s).map(([name, value]) => sql`set_config(${sql.raw(`'${name}'`)}, ${value}, true)`);
  if (!s.allTenants) sets.splice(3, 0, sql.raw(ROLE));
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
