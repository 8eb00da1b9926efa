import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { topmenu, topmenuEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { GRANT_BEYOND_OWN, grantableMenuIds } from '../../../platform/access/menu-access';
import { bladeTopMenu, bladeTopMenuSetting } from './topmenu.tables';

export function topmenuRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeTopMenu,
    def: topmenu,
    beforeRemove: async (ids, { db }) => {
      await db.delete(bladeTopMenuSetting).where(inArray(bladeTopMenuSetting.topMenuId, ids));
    },
    defaultOrder: (c) => [asc(c.sort!), asc(c.id!)],
  });

  /** Binds menus to top menus (replacing their bindings); only menus the caller itself may use. */
  route(app, topmenuEndpoints.grant, async ({ db, session, body }) => {
    const topIds = [...new Set(body.topMenuIds)];
    const tops = await db
      .select({ id: bladeTopMenu.id })
      .from(bladeTopMenu)
      .where(and(inArray(bladeTopMenu.id, topIds), eq(bladeTopMenu.isDeleted, 0)));
    if (tops.length !== topIds.length) throw new BizError('顶部菜单不存在或已被删除');
    const { all, ids } = await grantableMenuIds(app.zoo.cache, db, session);
    const menuIds = [...new Set(body.menuIds)];
    const known = new Set(all.map((m) => m.id));
    const unknown = menuIds.filter((m) => !known.has(m));
    if (unknown.length) throw new BizError(`菜单不存在或已被删除: ${unknown.join(',')}`);
    if (menuIds.some((m) => !ids.has(m))) throw new BizError(GRANT_BEYOND_OWN, 403);
    await db.delete(bladeTopMenuSetting).where(inArray(bladeTopMenuSetting.topMenuId, topIds));
    const rows = topIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ topMenuId, menuId })));
    if (rows.length) await db.insert(bladeTopMenuSetting).values(rows);
    return {};
  });
}
