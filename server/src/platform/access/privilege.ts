import { and, eq, inArray, sql } from 'drizzle-orm';
import { API_SCOPE_CATEGORY } from './api-scope';
import { DATA_SCOPE_CATEGORY } from './data-scope';
import type { Tx } from '../../db/client';
import type { Cache } from '../cache';
import { BizError } from '../http/errors';
import { ADMIN, ADMINISTRATOR, isAdmin, isAdministrator, type Session } from '../auth/session';
import { bladeRole, bladeRoleMenu } from './access.tables';
import { GRANT_BEYOND_OWN, grantableMenuIds, packageMenuIds } from './menu-access';

/**
 * One rule for every path that assigns roles or acts on another account (user form, grant, reset password,
 * unlock, removal, import, role edits): nobody hands out a role, or touches an account, that holds rights the
 * caller does not hold. The platform `administrator` role is the platform administrator's alone, `admin` roles
 * are the admins', and any other role only when each of its menus and buttons is one the caller could grant
 * (the same measure role grant uses). Without this a user manager could create an account with a stronger role,
 * or reset a stronger user's password, and sign in as it.
 */
export const NO_ADMINISTRATOR_ROLE = '无权配置超管角色!';
export const NO_ADMIN_ROLE = '无权配置管理员角色!';
export const ROLE_BEYOND_OWN = '无权分配超出自身权限的角色';
export const ACCOUNT_BEYOND_OWN = '无权操作权限高于自身的账号';
export const ADMIN_ACCOUNT = '无权操作管理员账号';

/** Why the session may not hand out (or edit) a role with this alias; null when the alias is no obstacle. */
export function aliasRefusal(s: Session, alias: string): string | null {
  if (alias === ADMINISTRATOR && !isAdministrator(s)) return NO_ADMINISTRATOR_ROLE;
  if (alias === ADMIN && !isAdmin(s)) return NO_ADMIN_ROLE;
  return null;
}

const csv = (v: string | null | undefined) => (v ?? '').split(',').filter(Boolean);

/**
 * The first reason the session may not hand out these roles (ids of the transaction's tenant), or null.
 * Unknown ids are left to the caller's existence check.
 */
async function refusal(cache: Cache, tx: Tx, s: Session, roleIds: string[]): Promise<{ msg: string; admin: boolean } | null> {
  if (isAdministrator(s) || roleIds.length === 0) return null;
  const roles = await tx
    .select({ id: bladeRole.id, alias: bladeRole.roleAlias })
    .from(bladeRole)
    .where(and(inArray(bladeRole.id, roleIds), eq(bladeRole.isDeleted, 0)));
  for (const r of roles) {
    const msg = aliasRefusal(s, r.alias);
    if (msg) return { msg, admin: true };
  }
  // Admins hold every menu of their tenant's package; only smaller users need the menu comparison.
  if (isAdmin(s) || roles.length === 0) return null;
  const held = await tx
    .selectDistinct({ menuId: bladeRoleMenu.menuId })
    .from(bladeRoleMenu)
    .where(
      inArray(
        bladeRoleMenu.roleId,
        roles.map((r) => r.id),
      ),
    );
  if (held.length === 0) return null;
  const { all, ids: grantable } = await grantableMenuIds(cache, tx, s);
  const live = new Set(all.map((m) => m.id));
  const pkg = await packageMenuIds(tx);
  const counts = (id: string) => live.has(id) && (pkg === null || pkg.includes(id));
  // Deleted menus and menus outside the tenant's package grant nothing, so they do not count against the caller.
  if (held.some((m) => counts(m.menuId) && !grantable.has(m.menuId))) return { msg: ROLE_BEYOND_OWN, admin: false };
  const heldMenus = new Set(held.map((m) => m.menuId));
  if (
    scopesExceed(
      await scopeLimits(tx, s.roleIds),
      await scopeLimits(
        tx,
        roles.map((r) => r.id),
      ),
      heldMenus,
    )
  )
    return { msg: ROLE_BEYOND_OWN, admin: false };
  return null;
}

/**
 * How a role set is limited by scopes: API scope ids (null = no API scope, every path its buttons allow) and,
 * per data-scope resource, the data scope ids (null = a type-1 "all" scope) with the menus they hang under.
 * A resource with no entry is not limited (platform/access/data-scope.ts).
 */
interface ScopeLimits {
  api: Set<string> | null;
  data: Map<string, { ids: Set<string> | null; menus: Set<string> }>;
}

