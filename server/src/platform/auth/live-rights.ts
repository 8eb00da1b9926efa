import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Cache } from '../cache';
import { bladeRole } from '../access/access.tables';
import { SCOPE_CACHE } from '../access/scope-cache';
import type { Session } from './session';

/**
 * Rights are read from the database, not trusted from the token: changing a user's roles, department or status,
 * revoking a token, or deleting a role, bites on that user's next request on every instance. The token still says
 * which of the user's roles and departments the session chose (switch mode); the database says which of those
 * the user still holds.
 *
 * Where from: the token's liveness and the user row are read by the statement that opens the request transaction
 * (platform/tenancy/tenant-tx.ts), and then kept in the instance's cache (`rememberLiveRow`) while the cache hears
 * every instance's invalidations. Triggers on sys_token and blade_user (migration 0024) announce every change on
 * the cache channel at commit; the instance that commits one also clears its own copy before it answers (the
 * commit reads `app.live_changed`), so its caller's next request is refused here at once, and another instance's
 * within the delivery of one NOTIFY. While the listener is down (or on PGlite) every request reads the database.
 * Role aliases come from a per-tenant map of live roles under the scope prefix, which role writes invalidate.
 */
export interface LiveRights {
  roleIds: string[];
  roleAliases: string[];
  deptId: string;
}

export const DISABLED_ACCOUNT = '账号未启用或已被停用,请联系管理员';
export const ROLES_CHANGED = '账号角色已变更,请重新登录';

/** The session's claims the lookup narrows. */
export type LiveClaims = Pick<Session, 'jti' | 'userId' | 'tenantId' | 'roleIds' | 'deptId'>;

/** What the opening statement returns about the caller. */
export interface LiveRow {
  /** Milliseconds the token has left; null when it is revoked, expired or unknown. */
  token_left_ms: number | null;
  /** `role_id|dept_id` of the user; null when the user is deleted or disabled */
  user_row: string | null;
}

/** Cache keys of live rows: the prefix the triggers' payloads and a commit that changed them clear. */
export const LIVE_PREFIX = 'live:';
export const LIVE_TOKENS = 'live:tok:';
const tokenKey = (jti: string) => `${LIVE_TOKENS}${jti};`;
const userKey = (c: LiveClaims) => `${LIVE_PREFIX}user:${c.userId};${c.tenantId}`;
/** A backstop only: changes arrive by notification; this bounds what a lost one could cost. */
const LIVE_TTL_MS = 60_000;

/** The caller's live row from this instance's memory, or undefined when it must be read from the database. */
export function cachedLiveRow(cache: Cache, c: LiveClaims): LiveRow | undefined {
  if (!cache.listening) return undefined;
  const tokenLeft = cache.peek<number>(tokenKey(c.jti));
  const userRow = cache.peek<string | null>(userKey(c));
  return tokenLeft === undefined || userRow === undefined ? undefined : { token_left_ms: tokenLeft, user_row: userRow };
}

/**
 * Keeps a live row read by the opening statement; not when an invalidation arrived since `sinceEpoch` (the row
 * may predate it), nor a dead token (its request fails anyway).
 */
export function rememberLiveRow(cache: Cache, c: LiveClaims, row: LiveRow, sinceEpoch: number): void {
  if (!cache.listening || row.token_left_ms === null) return;
  // Never past the token's own expiry (a rotated refresh leaves its access token a 30 s grace, not a minute).
  cache.set(tokenKey(c.jti), row.token_left_ms, Math.min(LIVE_TTL_MS, row.token_left_ms), sinceEpoch);
  cache.set(userKey(c), row.user_row, LIVE_TTL_MS, sinceEpoch);
}

const csv = (v: string | null | undefined) => (v ?? '').split(',').filter(Boolean);

/**
 * Columns token_left_ms and user_row for the opening statement's select list. Scalar subqueries by primary key:
 * measured cheaper to plan than a lateral join. They run as the connection's owner at the start of the
 * transaction (before the role switch), so they name the tenant themselves.
 */
