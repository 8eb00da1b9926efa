import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * New medical screens on an existing install (decision 0038). A tenant's roles get menus when the tenant is created
 * (its package) or by hand in 角色管理, so a screen added by an upgrade reached nobody but the platform
 * administrator. The medical menus (group `vet`) this seed run created are granted to each zoo's administrator
 * role (`admin`, holding the 动物园管理 group) and to every role already holding the 兽医管理 group. Only menus
 * created in this run: a grant an administrator removed later is not put back on the next start.
 */
export async function grantNewMedicalMenus(tx: Tx, createdMenuIds: string[]): Promise<void> {
  if (!createdMenuIds.length) return;
  await tx.execute(sql`
    with recursive medical as (
      select id from blade_menu where code = 'vet' and is_deleted = 0
      union all
      select m.id from blade_menu m join medical p on m.parent_id = p.id where m.is_deleted = 0
    ), fresh as (
      select id from medical where id = any(${`{${createdMenuIds.join(',')}}`}::bigint[])
    )
    insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, f.id
      from blade_role r cross join fresh f
     where r.is_deleted = 0 and r.tenant_id <> '000000'
       and ((r.role_alias = 'admin' and exists (select 1 from blade_role_menu g join blade_menu z on z.id = g.menu_id
                                                  where g.role_id = r.id and z.code = 'zoo' and z.is_deleted = 0))
            or exists (select 1 from blade_role_menu g join blade_menu v on v.id = g.menu_id
                        where g.role_id = r.id and v.code = 'vet' and v.is_deleted = 0))
    on conflict do nothing`);
}
