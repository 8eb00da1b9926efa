import type pg from 'pg';
import { hashPlain } from '../src/platform/auth/password';

/** Inserts a tenant (if new), a role and a user directly, as the database owner. Returns the ids. */
export async function createTenantUser(
  sql: pg.Client,
  o: { tenantId: string; account: string; password?: string; roleAlias?: string | null; expireTime?: string; tenantName?: string },
): Promise<{ userId: string; roleId: string }> {
  await sql.query(`insert into blade_tenant (tenant_id, tenant_name, expire_time) values ($1, $2, $3) on conflict (tenant_id) do nothing`, [
    o.tenantId,
    o.tenantName ?? `租户${o.tenantId}`,
    o.expireTime ?? null,
  ]);
  let roleId = '';
  if (o.roleAlias !== null) {
    const r = await sql.query(`insert into blade_role (tenant_id, role_name, role_alias) values ($1, $2, $3) returning id::text`, [
      o.tenantId,
      o.roleAlias ?? 'admin',
      o.roleAlias ?? 'admin',
    ]);
    roleId = r.rows[0].id;
  }
  const u = await sql.query(
    `insert into blade_user (tenant_id, account, password, name, real_name, role_id) values ($1, $2, $3, $2, $2, $4) returning id::text`,
    [o.tenantId, o.account, await hashPlain(o.password ?? 'secret1'), roleId],
  );
  return { userId: u.rows[0].id, roleId };
}
