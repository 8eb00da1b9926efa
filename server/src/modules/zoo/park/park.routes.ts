import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { park, parkEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { isPlatformAdministrator } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { venueCountOf } from '../shared/lookups';
import { zooPark, zooVenue } from '../zoo.tables';
import { parkForest } from './park.tree';

const p = zooPark;

export function parkRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: p,
    def: park,
    defaultOrder: () => [asc(p.sort), asc(p.id)],
    toRecord: async (row, ctx) => ({ ...row, venueCount: (await venueCountOf(ctx)(row.id)) ?? 0 }),
    // zoo_park_name_uq makes a kept name unique already: an edit that keeps it reads nothing under the row's lock.
    beforeSave: (input, { db }, existing) =>
      refuseDuplicate(db, p, eq(p.parkName, input.parkName), existing, `园区名称「${input.parkName}」已存在`, existing?.parkName === input.parkName),
    beforeRemove: async (ids, { db }) => {
      const [used] = await db
        .select({ parkName: p.parkName })
        .from(zooVenue)
        .innerJoin(p, eq(p.id, zooVenue.parkId))
        .where(and(inArray(zooVenue.parkId, ids), eq(zooVenue.isDeleted, 0)))
        .limit(1);
      if (used) throw new BizError(`园区「${used.parkName}」下还有场馆,请先删除或迁移场馆后再删除园区`);
    },
  });

  /** The platform administrator may pick another zoo's parks (e.g. when configuring that zoo). */
  route(app, parkEndpoints.select, async ({ db, session, query }) => {
    const load = () => db.select({ id: p.id, parkName: p.parkName, tenantId: p.tenantId }).from(p).where(eq(p.isDeleted, 0)).orderBy(asc(p.sort), asc(p.id));
    const other = query.tenantId && query.tenantId !== session.tenantId && isPlatformAdministrator(session);
    return other ? asTenant(db, query.tenantId!, load) : load();
  });

  route(app, parkEndpoints.tree, async ({ db }) => parkForest(db, 'park'));
  route(app, parkEndpoints.treeVenue, async ({ db, query }) => parkForest(db, query.withCage === 'true' ? 'cage' : 'venue'));
}
