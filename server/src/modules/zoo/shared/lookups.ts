import { and, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { batchLoader, type Getter } from '../../../platform/resource/batch-loader';
import { cachedLookup, heldLookup } from '../../../platform/resource/lookup-cache';
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

/** `col = any($1)`: one array value, so a lookup's statement is the same text for any number of keys. */
const anyOf = (col: Column, ids: string[]) => sql`${col} = any(${sql.param(ids)})`;

type Rows<V> = (db: Tx, v: { ids: string[] }) => Promise<V[]>;
const speciesRows: Rows<{ id: string; speciesName: string; latinName: string; managementMode: number }> = (db, { ids }) =>
  db
    .select({ id: zooSpecies.id, speciesName: zooSpecies.speciesName, latinName: zooSpecies.latinName, managementMode: zooSpecies.managementMode })
    .from(zooSpecies)
    .where(anyOf(zooSpecies.id, ids));
const parkRows: Rows<{ id: string; parkName: string }> = (db, { ids }) =>
  db.select({ id: zooPark.id, parkName: zooPark.parkName }).from(zooPark).where(anyOf(zooPark.id, ids));
const venueRows: Rows<{ id: string; venueName: string; parkId: string; parkName: string }> = (db, { ids }) =>
  db
    .select({ id: zooVenue.id, venueName: zooVenue.venueName, parkId: zooVenue.parkId, parkName: sql<string>`coalesce(${zooPark.parkName}, '')` })
    .from(zooVenue)
    .leftJoin(zooPark, eq(zooPark.id, zooVenue.parkId))
    .where(anyOf(zooVenue.id, ids));
const cageRows: Rows<{ id: string; cageCode: string; cageName: string; venueId: string; venueName: string }> = (db, { ids }) =>
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
    .where(anyOf(zooCage.id, ids));
const animalRows: Rows<{ id: string; localNo: string; animalName: string; sex: number; speciesId: string }> = (db, { ids }) =>
  db
    .select({ id: zooAnimal.id, localNo: zooAnimal.localNo, animalName: zooAnimal.animalName, sex: zooAnimal.sex, speciesId: zooAnimal.speciesId })
    .from(zooAnimal)
    .where(anyOf(zooAnimal.id, ids));
const userRows: Rows<{ id: string; account: string; realName: string }> = (db, { ids }) =>
  db.select({ id: bladeUser.id, account: bladeUser.account, realName: bladeUser.realName }).from(bladeUser).where(anyOf(bladeUser.id, ids));

const lookupTables = new Set<string>();
/**
 * A name lookup of the request, batched per request (batchLoader) and kept across requests under the write
 * versions of `tables`, every table its statement reads (platform/resource/lookup-cache.ts).
 */
const names = <V extends { id: string }>(name: string, tables: string[], rows: (db: Tx, v: { ids: string[] }) => Promise<V[]>) => {
  for (const t of tables) lookupTables.add(t);
  return (c: LookupCtx): Getter<V> => {
    let load: ((key: string | null | undefined) => Promise<V | undefined>) | undefined;
    const held = (key: string) => heldLookup<V>(c.req, name, tables, key);
    // A name held at this request's versions is answered at once; the batch loader only for the others.
    const get = (key: string | null | undefined): Promise<V | undefined> => {
      const h = key ? held(key) : undefined;
      if (h) return Promise.resolve(h.value);
      load ??= batchLoader(
        c.req,
        name,
        cachedLookup(c.req, name, tables, async (ids) => byId(await rows(c.db, { ids }))),
      );
      return load(key);
    };
    return Object.assign(get, { held });
  };
};

export const speciesOf = names('zoo.species', ['zoo_species'], speciesRows);
export const parkOf = names('zoo.park', ['zoo_park'], parkRows);
export const venueOf = names('zoo.venue', ['zoo_venue', 'zoo_park'], venueRows);
export const cageOf = names('zoo.cage', ['zoo_cage', 'zoo_venue'], cageRows);
export const animalOf = names('zoo.animal', ['zoo_animal'], animalRows);
export const userOf = names('zoo.user', ['blade_user'], userRows);
/** The tables the name lookups above read: a list or detail that maps through them reads their versions first. */
export const LOOKUP_TABLES: readonly string[] = [...lookupTables];

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
