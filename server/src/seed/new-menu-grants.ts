import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';

/**
 * Menus added after zoos were created, which every zoo's administrator role (`admin`) should hold: 许可证管理
 * (decision 0040). A zoo's administrator holds every zoo screen; a menu the seed adds later would otherwise stay
 * out of reach until someone granted it by hand. Granted once — when the seed first creates the menu — so a zoo
 * that later takes it away from its role keeps it away.
 */
const GRANTED_ON_CREATION = ['permit'];

/** Which of those menus do not exist yet (call before the seed writes the menu tree). */
export async function missingMenus(database: Database): Promise<string[]> {
  return inTenant(database.db, { tenantId: '000000', audit: false }, async (tx) => {
    const rs = await rowsOf<{ code: string }>(
      tx,
      sql`select code from blade_menu where is_deleted = 0 and code = any(string_to_array(${GRANTED_ON_CREATION.join(',')}, ','))`,
    );
    return GRANTED_ON_CREATION.filter((c) => !rs.some((r) => r.code === c));
  });
}

/** Grants the menus (and their buttons) to every zoo's `admin` role, across tenants (as the owner). */
export async function grantToZooAdmins(database: Database, codes: string[]): Promise<void> {
  if (!codes.length) return;
  await inTenant(database.db, { tenantId: '000000', allTenants: true, audit: false }, async (tx) => {
    await tx.execute(sql`
      insert into blade_role_menu (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m
       where r.role_alias = 'admin' and r.is_deleted = 0 and r.tenant_id <> '000000' and m.is_deleted = 0
         and (m.code = any(string_to_array(${codes.join(',')}, ',')) or m.parent_id in (select id from blade_menu where code = any(string_to_array(${codes.join(',')}, ',')) and is_deleted = 0))
         and not exists (select 1 from blade_role_menu x where x.role_id = r.id and x.menu_id = m.id)`);
  });
}
