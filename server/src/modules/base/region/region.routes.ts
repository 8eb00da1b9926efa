import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { regionEndpoints, REGION_PERMS } from '@zoo/contract';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { mapFilters } from '../../../platform/resource/list-filter';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { checkAccess } from '../../../platform/access/permissions';
import { route } from '../../../platform/http/route';
import { childrenOf, findRegion, hasChildren, regionVOs, saveRegion } from './region.service';
import { bladeRegion } from './region.tables';

const SEARCH_HITS = 200;
/** Writes of the platform-wide region table: the platform tenant only. */
export const PLATFORM_WRITE = { platformOnly: true };

/** Administrative regions (not tenant-scoped): lazy tree for pickers, paged list, and code-keyed CRUD. */
export function regionRoutes(app: FastifyInstance): void {
  route(app, regionEndpoints.lazyTree, async ({ db, query }) =>
    (await childrenOf(db, query.parentCode)).map((r) => ({
      id: r.code,
      parentId: r.parentCode,
      title: r.name,
      value: r.code,
      key: r.code,
      hasChildren: r.hasChildren,
    })),
  );

  /** One level under `parentCode`; a search by code or name answers its hits from every level instead. */
  route(app, regionEndpoints.lazyList, async ({ db, query }) => {
    const searching = Boolean(query.code?.trim() || query.name?.trim());
    const rows = await db
      .select({ region: bladeRegion, hasChildren })
      .from(bladeRegion)
      .where(
        and(
          searching ? undefined : eq(bladeRegion.parentCode, query.parentCode),
          ...mapFilters(bladeRegion, { code: query.code, name: query.name }, ['code', 'name']),
        ),
      )
      .orderBy(asc(bladeRegion.code))
      // A search is a lookup, not a listing: the first hits by code are enough to narrow it down.
      .limit(searching ? SEARCH_HITS : 100_000);
    return regionVOs(
      db,
      rows.map((r) => ({ ...r.region, hasChildren: r.hasChildren })),
    );
  });

  route(app, regionEndpoints.list, async ({ db, query }) => {
    const where = and(
      // code and name are searched (LIKE); the parent is a structural filter (equality).
      ...mapFilters(bladeRegion, { code: query.code, name: query.name, parentCode_equal: query.parentCode }, ['code', 'name', 'parentCode']),
      query.regionLevel === undefined ? undefined : eq(bladeRegion.regionLevel, query.regionLevel),
    );
    const { rows, total } = await selectPage(db, bladeRegion, where, [asc(bladeRegion.code)], query);
    return pageOf(rows, total, query);
  });

  route(app, regionEndpoints.detail, async ({ db, query }) => {
    const [row] = await db.select({ region: bladeRegion, hasChildren }).from(bladeRegion).where(eq(bladeRegion.code, query.code));
    if (!row) throw new BizError(NOT_FOUND);
    return (await regionVOs(db, [{ ...row.region, hasChildren: row.hasChildren }]))[0]!;
  });

  route(app, regionEndpoints.select, async ({ db, query }) => (await childrenOf(db, query.code)).map(({ hasChildren: _, ...r }) => r));

  // Regions are platform-wide (no tenant column): only the platform tenant writes them, whatever buttons a
  // tenant role was given. Adding needs region_add, changing an existing code region_edit (read on the raw body,
  // so a caller without the button gets 403, not a field message).
  route(
    app,
    regionEndpoints.submit,
    async ({ db, body }) => {
      await saveRegion(db, body, await findRegion(db, body.code));
      return {};
    },
    {
      platformOnly: true,
      accessDoc: `perm:${REGION_PERMS.add}|${REGION_PERMS.edit}`,
      authorize: async ({ db, session, req }) => {
        const code = (req.body as { code?: unknown } | undefined)?.code;
        const existing = typeof code === 'string' && code ? await findRegion(db, code) : undefined;
        await checkAccess(app.zoo.cache, db, session, { perm: existing ? REGION_PERMS.edit : REGION_PERMS.add });
      },
    },
  );

  route(
    app,
    regionEndpoints.remove,
    async ({ db, query }) => {
      if (!(await findRegion(db, query.id))) throw new BizError(NOT_FOUND);
      const [child] = await db.select({ code: bladeRegion.code }).from(bladeRegion).where(eq(bladeRegion.parentCode, query.id)).limit(1);
      if (child) throw new BizError('请先删除子节点!');
      await db.delete(bladeRegion).where(eq(bladeRegion.code, query.id));
      return {};
    },
    PLATFORM_WRITE,
  );
}
