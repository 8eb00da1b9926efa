import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { zooTenantEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { pageOf } from '../../../platform/resource/paging';
import { route } from '../../../platform/http/route';
import { PLATFORM_TENANT } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeTenant } from '../../../platform/tenancy/tenancy.tables';
import { containing } from '../../../platform/resource/like';
import { requirePlatformAdmin } from '../shared/guards';
import { licenceStateSql } from '../shared/licence';
import { stockRows } from '../shared/stock';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';
import { setLicenceScope } from './licence-scope';
import { copyTenant } from './tenant-copy';

const ts = zooTenantSpecies;
const sp = zooSpecies;

/** Inside asTenant(tenantId): the zoo's own tenant row (row-level security shows only it). */
async function zooName(db: Tx, tenantId: string): Promise<string> {
  const [t] = await db.select({ name: bladeTenant.tenantName }).from(bladeTenant).where(eq(bladeTenant.isDeleted, 0));
  if (!t) throw new BizError(`租户 ${tenantId} 不存在`);
  return t.name;
}

export function zooTenantRoutes(app: FastifyInstance): void {
  const ep = zooTenantEndpoints;

  route(app, ep.authSpeciesList, async ({ db, session, query }) => {
    requirePlatformAdmin(session);
    return asTenant(db, query.tenantId, async () => {
      await zooName(db, query.tenantId);
      const rows = await db
        .select({ ts, sp: { speciesName: sp.speciesName, latinName: sp.latinName }, state: licenceStateSql })
        .from(ts)
        .innerJoin(sp, eq(sp.id, ts.speciesId))
        .where(eq(ts.isDeleted, 0))
        .orderBy(asc(sp.id));
      return rows.map((r) => ({
        id: r.ts.id,
        speciesId: r.ts.speciesId,
        speciesName: r.sp.speciesName,
        latinName: r.sp.latinName,
        licenceNo: r.ts.licenceNo,
        issuingAuthority: r.ts.issuingAuthority,
        validFrom: r.ts.validFrom,
        validTo: r.ts.validTo,
        approvedQuantity: r.ts.approvedQuantity,
        licenceState: r.state,
      }));
    });
  });

  route(app, ep.authSpecies, async ({ db, session, body }) => {
    requirePlatformAdmin(session);
    if (body.tenantId === PLATFORM_TENANT) throw new BizError('管理租户不饲养动物,不能授权物种');
    const ids = body.species.map((s) => s.speciesId);
    if (new Set(ids).size !== ids.length) throw new BizError('同一物种不能重复授权');
    if (ids.length) {
      const known = await db
        .select({ id: sp.id })
        .from(sp)
        .where(and(inArray(sp.id, ids), eq(sp.isDeleted, 0)));
      const missing = ids.filter((id) => !known.some((k) => k.id === id));
      if (missing.length) throw new BizError(`物种不存在: ${missing.join(',')}`);
    }
    await asTenant(db, body.tenantId, async () => {
      await zooName(db, body.tenantId);
      await setLicenceScope(db, body.species);
    });
    return {};
  });

  route(app, ep.copy, async ({ db, session, body }) => {
    requirePlatformAdmin(session);
    return copyTenant(app, db, body);
  });

  /** Every zoo (tenant other than the platform's) with its licence scope size and stock; cross-tenant. */
  route(app, ep.zooList, async ({ db, session, query }) => {
    requirePlatformAdmin(session);
    const conds: Array<SQL | undefined> = [eq(bladeTenant.isDeleted, 0), sql`${bladeTenant.tenantId} <> ${PLATFORM_TENANT}`];
    if (query.tenantId) conds.push(ilike(bladeTenant.tenantId, containing(query.tenantId)));
    if (query.tenantName) conds.push(ilike(bladeTenant.tenantName, containing(query.tenantName)));
    const where = and(...conds);
    const [{ n }] = (await db.select({ n: count() }).from(bladeTenant).where(where)) as [{ n: number }];
    const tenants = Number(n)
      ? await db
          .select()
          .from(bladeTenant)
          .where(where)
          .orderBy(asc(bladeTenant.tenantId))
          .limit(query.size)
          .offset((query.current - 1) * query.size)
      : [];
    const licences = await db
      .select({ tenantId: ts.tenantId, n: count(), valid: sql<number>`count(*) filter (where ${licenceStateSql} = 'valid')` })
      .from(ts)
      .where(eq(ts.isDeleted, 0))
      .groupBy(ts.tenantId);
    const stock = await stockRows(db);
    const records = tenants.map((t) => {
      const lic = licences.find((l) => l.tenantId === t.tenantId);
      const mine = stock.filter((s) => s.tenantId === t.tenantId);
      return {
        id: t.id,
        tenantId: t.tenantId,
        tenantName: t.tenantName,
        linkman: t.linkman,
        contactNumber: t.contactNumber,
        address: t.address,
        expireTime: t.expireTime,
        speciesCount: Number(lic?.n ?? 0),
        validSpeciesCount: Number(lic?.valid ?? 0),
        animalCount: mine.reduce((a, s) => a + s.stock.individualCount, 0),
        populationQuantity: mine.reduce((a, s) => a + s.stock.populationQuantity, 0),
      };
    });
    return pageOf(records, Number(n), query);
  });
}
