import type { TestApp } from './harness';
import { createTenantUser } from './fixtures';

export interface TestUser {
  token: string;
  userId: string;
  roleId: string;
}

/** Grants the role the menus/buttons with these codes ('*' = every menu), as the database owner. */
export async function grantCodes(t: TestApp, tenantId: string, roleId: string, codes: string[]): Promise<void> {
  const all = codes.includes('*');
  await t.sql.query(
    `insert into blade_role_menu (tenant_id, role_id, menu_id)
     select $1, $2, id from blade_menu where is_deleted = 0 and ($4 or code = any($3)) on conflict do nothing`,
    [tenantId, roleId, codes, all],
  );
}

/**
 * A user (account ≤ 10 characters: it doubles as the real name) in `tenantId` with a fresh role (alias `alias`, default a plain role) holding the given menu/button
 * codes, optionally in departments; logged in.
 */
export async function userWith(
  t: TestApp,
  o: { tenantId: string; account: string; codes?: string[]; alias?: string; deptId?: string; password?: string },
): Promise<TestUser> {
  const password = o.password ?? 'pw';
  const { userId, roleId } = await createTenantUser(t.sql, { tenantId: o.tenantId, account: o.account, password, roleAlias: o.alias ?? `r_${o.account}` });
  if (o.codes?.length) await grantCodes(t, o.tenantId, roleId, o.codes);
  if (o.deptId) await t.sql.query('update blade_user set dept_id = $1 where id = $2', [o.deptId, userId]);
  return { token: await t.login(o.account, password, o.tenantId), userId, roleId };
}

/** A tenant administrator (alias `admin`) holding every menu. */
export const tenantAdmin = (t: TestApp, tenantId: string, account = `a${tenantId}`) => userWith(t, { tenantId, account, alias: 'admin', codes: ['*'] });

/** Flattens a tree list (children) into its rows (response bodies are untyped JSON). */
export function flat(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
}
