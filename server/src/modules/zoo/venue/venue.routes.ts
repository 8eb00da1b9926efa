import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { venue, venueContacts, venueEndpoints } from '@zoo/contract';
import { crudRoutes } from '../../../platform/crud-routes';
import { BizError } from '../../../platform/errors';
import { route } from '../../../platform/route';
import { anyLive, mustExist } from '../shared/guards';
import { cageCountOf, parkOf, venueOf } from '../shared/lookups';
import { venueNodes } from '../park/park.tree';
import { zooCage, zooPark, zooVenue, zooVenueContacts } from '../zoo.tables';
import { baseOut, blank } from '../shared/record-base';

const v = zooVenue;
const vc = zooVenueContacts;
const audit = (userId: string) => ({ updateTime: sql`localtimestamp(0)`, updateUser: userId });

export function venueRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: v,
    def: venue,
    defaultOrder: () => [asc(v.sort), asc(v.id)],
    toRecord: async (row, ctx) => ({
      ...baseOut(row),
      area: blank(row.area),
      parkName: (await parkOf(ctx)(row.parkId))?.parkName ?? '',
      cageCount: (await cageCountOf(ctx)(row.id)) ?? 0,
    }),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooPark, input.parkId, '所选园区不存在');
      if (await anyLive(db, v, and(eq(v.parkId, input.parkId), eq(v.venueName, input.venueName), existing ? ne(v.id, existing.id) : undefined)))
        throw new BizError(`该园区下已存在场馆「${input.venueName}」`);
      return { parkId: input.parkId, venueName: input.venueName, area: input.area ?? null, sort: input.sort ?? 0, remark: input.remark ?? '' };
    },
    beforeRemove: async (ids, { db, session }) => {
      const [used] = await db
        .select({ venueName: v.venueName })
        .from(zooCage)
        .innerJoin(v, eq(v.id, zooCage.venueId))
        .where(and(inArray(zooCage.venueId, ids), eq(zooCage.isDeleted, 0)))
        .limit(1);
      if (used) throw new BizError(`场馆「${used.venueName}」下还有笼舍,请先删除或迁移笼舍后再删除场馆`);
      // Contacts belong to their venue and go with it.
      await db.update(vc).set({ isDeleted: 1, ...audit(session.userId) }).where(and(inArray(vc.venueId, ids), eq(vc.isDeleted, 0)));
    },
  });

  route(app, venueEndpoints.tree, async ({ db, query }) => venueNodes(db, query.parkId));

  crudRoutes(app, {
    table: vc,
    def: venueContacts,
    defaultOrder: () => [asc(vc.sort), asc(vc.id)],
    toRecord: async (row, ctx) => ({
      ...baseOut(row),
      venueName: (await venueOf(ctx)(row.venueId))?.venueName ?? '',
    }),
    beforeSave: async (input, { db }) => {
      await mustExist(db, v, input.venueId, '所选场馆不存在');
      return { venueId: input.venueId, contactName: input.contactName, phone: input.phone, position: input.position ?? '', sort: input.sort ?? 0, remark: input.remark ?? '' };
    },
  });
}
