import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { menuSessionEndpoints } from '@zoo/contract';
import { allMenus, MENU_CACHE, sessionGrants, type Grants } from '../../../platform/access/menu-access';
import { blankNulls, PreSerialized } from '../../../platform/http/envelope';
import { route } from '../../../platform/http/route';
import type { Cache } from '../../../platform/cache';
import { buildForest, toMenuNode, withAncestors } from './menu.tree';
import { bladeTopMenu, bladeTopMenuSetting } from '../topmenu/topmenu.tables';

export { MENU_CACHE };

/**
 * The serialized tree of a session's menus or buttons, validated once when built. Kept beside the session's grants
 * (cleared with them whenever grants, menus, roles or packages change: migration 0024), so a warm call costs no
 * statement and no tree work; a tree narrowed to a top menu is kept per set of visible ids under the menu prefix.
 */
async function cachedTree(
  cache: Cache,
  kind: string,
  grants: Grants,
  ids: Iterable<string> | null,
  schema: z.ZodType,
  build: () => unknown,
): Promise<PreSerialized> {
  const key =
    ids || !grants.key
      ? `${MENU_CACHE}tree:${kind}:${createHash('sha1')
          .update([...(ids ?? grants.ids)].sort().join(','))
          .digest('base64url')}`
      : `${grants.key}|tree:${kind}`;
  return cache.get(key, 300_000, async () => new PreSerialized(JSON.stringify(schema.parse(blankNulls(build())))));
}

export function menuSessionRoutes(app: FastifyInstance): void {
  route(app, menuSessionEndpoints.routes, async ({ db, session, query }) => {
    const grants = await sessionGrants(app.zoo.cache, db, session);
    const all = await allMenus(app.zoo.cache, db);
    const routesOf = (visible: Set<string>) => () => buildForest(all.filter((m) => m.category === 1 && visible.has(m.id)).map(toMenuNode));
    if (!query.topMenuId)
      return (await cachedTree(app.zoo.cache, 'routes', grants, null, menuSessionEndpoints.routes.data, () =>
        routesOf(withAncestors(all, grants.ids))(),
      )) as never;
    const bound = await db.select({ id: bladeTopMenuSetting.menuId }).from(bladeTopMenuSetting).where(eq(bladeTopMenuSetting.topMenuId, query.topMenuId));
    const boundSet = withAncestors(all, new Set(bound.map((b) => b.id)));
    const visible = new Set([...withAncestors(all, grants.ids)].filter((id) => boundSet.has(id)));
    return (await cachedTree(app.zoo.cache, 'routes', grants, visible, menuSessionEndpoints.routes.data, routesOf(visible))) as never;
  });

  route(app, menuSessionEndpoints.buttons, async ({ db, session }) => {
    const grants = await sessionGrants(app.zoo.cache, db, session);
    const granted = grants.ids;
    const all = await allMenus(app.zoo.cache, db);
    const tree = cachedTree(app.zoo.cache, 'buttons', grants, null, menuSessionEndpoints.buttons.data, () => {
      const buttons = all.filter((m) => m.category === 2 && granted.has(m.id));
      const parents = new Set(buttons.map((b) => b.parentId));
      const nodes = all.filter((m) => parents.has(m.id)).map((m) => ({ ...toMenuNode(m), parentId: '0' }));
      return buildForest([...nodes, ...buttons.map(toMenuNode)]);
    });
    return (await tree) as never;
  });

  route(app, menuSessionEndpoints.topMenu, async ({ db }) => {
    const rows = await db
      .select()
      .from(bladeTopMenu)
      .where(and(eq(bladeTopMenu.isDeleted, 0)))
      .orderBy(bladeTopMenu.sort);
    return rows.map((t) => ({ id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort, tenantId: t.tenantId }));
  });
}
