import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bladeMenu } from './access.tables';
import { bladeTenant, bladeTenantPackage } from '../tenancy/tenancy.tables';
import { bladeRoleMenu } from './access.tables';
import type { Cache } from '../cache';
import { isAdministrator, type Session } from '../auth/session';

export type MenuRow = typeof bladeMenu.$inferSelect;

export const GRANT_BEYOND_OWN = '无权授予超出自身权限的菜单或权限';

/** Cache prefix of menu reads; every menu write invalidates it. */
export const MENU_CACHE = 'menu:';

/**
 * The menu ids the current tenant's package allows, or null when the tenant has no package (all menus).
 * Row-level security limits the tenant lookup to the transaction's tenant.
 */
export async function packageMenuIds(tx: Tx): Promise<string[] | null> {
  const rows = await tx
    .select({ menuId: bladeTenantPackage.menuId })
    .from(bladeTenant)
    .innerJoin(bladeTenantPackage, eq(bladeTenantPackage.id, bladeTenant.packageId))
    .where(and(eq(bladeTenant.isDeleted, 0), eq(bladeTenant.tenantId, sql`current_setting('app.tenant_id')`)))
    .limit(1);
  if (rows.length === 0) return null;
  return rows[0]!.menuId.split(',').filter((x) => /^\d+$/.test(x));
}

/** Every live menu and button (platform-wide, cached). */
export async function allMenus(cache: Cache, tx: Tx): Promise<MenuRow[]> {
  return cache.get(`${MENU_CACHE}all`, 300_000, () => tx.select().from(bladeMenu).where(eq(bladeMenu.isDeleted, 0)));
}

/** What a set of roles may use in a tenant: menu and button ids, and the codes of those (buttons are checked by code). */
export interface Grants {
  ids: Set<string>;
  codes: Set<string>;
  /** The cache key they are kept under (what is built from them may be kept under it too), if kept. */
  key?: string;
}

/**
 * Cache prefix of grants per tenant and role set. Under the live prefix on purpose: the triggers of migration 0024
 * announce every change of role-menu grants, menus, roles and tenant packages with it, and the instance that
 * commits one clears it before answering, as for users and tokens (platform/auth/live-rights.ts).
 */
export const GRANTS_CACHE = 'live:grants:';

/**
 * The session's grants, kept per tenant and role set: a button check or a menu tree costs no statement while the
 * cache hears every instance. Without a listener (PGlite) they are read per call, as rights are.
 */
export async function sessionGrants(cache: Cache, tx: Tx, s: Session): Promise<Grants> {
  const load = async (): Promise<Grants> => {
    const all = await allMenus(cache, tx);
    const ids = await grantedMenuIds(tx, s, all);
    return { ids, codes: new Set(all.filter((m) => ids.has(m.id)).map((m) => m.code)) };
  };
  if (!cache.listening) return load();
  const key = `${GRANTS_CACHE}${s.tenantId}:${isAdministrator(s) ? 'administrator' : [...s.roleIds].sort().join(',')}`;
  return cache.get(key, 300_000, async () => ({ ...(await load()), key }));
}

/** Menu and button ids the session may use: its roles' grants within the tenant package; administrators all. */
export async function grantedMenuIds(tx: Tx, s: Session, all: MenuRow[]): Promise<Set<string>> {
  const pkg = await packageMenuIds(tx);
  let ids: string[];
  if (isAdministrator(s)) ids = all.map((m) => m.id);
  else if (s.roleIds.length === 0) ids = [];
  else {
    const rows = await tx.selectDistinct({ id: bladeRoleMenu.menuId }).from(bladeRoleMenu).where(inArray(bladeRoleMenu.roleId, s.roleIds));
    ids = rows.map((r) => r.id);
  }
  if (pkg) {
    const allowed = new Set(pkg);
    ids = ids.filter((i) => allowed.has(i));
  }
  const live = new Set(all.map((m) => m.id));
  return new Set(ids.filter((i) => live.has(i)));
}

/** Adds every ancestor of the chosen menus, so a granted leaf is reachable in the tree. */
export function withAncestors(all: MenuRow[], ids: Set<string>): Set<string> {
  const byId = new Map(all.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  return out;
}

/**
 * What the session may hand out (role grant, top-menu binding): its own usable menus plus their ancestors,
 * so nobody grants more than they hold and a tenant never exceeds its package.
 */
export async function grantableMenuIds(cache: Cache, tx: Tx, s: Session): Promise<{ all: MenuRow[]; ids: Set<string> }> {
  const all = await allMenus(cache, tx);
  return { all, ids: withAncestors(all, await grantedMenuIds(tx, s, all)) };
}
