import type { FastifyInstance } from 'fastify';
import { menuEndpoints } from '@zoo/contract';
import { allMenus, grantableMenuIds, type MenuRow } from '../../../platform/access/menu-access';
import { route } from '../../../platform/http/route';
import { isAdministrator } from '../../../platform/auth/session';
import { buildForest, nodeForest } from '../../../platform/resource/tree';
import { menuRecord } from './menu.tree';

interface MenuFilters {
  name?: string;
  code?: string;
  alias?: string;
}

const contains = (v: string, q: string | undefined) => !q || v.toLowerCase().includes(q.toLowerCase());
const matches = (m: MenuRow, f: MenuFilters) => contains(m.name, f.name) && contains(m.code, f.code) && contains(m.alias, f.alias);
const searching = (f: MenuFilters) => Boolean(f.name || f.code || f.alias);

/**
 * Children of `parentId` with `hasChildren` (a search by name/code/alias looks through every level instead).
 * Reads the cached menu tree: menus are few and platform-wide.
 */
function lazy(rows: MenuRow[], parentId: string, f: MenuFilters) {
  const parents = new Set(rows.map((m) => m.parentId));
  const hits = searching(f) ? rows.filter((m) => matches(m, f)) : rows.filter((m) => m.parentId === parentId);
  return hits.sort((a, b) => a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : 1)).map((m) => ({ ...menuRecord(m), hasChildren: parents.has(m.id) }));
}

export function menuListRoutes(app: FastifyInstance): void {
  route(app, menuEndpoints.lazyList, async ({ db, query }) => lazy(await allMenus(app.zoo.cache, db), query.parentId, query));

  route(app, menuEndpoints.lazyMenuList, async ({ db, query }) =>
    lazy(
      (await allMenus(app.zoo.cache, db)).filter((m) => m.category === 1),
      query.parentId,
      query,
    ),
  );

  route(app, menuEndpoints.menuList, async ({ db, query }) => {
    const rows = (await allMenus(app.zoo.cache, db)).filter((m) => m.category === 1 && matches(m, query));
    return buildForest(rows.map(menuRecord));
  });

  /** Category-1 menus: all of them for the administrator, else those the caller holds (with their parents). */
  route(app, menuEndpoints.tree, async ({ db, session }) => {
    const { all, ids } = await grantableMenuIds(app.zoo.cache, db, session);
    const rows = all.filter((m) => m.category === 1 && (isAdministrator(session) || ids.has(m.id)));
    return nodeForest(rows.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, sort: m.sort })));
  });
}
