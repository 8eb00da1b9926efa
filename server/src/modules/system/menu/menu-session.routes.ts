import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { menuSessionEndpoints } from '@zoo/contract';
import { allMenus, grantedMenuIds, MENU_CACHE } from '../../../platform/access/menu-access';
import { route } from '../../../platform/http/route';
import { buildForest, toMenuNode, withAncestors } from './menu.tree';
import { bladeTopMenu, bladeTopMenuSetting } from '../topmenu/topmenu.tables';

export { MENU_CACHE };

export function menuSessionRoutes(app: FastifyInstance): void {
  route(app, menuSessionEndpoints.routes, async ({ db, session, query }) => {
    const all = await allMenus(app.zoo.cache, db);
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
    const all = await allMenus(app.zoo.cache, db);
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
