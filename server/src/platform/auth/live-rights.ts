import { sql, type SQL } from 'drizzle-orm';
import type { Session } from './session';

/**
 * Rights are read from the database on every request, not trusted from the token: changing a user's roles,
 * department or status, or deleting a role, bites on that user's next request on every instance (nothing is
 * kept in process memory). The token still says which of the user's roles and departments the session chose
 * (switch mode); the database says which of those the user still holds.
 *
 * It costs no extra round trip: the lookup (token row, user row and role rows, all by primary key) runs in the
 * statement that opens the request transaction (platform/tenancy/tenant-tx.ts).
 */
export interface LiveRights {
  /** 'live' | 'revoked' (no live token row) | 'disabled' (user deleted or disabled) | 'noRole' (none of the token's roles left) */
  state: 'live' | 'revoked' | 'disabled' | 'noRole';
  roleIds: string[];
  roleAliases: string[];
  deptId: string;
}

export const DISABLED_ACCOUNT = '账号未启用或已被停用,请联系管理员';
export const ROLES_CHANGED = '账号角色已变更,请重新登录';

/** The session's claims the lookup narrows. */
export type LiveClaims = Pick<Session, 'jti' | 'userId' | 'tenantId' | 'roleIds' | 'deptId'>;

const bigints = (ids: string[]) => `{${ids.filter((x) => /^\d{1,19}$/.test(x)).join(',')}}`;

/**
 * A lateral subquery (alias `lr`) with columns token_live, user_ok, roles (json [{id, alias}]) and dept.
 * Run as the connection's owner at the start of the transaction (before the role switch), so it filters the
 * tenant itself. Only the token's roles the user still holds, not deleted, count.
 */
export function liveRightsSql(c: LiveClaims): SQL {
  return sql`left join lateral (
    select (t.jti is not null) as token_live,
      (u.id is not null) as user_ok,
      coalesce((select json_agg(json_build_object('id', r.id::text, 'alias', r.role_alias) order by r.id)
        from blade_role r
        where r.tenant_id = ${c.tenantId} and r.is_deleted = 0
          and r.id = any(${bigints(c.roleIds)}::bigint[])
          and r.id::text = any(string_to_array(u.role_id, ','))), '[]'::json) as roles,
      coalesce((select string_agg(d, ',') from unnest(string_to_array(${c.deptId}, ',')) d
        where d = any(string_to_array(u.dept_id, ','))), u.dept_id, '') as dept
    from (select 1) one
    left join sys_token t on t.jti = ${c.jti} and t.revoke_time is null and t.expire_time > localtimestamp(0)
    left join blade_user u on u.id = ${/^\d{1,19}$/.test(c.userId) ? c.userId : '0'}::bigint and u.tenant_id = ${c.tenantId}
      and u.is_deleted = 0 and u.status = 1
  ) lr on true`;
}

export function readLiveRights(row: { token_live: boolean; user_ok: boolean; roles: Array<{ id: string; alias: string }> | string; dept: string }): LiveRights {
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Array<{ id: string; alias: string }>) : row.roles;
  const state = !row.token_live ? 'revoked' : !row.user_ok ? 'disabled' : roles.length === 0 ? 'noRole' : 'live';
  return { state, roleIds: roles.map((r) => r.id), roleAliases: roles.map((r) => r.alias), deptId: row.dept };
}
