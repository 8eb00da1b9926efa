import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { cageViewEndpoints, isIdText } from '@zoo/contract';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { route } from '../../../platform/http/route';
import { animalRecords, populationRecord } from '../shared/records';
import { zooAnimal, zooPopulation } from '../zoo.tables';

const idOrNothing = (v?: string) => (v && isIdText(v) ? v : undefined);

/** What a cage holds. Row-level security limits both views to the caller's zoo; a foreign cage id shows nothing. */
export function cageViewRoutes(app: FastifyInstance): void {
  route(app, cageViewEndpoints.cagePopulationList, async (call) => {
    const { query, db } = call;
    const p = zooPopulation;
    const species = idOrNothing(query.speciesId);
    const where = and(eq(p.isDeleted, 0), eq(p.cageId, query.cageId), species ? eq(p.speciesId, species) : undefined);
    const { rows, total } = await selectPage(db, p, where, [asc(p.id)], query);
    return pageOf(await Promise.all(rows.map((r) => populationRecord(r, call))), total, query);
  });

  route(app, cageViewEndpoints.cageAnimalList, async (call) => {
    const { query, db } = call;
    const a = zooAnimal;
    const species = idOrNothing(query.speciesId);
    // In stock by default; status=all lists every animal that was ever recorded in the cage.
    const status = query.status === 'all' ? undefined : eq(a.status, /^[1-4]$/.test(query.status ?? '') ? Number(query.status) : 1);
    const where = and(eq(a.isDeleted, 0), eq(a.cageId, query.cageId), status, species ? eq(a.speciesId, species) : undefined);
    const { rows, total } = await selectPage(db, a, where, [asc(a.localNo)], query);
    return pageOf(await animalRecords(rows, call), total, query);
  });
}
