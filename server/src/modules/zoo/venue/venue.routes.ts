import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { venue, venueContacts, venueEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { cageCountOf, parkOf, venueOf } from '../shared/lookups';
import { venueNodes } from '../park/park.tree';
import { zooVenueContacts } from '../place-people.tables';
import { zooCage, zooPark, zooVenue } from '../zoo.tables';

const v = zooVenue;
const vc = zooVenueContacts;

export function venueRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: v,
    def: venue,
    defaultOrder: () => [asc(v.sort), asc(v.id)],
    toRecord: async (row, ctx) => ({ ...row, parkName: (await parkOf(ctx)(row.parkId))?.parkName, cageCount: (await cageCountOf(ctx)(row.id)) ?? 0 }),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooPark, input.parkId, '所选园区不存在');
      await refuseDuplicate(db, v, and(eq(v.parkId, input.parkId), eq(v.venueName, input.venueName))!, existing, `该园区下已存在场馆「${input.venueName}」`);
    },
    beforeRemove: async (ids, { db }) => {
      const [used] = await db
        .select({ venueName: v.venueName })
        .from(zooCage)
        .innerJoin(v, eq(v.id, zooCage.venueId))
        .where(and(inArray(zooCage.venueId, ids), eq(zooCage.isDeleted, 0)))
        .limit(1);
      if (used) throw new BizError(`场馆「${used.venueName}」下还有笼舍,请先删除或迁移笼舍后再删除场馆`);
      // Contacts belong to their venue and go with it.
      await db
        .update(vc)
        .set({ isDeleted: 1 })
        .where(and(inArray(vc.venueId, ids), eq(vc.isDeleted, 0)));
    },
  });

  route(app, venueEndpoints.tree, async ({ db, query }) => venueNodes(db, query.parkId));

  resourceRoutes(app, {
    table: vc,
    def: venueContacts,
    defaultOrder: () => [asc(vc.sort), asc(vc.id)],
    toRecord: async (row, ctx) => ({ ...row, venueName: (await venueOf(ctx)(row.venueId))?.venueName }),
    beforeSave: async (input, { db }) => void (await mustExist(db, v, input.venueId, '所选场馆不存在')),
  });
}
