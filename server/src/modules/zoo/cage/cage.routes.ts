import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { cage, cageEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { cageOccupancyOf, venueOf } from '../shared/lookups';
import { zooCageBreeder } from '../place-people.tables';
import { zooAnimal, zooCage, zooPopulation, zooVenue } from '../zoo.tables';

const c = zooCage;
const liveCages = eq(c.isDeleted, 0);

/** Cages of a park, through their venue (cages carry no park column, so moving a venue needs no fix-up). */
const inPark = (parkId: string) => inArray(c.venueId, sql`(select id from zoo_venue where park_id = ${parkId} and is_deleted = 0)`);

const options = (db: Tx) =>
  db
    .select({ id: c.id, cageCode: c.cageCode, cageName: c.cageName, venueId: c.venueId, venueName: sql<string>`coalesce(${zooVenue.venueName}, '')` })
    .from(c)
    .leftJoin(zooVenue, eq(zooVenue.id, c.venueId));

export function cageRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: c,
    def: cage,
    defaultOrder: () => [asc(c.sort), asc(c.cageCode)],
    listScope: async (_ctx, { parkId }) => (parkId ? inPark(parkId) : undefined),
    toRecord: async (row, ctx) => {
      const [venue, occ] = await Promise.all([venueOf(ctx)(row.venueId), cageOccupancyOf(ctx)(row.id)]);
      return {
        ...row,
        venueName: venue?.venueName,
        parkId: venue?.parkId,
        parkName: venue?.parkName,
        animalCount: occ?.animalCount ?? 0,
        populationQuantity: occ?.populationQuantity ?? 0,
        openAlarms: occ?.openAlarms ?? 0,
      };
    },
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooVenue, input.venueId, '所选场馆不存在');
      await refuseDuplicate(db, c, eq(c.cageCode, input.cageCode), existing, `笼舍编号「${input.cageCode}」已存在`);
    },
    beforeRemove: async (ids, { db }) => {
      const [withAnimals] = await db
        .select({ code: c.cageCode })
        .from(zooAnimal)
        .innerJoin(c, eq(c.id, zooAnimal.cageId))
        .where(and(inArray(zooAnimal.cageId, ids), eq(zooAnimal.isDeleted, 0), eq(zooAnimal.status, 1)))
        .limit(1);
      if (withAnimals) throw new BizError(`笼舍「${withAnimals.code}」中还有在养个体,请先转移后再删除`);
      const [withPops] = await db
        .select({ code: c.cageCode })
        .from(zooPopulation)
        .innerJoin(c, eq(c.id, zooPopulation.cageId))
        .where(and(inArray(zooPopulation.cageId, ids), eq(zooPopulation.isDeleted, 0)))
        .limit(1);
      if (withPops) throw new BizError(`笼舍「${withPops.code}」中还有种群,请先转移或删除种群后再删除笼舍`);
      // Keeper assignments belong to the cage and go with it.
      await db
        .update(zooCageBreeder)
        .set({ isDeleted: 1 })
        .where(and(inArray(zooCageBreeder.cageId, ids), eq(zooCageBreeder.isDeleted, 0)));
    },
  });

  route(app, cageEndpoints.select, async ({ db, query }) =>
    options(db)
      .where(and(liveCages, query.venueId ? eq(c.venueId, query.venueId) : undefined, query.parkId ? inPark(query.parkId) : undefined))
      .orderBy(asc(c.sort), asc(c.cageCode)),
  );

  /** Cages holding the species now: an in-stock individual or a population of it. */
  route(app, cageEndpoints.species, async ({ db, query }) =>
    options(db)
      .where(
        and(
          liveCages,
          sql`(exists (select 1 from zoo_animal a where a.cage_id = ${c.id} and a.species_id = ${query.speciesId} and a.status = 1 and a.is_deleted = 0)
            or exists (select 1 from zoo_population p where p.cage_id = ${c.id} and p.species_id = ${query.speciesId} and p.is_deleted = 0))`,
        ),
      )
      .orderBy(asc(c.sort), asc(c.cageCode)),
  );
}
