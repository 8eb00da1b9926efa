import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { zooSpeciesEndpoints } from '@zoo/contract';
import { aggregateAcrossTenants } from '../../../platform/tenancy/across-tenants';
import { BizError } from '../../../platform/http/errors';
import { mapFilters } from '../../../platform/resource/list-filter';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { route } from '../../../platform/http/route';
import { isPlatformAdministrator } from '../../../platform/auth/session';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { containing } from '../../../platform/resource/like';
import { columnValues } from '../../../platform/resource/column-values';
import { licenceStateSql } from '../shared/licence';
import { NO_STOCK } from '../shared/stock';
import { speciesRecord } from '../species/species.routes';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';
import { distribution, stockFor, toZooSpecies, zooSpeciesColumns } from './zoo-species.service';

const ts = zooTenantSpecies;
const sp = zooSpecies;
const LIBRARY_FILTERS = ['speciesName', 'latinName', 'protectionClass', 'citesAppendix'];

export function zooSpeciesRoutes(app: FastifyInstance): void {
  const ep = zooSpeciesEndpoints;

  route(app, ep.public, async ({ db, query }) => {
    const where = and(eq(sp.isDeleted, 0), ...mapFilters(sp, query, LIBRARY_FILTERS));
    const { rows, total } = await selectPage(db, sp, where, [asc(sp.id)], query);
    const mine = new Set((await db.select({ id: ts.speciesId }).from(ts).where(eq(ts.isDeleted, 0))).map((r) => r.id));
    const records = await Promise.all(rows.map(async (r) => ({ ...(await speciesRecord(app, db, r)), authorised: mine.has(r.id) })));
    return pageOf(records, total, query);
  });

  route(app, ep.list, async ({ db, query }) => {
    const conds: Array<SQL | undefined> = [eq(ts.isDeleted, 0)];
    if (query.speciesName) conds.push(ilike(sp.speciesName, containing(query.speciesName)));
    if (query.latinName) conds.push(ilike(sp.latinName, containing(query.latinName)));
    if (query.licenceState) conds.push(sql`${licenceStateSql} = ${query.licenceState}`);
    const where = and(...conds);
    const [{ n }] = (await db.select({ n: count() }).from(ts).innerJoin(sp, eq(sp.id, ts.speciesId)).where(where)) as [{ n: number }];
    const rows = Number(n)
      ? await db
          .select(zooSpeciesColumns)
          .from(ts)
          .innerJoin(sp, eq(sp.id, ts.speciesId))
          .where(where)
          .orderBy(asc(sp.id))
          .limit(query.size)
          .offset((query.current - 1) * query.size)
      : [];
    const stock = await stockFor(
      db,
      rows.map((r) => r.sp.id),
    );
    return pageOf(
      rows.map((r) => toZooSpecies(r, stock.get(r.sp.id))),
      Number(n),
      query,
    );
  });

  route(app, ep.select, async ({ db, query }) => {
    const rows = await db
      .select({
        id: sp.id,
        speciesName: sp.speciesName,
        latinName: sp.latinName,
        mode: sp.managementMode,
        override: ts.managementMode,
        licenceState: licenceStateSql,
      })
      .from(ts)
      .innerJoin(sp, eq(sp.id, ts.speciesId))
      .where(and(eq(ts.isDeleted, 0), query.all === 'true' ? undefined : sql`${licenceStateSql} = 'valid'`))
      .orderBy(asc(sp.id));
    return rows.map((r) => ({
      id: r.id,
      speciesName: r.speciesName,
      latinName: r.latinName,
      managementMode: r.override ?? r.mode,
      licenceState: r.licenceState,
    }));
  });

  route(app, ep.detail, async ({ db, query }) => {
    const [row] = await db
      .select(zooSpeciesColumns)
      .from(ts)
      .innerJoin(sp, eq(sp.id, ts.speciesId))
      .where(and(eq(ts.isDeleted, 0), query.id ? eq(ts.id, query.id) : eq(ts.speciesId, query.speciesId!)));
    if (!row) throw new BizError(NOT_FOUND);
    return toZooSpecies(row, (await stockFor(db, [row.sp.id])).get(row.sp.id));
  });

  route(app, ep.update, async ({ db, body }) => {
    const [row] = await db
      .select({ id: ts.id })
      .from(ts)
      .where(and(eq(ts.id, body.id), eq(ts.isDeleted, 0)));
    if (!row) throw new BizError(NOT_FOUND);
    const values = columnValues(ts, body, Object.keys(ep.update.body!.shape));
    if (Object.keys(values).length) await db.update(ts).set(values).where(eq(ts.id, body.id));
    return {};
  });

  /**
   * Distribution across zoos. The platform administrator's transaction is cross-tenant (descriptor) and gets
   * tenant ids and licence data; a zoo user gets zoo names with counts only, read in an aggregate-only scope.
   */
  route(app, ep.dist, async ({ db, query, session }) => {
    const [species] = await db
      .select({ id: sp.id, speciesName: sp.speciesName, latinName: sp.latinName })
      .from(sp)
      .where(and(eq(sp.id, query.id), eq(sp.isDeleted, 0)));
    if (!species) throw new BizError('物种不存在');
    const admin = isPlatformAdministrator(session);
    const zoos = admin
      ? await distribution(db, query.id)
      : (await aggregateAcrossTenants(db, (all) => distribution(all, query.id))).map(
          ({ tenantId: _t, licenceNo: _l, validTo: _v, licenceState: _s, ...counts }) => counts,
        );
    const total = { ...NO_STOCK };
    for (const z of zoos) for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += z[k];
    return { speciesId: species.id, speciesName: species.speciesName, latinName: species.latinName, zooCount: zoos.length, ...total, zoos };
  });
}
