import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Access } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { bladeMenu } from './access.tables';
import { bladeRoleMenu } from './access.tables';
import { BizError } from '../http/errors';
import { isAdmin, isAdministrator, isPlatformAdministrator, type Session } from '../auth/session';
import { packageMenuIds } from './menu-access';

export const DENIED = '权限不足,无法访问该资源';

/** Whether the session's roles were granted the button `code` (administrators hold every button). */
export async function hasButton(tx: Tx, s: Session, code: string): Promise<boolean> {
  if (isAdministrator(s)) return true;
  if (s.roleIds.length === 0) return false;
  const rows = await tx
    .select({ id: bladeMenu.id })
    .from(bladeRoleMenu)
    .innerJoin(bladeMenu, eq(bladeMenu.id, bladeRoleMenu.menuId))
    .where(
      and(
        inArray(bladeRoleMenu.roleId, s.roleIds),
        eq(bladeMenu.code, code),
        eq(bladeMenu.isDeleted, 0),
        sql`${bladeMenu.id} = any(${await packageFilter(tx)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Menu ids the tenant's package allows, as a SQL array; every menu when the tenant has no package. */
async function packageFilter(tx: Tx) {
  const ids = await packageMenuIds(tx);
  return ids === null ? sql`array(select id from blade_menu)` : sql`${`{${ids.join(',')}}`}::bigint[]`;
}

/**
 * `administrator` endpoints (tenants, packages, clients, menus…) act on the whole platform, so the role alias
 * alone is not enough: it must be held in the platform tenant 000000, not in a tenant that named a role so.
 */
export async function checkAccess(tx: Tx, s: Session, access: Access): Promise<void> {
  if (access === 'public' || access === 'login') return;
  const allowed =
    access === 'admin' ? isAdmin(s) : access === 'administrator' ? isPlatformAdministrator(s) : await hasButton(tx, s, access.perm);
  if (!allowed) throw new BizError(DENIED, 403);
}
