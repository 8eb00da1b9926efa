import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Menu groups added by an upgrade, and who gets their new screens on an existing install (decisions 0038, 0040,
 * 0042, 0047, 0050). A tenant's roles get menus when the tenant is created (its package) or by hand in 角色管理, so a screen an
 * upgrade adds would reach nobody but the platform administrator. The menus of these groups that a seed run
 * creates are granted to each zoo's administrator role (`admin`, holding the 动物园管理 group), and, where the
 * group says so, to every role already holding the group (the 兽医 role keeps getting the medical screens). Only
 * menus created in that run: a grant an administrator removed later is not put back on the next start.
 */
const NEW_MENU_GROUPS: ReadonlyArray<{ code: string; holdersToo: boolean }> = [
  { code: 'vet', holdersToo: true },
  { code: 'breed', holdersToo: false },
  { code: 'permit', holdersToo: false },
  { code: 'quality', holdersToo: false },
  // 流程跟踪's 重试 button (decision 0050): whoever already holds the workflow screens.
  { code: 'flow', holdersToo: true },
  { code: 'diet', holdersToo: false },
];

/** Grants the menus `createdMenuIds` of the groups above to zoo roles, across tenants (an owner's transaction). */
export async function grantNewMenus(tx: Tx, createdMenuIds: string[]): Promise<void> {
  if (!createdMenuIds.length) return;
  const created = `{${createdMenuIds.join(',')}}`;
  for (const { code, holdersToo } of NEW_MENU_GROUPS)
    await tx.execute(sql`
      with recursive grp as (
        select id from blade_menu where code = ${code} and is_deleted = 0
        union all
        select m.id from blade_menu m join grp p on m.parent_id = p.id where m.is_deleted = 0
      ), fresh as (
        select id from grp where id = any(${created}::bigint[])
      )
      insert into blade_role_menu (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, f.id
        from blade_role r cross join fresh f
       where r.is_deleted = 0 and r.tenant_id <> '000000'
         and ((r.role_alias = 'admin' and exists (select 1 from blade_role_menu g join blade_menu z on z.id = g.menu_id
                                                    where g.role_id = r.id and z.code = 'zoo' and z.is_deleted = 0))
              or (${holdersToo} and exists (select 1 from blade_role_menu g join blade_menu v on v.id = g.menu_id
                                             where g.role_id = r.id and v.code = ${code} and v.is_deleted = 0)))
      on conflict do nothing`);
}
