import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { dict, dictBiz } from '@zoo/contract';
import { listDataScope } from '../../../platform/resource/resource-routes';
import { dictAll, type DictKind, type DictRow } from '../../../platform/dict/dict-cache';
import { mapFilters } from '../../../platform/resource/list-filter';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { route } from '../../../platform/http/route';
import { buildForest, nodeForest } from '../../../platform/resource/tree';
import { dictRecords } from './dict.records';

const FILTERS = ['code', 'dictValue'];

/** Parent list (roots, paged), child list (one dictionary's entries as a tree) and the TreeNode pickers. */
export function dictTreeRoutes(app: FastifyInstance, api: typeof dict | typeof dictBiz, kind: DictKind): void {
  const t = kind.table;
  const live = eq(t.isDeleted, 0);
  const nodes = (rows: DictRow[]) => nodeForest(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.dictValue, sort: r.sort })));

  route(app, api.extra.parentList, async (call) => {
    const q = call.query;
    const where = and(live, eq(t.parentId, '0'), await listDataScope(call, api.name), ...mapFilters(t, q, FILTERS));
    const { rows, total } = await selectPage(call.db, t, where, [asc(t.sort), asc(t.id)], q);
    return pageOf(await dictRecords(call.db, kind, rows as DictRow[]), total, q) as never;
  });

  /** The entries of the root `parentId` (same code), the root itself excluded; [] for a negative id. */
  route(app, api.extra.childList, async (call) => {
    const parentId = call.query.parentId ?? '-1';
    if (parentId.startsWith('-')) return [];
    const [root] = await call.db
      .select()
      .from(t)
      .where(and(live, eq(t.id, parentId)));
    if (!root) return [];
    const { code: _c, ...filters } = call.query;
    const rows = await call.db
      .select()
      .from(t)
      .where(and(live, eq(t.code, root.code), ne(t.id, root.id), await listDataScope(call, api.name), ...mapFilters(t, filters, FILTERS)));
    return buildForest(await dictRecords(call.db, kind, rows as DictRow[])) as never;
  });

  route(app, api.extra.tree, async ({ db, session }) => nodes(await dictAll(app.zoo.cache, db, kind, session.tenantId)));

  route(app, api.extra.parentTree, async ({ db, session }) =>
    nodes((await dictAll(app.zoo.cache, db, kind, session.tenantId)).filter((r) => r.parentId === '0')),
  );
}
