import { containing } from '../../../platform/resource/like';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { deptEndpoints, isIdText } from '@zoo/contract';
import { listDataScope } from '../../../platform/resource/resource-routes';
import { forTenant } from '../../../platform/tenancy/for-tenant';
import { route } from '../../../platform/http/route';
import { nodeForest } from '../../../platform/resource/tree';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { deptRecords } from './dept.records';

const live = eq(bladeDept.isDeleted, 0);
const order = [asc(bladeDept.sort), asc(bladeDept.id)];
// Qualified by hand: drizzle renders a lone column unqualified, which the subquery would bind to `c`.
const hasChildren = sql<boolean>`exists (select 1 from blade_dept c where c.parent_id = "blade_dept"."id" and c.is_deleted = 0)`;

/** Lazy lists and the pickers other screens use (user form, login dept chooser). */
export function deptPickerRoutes(app: FastifyInstance): void {
  /** Children of `parentId`; a name filter searches every level instead (the table shows the hits). */
  route(app, deptEndpoints.lazyList, async (call) => {
    const { deptName, fullName, parentId } = call.query;
    const search = [
      deptName ? ilike(bladeDept.deptName, containing(deptName)) : undefined,
      fullName ? ilike(bladeDept.fullName, containing(fullName)) : undefined,
    ].filter(Boolean);
    const rows = await call.db
      .select({ row: bladeDept, hasChildren })
      .from(bladeDept)
      .where(and(live, await listDataScope(call, 'dept'), ...(search.length ? search : [eq(bladeDept.parentId, parentId)])))
      .orderBy(...order);
    const recs = await deptRecords(
      app.zoo.cache,
      call.db,
      rows.map((r) => r.row),
    );
    return recs.map((r, i) => ({ ...r, hasChildren: Boolean(rows[i]!.hasChildren) }));
  });

  route(app, deptEndpoints.tree, async (call) => {
    const rows = await forTenant(call, call.query.tenantId, () =>
      call.db
        .select()
        .from(bladeDept)
        .where(live)
        .orderBy(...order),
    );
    return nodeForest(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.deptName, sort: r.sort })));
  });

  route(app, deptEndpoints.lazyTree, async (call) => {
    const rows = await forTenant(call, call.query.tenantId, () =>
      call.db
        .select({ id: bladeDept.id, parentId: bladeDept.parentId, title: bladeDept.deptName, sort: bladeDept.sort, hasChildren })
        .from(bladeDept)
        .where(and(live, eq(bladeDept.parentId, call.query.parentId)))
        .orderBy(...order),
    );
    return nodeForest(rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren) })));
  });

  route(app, deptEndpoints.select, async ({ db, query }) => {
    let ids: string[] | undefined;
    if (query.userId) {
      const [u] = await db
        .select({ deptId: bladeUser.deptId })
        .from(bladeUser)
        .where(and(eq(bladeUser.id, query.userId), eq(bladeUser.isDeleted, 0)));
      ids = (u?.deptId ?? '').split(',');
    } else if (query.deptId) ids = query.deptId.split(',');
    ids = ids?.map((x) => x.trim()).filter((x) => isIdText(x));
    if (ids && ids.length === 0) return [];
    const rows = await db
      .select()
      .from(bladeDept)
      .where(and(live, ids ? inArray(bladeDept.id, ids) : undefined))
      .orderBy(...order);
    return deptRecords(app.zoo.cache, db, rows);
  });
}
