import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { menuEndpoints, type TreeNode } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { API_SCOPE_CATEGORY } from '../../../platform/access/api-scope';
import { DATA_SCOPE_CATEGORY } from '../../../platform/access/data-scope';
import { grantableMenuIds, withAncestors, type MenuRow } from '../../../platform/access/menu-access';
import { route } from '../../../platform/http/route';
import { nodeForest } from '../../../platform/resource/tree';
import { bladeRoleMenu, bladeRoleScope, bladeScopeApi, bladeScopeData } from '../../../platform/access/access.tables';
import { bladeTopMenuSetting } from '../topmenu/topmenu.tables';

const menuNodes = (rows: MenuRow[]) => rows.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, sort: m.sort }));

/** Scopes of the grantable menus, hung under their menus (and those menus' parents) as the grant dialog shows them. */
async function scopeTree(db: Tx, table: typeof bladeScopeData | typeof bladeScopeApi, all: MenuRow[], grantable: Set<string>): Promise<TreeNode[]> {
  const scopes = (await db.select().from(table).where(eq(table.isDeleted, 0))).filter((s) => grantable.has(s.menuId));
  const menus = withAncestors(all, new Set(scopes.map((s) => s.menuId)));
  return nodeForest([...menuNodes(all.filter((m) => menus.has(m.id))), ...scopes.map((s) => ({ id: s.id, parentId: s.menuId, title: s.scopeName, sort: 0 }))]);
}

export function menuGrantRoutes(app: FastifyInstance): void {
  /** What the caller may grant: everything for the administrator, else its own menus within the package. */
  route(app, menuEndpoints.grantTree, async ({ db, session }) => {
    const { all, ids } = await grantableMenuIds(app.zoo.cache, db, session);
    return {
      menu: nodeForest(menuNodes(all.filter((m) => ids.has(m.id)))),
      dataScope: await scopeTree(db, bladeScopeData, all, ids),
      apiScope: await scopeTree(db, bladeScopeApi, all, ids),
    };
  });

  route(app, menuEndpoints.roleTreeKeys, async ({ db, query }) => {
    const menus = await db.selectDistinct({ id: bladeRoleMenu.menuId }).from(bladeRoleMenu).where(inArray(bladeRoleMenu.roleId, query.roleIds));
    const scopes = await db
      .selectDistinct({ id: bladeRoleScope.scopeId, category: bladeRoleScope.scopeCategory })
      .from(bladeRoleScope)
      .where(inArray(bladeRoleScope.roleId, query.roleIds));
    const of = (c: number) => scopes.filter((s) => s.category === c).map((s) => s.id);
    return { menu: menus.map((m) => m.id), dataScope: of(DATA_SCOPE_CATEGORY), apiScope: of(API_SCOPE_CATEGORY) };
  });

  route(app, menuEndpoints.grantTopTree, async ({ db, session }) => {
    const { all, ids } = await grantableMenuIds(app.zoo.cache, db, session);
    return { menu: nodeForest(menuNodes(all.filter((m) => m.category === 1 && ids.has(m.id)))) };
  });

  route(app, menuEndpoints.topTreeKeys, async ({ db, query }) => {
    const rows = await db
      .selectDistinct({ id: bladeTopMenuSetting.menuId })
      .from(bladeTopMenuSetting)
      .where(and(inArray(bladeTopMenuSetting.topMenuId, query.topMenuIds)));
    return { menu: rows.map((r) => r.id) };
  });
}