export function liveRightsSql(c: LiveClaims): { sql: string; values: string[] } {
  const userId = /^\d{1,19}$/.test(c.userId) ? c.userId : '0';
  // Placeholders $1-$4; the opening (platform/tenancy/tenant-tx.ts) numbers its own values after them.
  return {
    sql: `(select extract(epoch from expire_time - localtimestamp(0))::float8 * 1000 from sys_token
      where jti = $1 and revoke_time is null and expire_time > localtimestamp(0)) as token_left_ms,
    (select u.role_id || '|' || u.dept_id from blade_user u
      where u.id = $2::bigint and u.tenant_id = $3 and u.is_deleted = 0 and u.status = 1) as user_row`,
    values: [c.jti, userId, c.tenantId],
  };
}

/**
 * The transaction's tenant's roles, id → alias, or null for a deleted role (kept, so a token naming a deleted role
 * does not reload the map on every request). Cached under the scope prefix, which role writes invalidate.
 */
async function tenantRoles(cache: Cache, tx: Tx, tenantId: string, fresh = false): Promise<Map<string, string | null>> {
  const key = `${SCOPE_CACHE}roles:${tenantId}`;
  const load = async () =>
    new Map(
      (await tx.select({ id: bladeRole.id, alias: bladeRole.roleAlias, deleted: bladeRole.isDeleted }).from(bladeRole)).map((r) => [
        r.id,
        r.deleted === 0 ? r.alias : null,
      ]),
    );
  if (!fresh) return cache.get(key, 300_000, load);
  const since = cache.epoch;
  const map = await load();
  cache.set(key, map, 300_000, since);
  return map;
}

/**
 * The session's current rights from the user row, or null when the user still holds none of the token's roles.
 * Runs inside the request transaction (row-level security: the caller's tenant); moves the department setting
 * the opening statement took from the token when the user left that department.
 */
export async function resolveRights(cache: Cache, tx: Tx, c: LiveClaims, userRow: string): Promise<LiveRights | null> {
  let roles = await tenantRoles(cache, tx, c.tenantId);
  // The same user row, token and roles map give the same rights: worked out once per roles map (it allocated more
  // than any other step of checking a request's rights). A reloaded roles map starts a new memo.
  const key = `${userRow}\u0000${c.roleIds.join(',')}\u0000${c.deptId}`;
  let known = resolved.get(roles)?.get(key);
  if (known === undefined) {
    const held = csv(userRow.split('|')[0] ?? '');
    // A role created since the map was cached, without an invalidation (tenant bootstrap): read once more.
    if (c.roleIds.some((r) => held.includes(r) && !roles.has(r))) roles = await tenantRoles(cache, tx, c.tenantId, true);
    known = rightsOf(roles, c, userRow);
    let memo = resolved.get(roles);
    if (!memo || memo.size >= 1000) resolved.set(roles, (memo = new Map()));
    memo.set(key, known);
  }
  if (!known) return null;
  if (known.setDept !== undefined) await tx.execute(sql`select set_config('app.dept_id', ${known.setDept}, true)`);
  return known.rights;
}

type Resolved = { rights: LiveRights; setDept?: string } | null;
/** Rights worked out per roles map, then per user row and token (shared between requests: read only). */
const resolved = new WeakMap<Map<string, string | null>, Map<string, Resolved>>();

/** The rights for a user row under `roles`, and the department setting to move to when the user left the token's. */
function rightsOf(roles: Map<string, string | null>, c: LiveClaims, userRow: string): Resolved {
  const [userRoles = '', userDepts = ''] = userRow.split('|');
  const held = new Set(csv(userRoles));
  const live = c.roleIds.filter((r) => held.has(r) && typeof roles.get(r) === 'string');
  if (live.length === 0) return null;
  const current = csv(userDepts);
  const chosen = csv(c.deptId).filter((d) => current.includes(d));
  const depts = chosen.length ? chosen : current;
  const rights = { roleIds: live, roleAliases: live.map((r) => roles.get(r)!), deptId: depts.join(',') };
  return (depts[0] ?? '') !== (csv(c.deptId)[0] ?? '') ? { rights, setDept: depts[0] ?? '' } : { rights };
}