async function scopeLimits(tx: Tx, roleIds: string[]): Promise<ScopeLimits> {
  const ids = `{${roleIds.filter((r) => /^\d{1,19}$/.test(r)).join(',')}}`;
  const { rows } = (await tx.execute(sql`select rs.scope_category as category, rs.scope_id::text as scope_id,
      coalesce(sd.resource_code, '') as resource, coalesce(sd.scope_type = 1, false) as "all", coalesce(sd.menu_id, sa.menu_id)::text as menu_id
    from blade_role_scope rs
    left join blade_scope_data sd on rs.scope_category = 1 and sd.id = rs.scope_id and sd.is_deleted = 0
    left join blade_scope_api sa on rs.scope_category = 2 and sa.id = rs.scope_id and sa.is_deleted = 0
    where rs.role_id = any(${ids}::bigint[]) and (sd.id is not null or sa.id is not null)`)) as unknown as { rows: ScopeRow[] };
  return limitsOf(rows);
}

interface ScopeRow {
  category: number;
  scope_id: string;
  resource: string;
  all: boolean;
  menu_id: string;
}

/** The limits a set of scope ids would put on a role (what a role grant is about to write). */
async function grantLimits(tx: Tx, dataIds: string[], apiIds: string[]): Promise<ScopeLimits> {
  const arr = (ids: string[]) => `{${ids.filter((r) => /^\d{1,19}$/.test(r)).join(',')}}`;
  const { rows } =
    (await tx.execute(sql`select 1 as category, id::text as scope_id, resource_code as resource, scope_type = 1 as "all", menu_id::text as menu_id
      from blade_scope_data where id = any(${arr(dataIds)}::bigint[]) and is_deleted = 0
    union all
    select 2, id::text, '', false, menu_id::text from blade_scope_api where id = any(${arr(apiIds)}::bigint[]) and is_deleted = 0`)) as unknown as {
      rows: ScopeRow[];
    };
  return limitsOf(rows);
}

function limitsOf(rows: ScopeRow[]): ScopeLimits {
  const api = rows.filter((r) => Number(r.category) === API_SCOPE_CATEGORY).map((r) => r.scope_id);
  const data = new Map<string, { ids: Set<string> | null; menus: Set<string> }>();
  for (const r of rows.filter((x) => Number(x.category) === DATA_SCOPE_CATEGORY)) {
    const e = data.get(r.resource) ?? { ids: new Set<string>(), menus: new Set<string>() };
    e.menus.add(r.menu_id);
    e.ids = r.all || e.ids === null ? null : e.ids.add(r.scope_id);
    data.set(r.resource, e);
  }
  return { api: api.length ? new Set(api) : null, data };
}

/**
 * Refuses (403) a role grant that would leave the roles less limited by data or API scopes than the caller is:
 * otherwise a role manager limited to his own records (or to some API paths) could grant his own role — or one
 * he then hands out — the same menus without the limit. Admins are not limited by scopes.
 */
export async function assertGrantWithinScopes(tx: Tx, s: Session, grant: { menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] }): Promise<void> {
  if (isAdmin(s)) return;
  const caller = await scopeLimits(tx, s.roleIds);
  if (!caller.api && caller.data.size === 0) return;
  if (scopesExceed(caller, await grantLimits(tx, grant.dataScopeIds, grant.apiScopeIds), new Set(grant.menuIds))) throw new BizError(GRANT_BEYOND_OWN, 403);
}

/** Whether the target roles reach paths or rows the caller's scopes keep the caller from (for menus the target holds). */
function scopesExceed(caller: ScopeLimits, target: ScopeLimits, targetMenus: Set<string>): boolean {
  if (caller.api && (!target.api || [...target.api].some((id) => !caller.api!.has(id)))) return true;
  for (const [resource, limit] of caller.data) {
    if (limit.ids === null || ![...limit.menus].some((m) => targetMenus.has(m))) continue;
    const t = target.data.get(resource);
    if (!t || t.ids === null || [...t.ids].some((id) => !limit.ids!.has(id))) return true;
  }
  return false;
}

/** Refuses (403) handing out roles — given as ids or a comma list — the session does not measure up to. */
export async function assertMayAssignRoles(cache: Cache, tx: Tx, s: Session, roleIds: string[] | string | undefined): Promise<void> {
  const ids = [...new Set(Array.isArray(roleIds) ? roleIds : csv(roleIds))];
  const r = await refusal(cache, tx, s, ids);
  if (r) throw new BizError(r.msg, 403);
}

/**
 * Refuses (403) acting on accounts (their credentials, roles, status, existence) that hold a role the session
 * could not hand out. Run it in the accounts' tenant (asTenant) when the platform administrator crosses tenants.
 */
export async function assertMayTouchUsers(cache: Cache, tx: Tx, s: Session, users: Array<{ roleId: string }>): Promise<void> {
  const ids = [...new Set(users.flatMap((u) => csv(u.roleId)))];
  const r = await refusal(cache, tx, s, ids);
  if (r) throw new BizError(r.admin ? ADMIN_ACCOUNT : ACCOUNT_BEYOND_OWN, 403);
}
