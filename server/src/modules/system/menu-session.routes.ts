import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { menuSessionEndpoints } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { packageMenuIds } from '../../platform/menu-access';
import { route } from '../../platform/route';
import { isAdministrator, type Session } from '../../platform/session';
import { bladeRoleMenu } from '../iam/iam.tables';
import { buildForest, toMenuNode, withAncestors, type MenuRow } from './menu.tree';
import { bladeMenu, bladeTopMenu, bladeTopMenuSetting } from './system.tables';

export const MENU_CACHE = 'menu:';

export async function allMenus(app: FastifyInstance, tx: Tx): Promise<MenuRow[]> {
  return app.zoo.cache.get(`${MENU_CACHE}all`, 300_000, () => tx.select().from(bladeMenu).where(eq(bladeMenu.isDeleted, 0)));
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
  return new Set(ids);
}

export function menuSessionRoutes(app: FastifyInstance): void {
  route(app, menuSessionEndpoints.routes, async ({ db, session, query }) => {
    const all = await allMenus(app, db);
    let visible = withAncestors(all, await grantedMenuIds(db, session, all));
    if (query.topMenuId) {
      const bound = await db
        .select({ id: bladeTopMenuSetting.menuId })
        .from(bladeTopMenuSetting)
        .where(eq(bladeTopMenuSetting.topMenuId, query.topMenuId));
      const boundSet = withAncestors(all, new Set(bound.map((b) => b.id)));
      visible = new Set([...visible].filter((id) => boundSet.has(id)));
    }
    return buildForest(all.filter((m) => m.category === 1 && visible.has(m.id)).map(toMenuNode));
  });

  route(app, menuSessionEndpoints.buttons, async ({ db, session }) => {
    const all = await allMenus(app, db);
    const granted = await grantedMenuIds(db, session, all);
    const buttons = all.filter((m) => m.category === 2 && granted.has(m.id));
    const parents = new Set(buttons.map((b) => b.parentId));
    const nodes = all.filter((m) => parents.has(m.id)).map((m) => ({ ...toMenuNode(m), parentId: '0' }));
    const byParent = buildForest([...nodes, ...buttons.map(toMenuNode)]);
    return byParent;
  });

  route(app, menuSessionEndpoints.topMenu, async ({ db }) => {
    const rows = await db.select().from(bladeTopMenu).where(and(eq(bladeTopMenu.isDeleted, 0))).orderBy(bladeTopMenu.sort);
    return rows.map((t) => ({ id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort, tenantId: t.tenantId }));
  });
}
