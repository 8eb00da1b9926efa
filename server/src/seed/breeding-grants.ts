import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * New 繁殖管理 screens on an existing install (decision 0042), the way decision 0038 brings the medical ones: the
 * menus of group `breed` this seed run created are granted to each zoo's administrator role (`admin`, holding the
 * 动物园管理 group). Only menus created in this run: a grant an administrator removed later is not put back.
 */
export async function grantNewBreedingMenus(tx: Tx, createdMenuIds: string[]): Promise<void> {
  if (!createdMenuIds.length) return;
  await tx.execute(sql`
    with recursive breeding as (
      select id from blade_menu where code = 'breed' and is_deleted = 0
      union all
      select m.id from blade_menu m join breeding p on m.parent_id = p.id where m.is_deleted = 0
    ), fresh as (
      select id from breeding where id = any(${`{${createdMenuIds.join(',')}}`}::bigint[])
    )
    insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, f.id
      from blade_role r cross join fresh f
     where r.is_deleted = 0 and r.tenant_id <> '000000' and r.role_alias = 'admin'
       and exists (select 1 from blade_role_menu g join blade_menu z on z.id = g.menu_id
                    where g.role_id = r.id and z.code = 'zoo' and z.is_deleted = 0)
    on conflict do nothing`);
}
