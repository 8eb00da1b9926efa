import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { menuSessionEndpoints } from '@zoo/contract';
import { allMenus, MENU_CACHE, sessionGrants } from '../../../platform/access/menu-access';
import { blankNulls, PreSerialized } from '../../../platform/http/envelope';
import { route } from '../../../platform/http/route';
import type { Cache } from '../../../platform/cache';
import { buildForest, toMenuNode, withAncestors } from './menu.tree';
import { bladeTopMenu, bladeTopMenuSetting } from '../topmenu/topmenu.tables';

export { MENU_CACHE };

/**
 * The serialized tree for one set of visible menu ids (from the session's grants, platform/access/menu-access.ts),
 * kept under the menu prefix every menu write clears. Validated once, when built.
 */
async function cachedTree(cache: Cache, kind: string, ids: Iterable<string>, schema: z.ZodType, build: () => unknown): Promise<PreSerialized> {
  const digest = createHash('sha1').update([...ids].sort().join(',')).digest('base64url');
  const json = await cache.get(`${MENU_CACHE}tree:${kind}:${digest}`, 300_000, async () => JSON.stringify(schema.parse(blankNulls(build()))));
  return new PreSerialized(json);
}

export function menuSessionRoutes(app: FastifyInstance): void {
  route(app, menuSessionEndpoints.routes, async ({ db, session, query }) => {
    const all = await allMenus(app.zoo.cache, db);
    let visible = withAncestors(all, (await sessionGrants(app.zoo.cache, db, session)).ids);
    if (query.topMenuId) {
      const bound = await db
        .select({ id: bladeTopMenuSetting.menuId })
        .from(bladeTopMenuSetting)
        .where(eq(bladeTopMenuSetting.topMenuId, query.topMenuId));
      const boundSet = withAncestors(all, new Set(bound.map((b) => b.id)));
      visible = new Set([...visible].filter((id) => boundSet.has(id)));
    }
    const tree = cachedTree(app.zoo.cache, 'routes', visible, menuSessionEndpoints.routes.data, () =>
      buildForest(all.filter((m) => m.category === 1 && visible.has(m.id)).map(toMenuNode)),
    );
    return (await tree) as never;
  });

  route(app, menuSessionEndpoints.buttons, async ({ db, session }) => {
    const all = await allMenus(app.zoo.cache, db);
    const granted = (await sessionGrants(app.zoo.cache, db, session)).ids;
    const tree = cachedTree(app.zoo.cache, 'buttons', granted, menuSessionEndpoints.buttons.data, () => {
      const buttons = all.filter((m) => m.category === 2 && granted.has(m.id));
      const parents = new Set(buttons.map((b) => b.parentId));
      const nodes = all.filter((m) => parents.has(m.id)).map((m) => ({ ...toMenuNode(m), parentId: '0' }));
      return buildForest([...nodes, ...buttons.map(toMenuNode)]);
    });
    return (await tree) as never;
  });

  route(app, menuSessionEndpoints.topMenu, async ({ db }) => {
    const rows = await db.select().from(bladeTopMenu).where(and(eq(bladeTopMenu.isDeleted, 0))).orderBy(bladeTopMenu.sort);
    return rows.map((t) => ({ id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort, tenantId: t.tenantId }));
  });
}
