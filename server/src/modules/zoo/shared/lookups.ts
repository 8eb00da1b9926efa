import { and, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { reusable } from '../../../db/reusable';
import { batchLoader } from '../../../platform/resource/batch-loader';
import { cachedLookup } from '../../../platform/resource/lookup-cache';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { zooHumitureAlarm } from '../humiture/humiture.tables';
import { zooAnimal, zooCage, zooPark, zooPopulation, zooSpecies, zooVenue } from '../zoo.tables';

/** What record mappers need from the request: its transaction (tenant-limited) and a scope for batching. */
export interface LookupCtx {
  db: Tx;
  req: object;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

// Names are looked up without the is_deleted filter: a record keeps showing what it pointed at.

/** `col = any($ids)`: one array value, so a lookup's statement is the same text for any number of keys. */
const anyOf = (col: Column) => sql`${col} = any(${sql.placeholder('ids')})`;

// Built once (db/reusable.ts): every list page and detail runs them.
const speciesRows = reusable<{ id: string; speciesName: string; latinName: string; managementMode: number }>((db) =>
  db
    .select({ id: zooSpecies.id, speciesName: zooSpecies.speciesName, latinName: zooSpecies.latinName, managementMode: zooSpecies.managementMode })
    .from(zooSpecies)
    .where(anyOf(zooSpecies.id)),
);
const parkRows = reusable<{ id: string; parkName: string }>((db) => db.select({ id: zooPark.id, parkName: zooPark.parkName }).from(zooPark).where(anyOf(zooPark.id)));
const venueRows = reusable<{ id: string; venueName: string; parkId: string; parkName: string }>((db) =>
  db
    .select({ id: zooVenue.id, venueName: zooVenue.venueName, parkId: zooVenue.parkId, parkName: sql<string>`coalesce(${zooPark.parkName}, '')` })
    .from(zooVenue)
    .leftJoin(zooPark, eq(zooPark.id, zooVenue.parkId))
    .where(anyOf(zooVenue.id)),
);
const cageRows = reusable<{ id: string; cageCode: string; cageName: string; venueId: string; venueName: string }>((db) =>
  db
    .select({
      id: zooCage.id,
      cageCode: zooCage.cageCode,
      cageName: zooCage.cageName,
      venueId: zooCage.venueId,
      venueName: sql<string>`coalesce(${zooVenue.venueName}, '')`,
    })
    .from(zooCage)
    .leftJoin(zooVenue, eq(zooVenue.id, zooCage.venueId))
    .where(anyOf(zooCage.id)),
);
const animalRows = reusable<{ id: string; localNo: string; animalName: string; sex: number; speciesId: string }>((db) =>
  db
    .select({ id: zooAnimal.id, localNo: zooAnimal.localNo, animalName: zooAnimal.animalName, sex: zooAnimal.sex, speciesId: zooAnimal.speciesId })
    .from(zooAnimal)
    .where(anyOf(zooAnimal.id)),
);
const userRows = reusable<{ id: string; account: string; realName: string }>((db) =>
  db.select({ id: bladeUser.id, account: bladeUser.account, realName: bladeUser.realName }).from(bladeUser).where(anyOf(bladeUser.id)),
);

/** The tables the name lookups below read: a list or detail that maps through them reads their versions first. */
export const LOOKUP_TABLES = ['zoo_species', 'zoo_park', 'zoo_venue', 'zoo_cage', 'zoo_animal', 'blade_user'] as const;

export const speciesOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.species', cachedLookup(c.req, 'zoo.species', ['zoo_species'], async (ids) => byId(await speciesRows(c.db, { ids }))));
export const parkOf = (c: LookupCtx) => batchLoader(c.req, 'zoo.park', cachedLookup(c.req, 'zoo.park', ['zoo_park'], async (ids) => byId(await parkRows(c.db, { ids }))));
export const venueOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.venue', cachedLookup(c.req, 'zoo.venue', ['zoo_venue', 'zoo_park'], async (ids) => byId(await venueRows(c.db, { ids }))));
export const cageOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.cage', cachedLookup(c.req, 'zoo.cage', ['zoo_cage', 'zoo_venue'], async (ids) => byId(await cageRows(c.db, { ids }))));
export const animalOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.animal', cachedLookup(c.req, 'zoo.animal', ['zoo_animal'], async (ids) => byId(await animalRows(c.db, { ids }))));
export const userOf = (c: LookupCtx) => batchLoader(c.req, 'zoo.user', cachedLookup(c.req, 'zoo.user', ['blade_user'], async (ids) => byId(await userRows(c.db, { ids }))));

export const venueCountOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.venueCount', async (ids) => {
    const rows = await c.db
      .select({ id: zooVenue.parkId, n: count() })
      .from(zooVenue)
      .where(and(inArray(zooVenue.parkId, ids), eq(zooVenue.isDeleted, 0)))
      .groupBy(zooVenue.parkId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  });

export const cageCountOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.cageCount', async (ids) => {
    const rows = await c.db
      .select({ id: zooCage.venueId, n: count() })
      .from(zooCage)
      .where(and(inArray(zooCage.venueId, ids), eq(zooCage.isDeleted, 0)))
      .groupBy(zooCage.venueId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  });

/** In-stock animals and population heads per cage. */
export const cageOccupancyOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.cageOccupancy', async (ids) => {
    const animals = await c.db
      .select({ id: zooAnimal.cageId, n: count() })
      .from(zooAnimal)
      .where(and(inArray(zooAnimal.cageId, ids), eq(zooAnimal.isDeleted, 0), eq(zooAnimal.status, 1)))
      .groupBy(zooAnimal.cageId);
    const pops = await c.db
      .select({ id: zooPopulation.cageId, n: sum(sql`${zooPopulation.maleQuantity} + ${zooPopulation.femaleQuantity} + ${zooPopulation.theyQuantity}`) })
      .from(zooPopulation)
      .where(and(inArray(zooPopulation.cageId, ids), eq(zooPopulation.isDeleted, 0)))
      .groupBy(zooPopulation.cageId);
    // Open environment alarms: the badge on the cage list and card.
    const alarms = await c.db
      .select({ id: zooHumitureAlarm.cageId, n: count() })
      .from(zooHumitureAlarm)
      .where(and(inArray(zooHumitureAlarm.cageId, ids), isNull(zooHumitureAlarm.endTime), eq(zooHumitureAlarm.isDeleted, 0)))
      .groupBy(zooHumitureAlarm.cageId);
    const out = new Map<string, { animalCount: number; populationQuantity: number; openAlarms: number }>();
    for (const id of ids) out.set(id, { animalCount: 0, populationQuantity: 0, openAlarms: 0 });
    for (const al of alarms) out.get(al.id)!.openAlarms = Number(al.n);
    for (const a of animals) if (a.id) out.get(a.id)!.animalCount = Number(a.n);
    for (const p of pops) out.get(p.id)!.populationQuantity = Number(p.n ?? 0);
    return out;
  });
