import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { park, parkEndpoints } from '@zoo/contract';
import { crudRoutes } from '../../../platform/crud-routes';
import { BizError } from '../../../platform/errors';
import { route } from '../../../platform/route';
import { isPlatformAdministrator } from '../../../platform/session';
import { asTenant } from '../../../platform/tenant-tx';
import { anyLive } from '../shared/guards';
import { venueCountOf } from '../shared/lookups';
import { zooPark, zooVenue } from '../zoo.tables';
import { parkForest } from './park.tree';
import { baseOut } from '../shared/record-base';

const p = zooPark;

export function parkRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: p,
    def: park,
    defaultOrder: () => [asc(p.sort), asc(p.id)],
    toRecord: async (row, ctx) => ({
      ...baseOut(row),
      venueCount: (await venueCountOf(ctx)(row.id)) ?? 0,
    }),
    beforeSave: async (input, { db }, existing) => {
      if (await anyLive(db, p, and(eq(p.parkName, input.parkName), existing ? ne(p.id, existing.id) : undefined)))
        throw new BizError(`园区名称「${input.parkName}」已存在`);
      return {
        parkName: input.parkName,
        address: input.address ?? '',
        linkman: input.linkman ?? '',
        contactNumber: input.contactNumber ?? '',
        sort: input.sort ?? 0,
        remark: input.remark ?? '',
      };
    },
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
