import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { breedingEndpoints, DEFAULT_BREEDING_AGE, type SeasonFemale } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { zooAnimal, zooSpecies, zooTenantSpecies } from '../zoo.tables';
import { effectiveBreedingAge } from '../zoo-species/zoo-species.service';
import { ANIMAL_MISSING, nameOf, sireNames, yearRange } from './breeding.rules';
import { zooBreedEvent, zooBreedOestrus, zooBreedSemen } from './breeding.tables';
import { today } from '../keeper/basic-log.service';
import { seasonExtras } from './season-extras';

const IN_STOCK = 1;
const FEMALE = 2;

/**
 * An observation shows oestrus when it notes at least one behaviour sign or a swollen vulva (score 2 or more on
 * the 0–4 scale); hormone values alone are read on the chart, not counted (decision 0042).
 */
const inOestrus = (r: { signs: number[]; vulvaScore: number | null }) => r.signs.length > 0 || (r.vulvaScore ?? 0) >= 2;

export function seasonRoutes(app: FastifyInstance): void {
  route(app, breedingEndpoints.season, async (call) => {
    const { speciesId, year } = call.query;
    const db = call.db;
    const ts = zooTenantSpecies;
    const [species] = await db
      .select({
        id: zooSpecies.id,
        name: zooSpecies.speciesName,
        library: { breedingAgeYears: zooSpecies.breedingAgeYears },
        zoo: { breedingAgeYears: ts.breedingAgeYears },
      })
      .from(zooSpecies)
      .leftJoin(ts, and(eq(ts.speciesId, zooSpecies.id), eq(ts.isDeleted, 0)))
      .where(and(eq(zooSpecies.id, speciesId), eq(zooSpecies.isDeleted, 0)));
    if (!species) throw new BizError('所选物种不存在');
    // The species' breeding age: the zoo's own (本园物种), else the library's, else the product's default.
    const breedingAge = effectiveBreedingAge(species.zoo, species.library) ?? DEFAULT_BREEDING_AGE;
    const [from, to] = yearRange(year);
    // Breeding age: she reaches it during the season's year; an unknown birth date keeps her on the board.
    const females = await db
      .select({ id: zooAnimal.id, animalName: zooAnimal.animalName, localNo: zooAnimal.localNo, birthDate: zooAnimal.birthDate })
      .from(zooAnimal)
      .where(
        and(
          eq(zooAnimal.speciesId, speciesId),
          eq(zooAnimal.sex, FEMALE),
          eq(zooAnimal.status, IN_STOCK),
          eq(zooAnimal.isDeleted, 0),
          or(isNull(zooAnimal.birthDate), lte(zooAnimal.birthDate, `${year - breedingAge}-12-31 23:59:59`)),
        ),
      )
      .orderBy(asc(zooAnimal.localNo));
    const ids = females.map((f) => f.id);
    const [obs, events] = ids.length
      ? await Promise.all([
          db
            .select()
            .from(zooBreedOestrus)
            .where(
              and(
                inArray(zooBreedOestrus.animalId, ids),
                eq(zooBreedOestrus.isDeleted, 0),
                gte(zooBreedOestrus.obsDate, from),
                lte(zooBreedOestrus.obsDate, to),
              ),
            )
            .orderBy(asc(zooBreedOestrus.obsDate), asc(zooBreedOestrus.id)),
          db
            .select({
              id: zooBreedEvent.id,
              femaleId: zooBreedEvent.femaleId,
              kind: zooBreedEvent.kind,
              eventDate: zooBreedEvent.eventDate,
              sireIds: zooBreedEvent.sireIds,
              outcome: zooBreedEvent.outcome,
              semenNo: sql<string>`coalesce(${zooBreedSemen.sampleNo}, '')`,
            })
            .from(zooBreedEvent)
            .leftJoin(zooBreedSemen, eq(zooBreedSemen.id, zooBreedEvent.semenId))
            .where(
              and(inArray(zooBreedEvent.femaleId, ids), eq(zooBreedEvent.isDeleted, 0), gte(zooBreedEvent.eventDate, from), lte(zooBreedEvent.eventDate, to)),
            )
            .orderBy(asc(zooBreedEvent.eventDate), asc(zooBreedEvent.id)),
        ])
      : [[], []];
    const extras = await seasonExtras(db, { speciesId, year, breedingAge, femaleIds: ids, events, today: await today(db) });
    const rows: Array<SeasonFemale & { pregnant: boolean }> = await Promise.all(
      females.map(async (f) => {
        const mine = obs.filter((o) => o.animalId === f.id);
        const last = mine.at(-1);
        return {
          animalId: f.id,
          animalName: f.animalName ? `${f.animalName} (${f.localNo})` : f.localNo,
          birthDate: f.birthDate ?? '',
          latestOestrus: last
            ? {
                obsDate: last.obsDate,
                signs: last.signs,
                vulvaScore: last.vulvaScore ?? '',
                oestrogen: last.oestrogen ?? '',
                oestrogenUnit: last.oestrogenUnit,
                progesterone: last.progesterone ?? '',
              }
            : ('' as const),
          observedInOestrus: mine.some(inOestrus),
          events: await Promise.all(
            events
              .filter((e) => e.femaleId === f.id)
              .map(async (e) => ({
                id: e.id,
                kind: e.kind,
                eventDate: e.eventDate,
                sireNames: await sireNames(call, e.sireIds),
                semenNo: e.semenNo,
                outcome: e.outcome ?? '',
              })),
          ),
          ...extras.perFemale(f.id),
        };
      }),
    );
    return {
      speciesId,
      speciesName: species.name,
      year,
      breedingAge,
      females: rows.map(({ pregnant: _, ...r }) => r),
      summary: {
        females: rows.length,
        observedInOestrus: rows.filter((r) => r.observedInOestrus).length,
        bred: rows.filter((r) => r.events.length > 0).length,
        naturalPairings: events.filter((e) => e.kind === 1).length,
        inseminations: events.filter((e) => e.kind === 2).length,
        pregnant: rows.filter((r) => r.pregnant).length,
        cubsBorn: extras.cubsBorn,
        surviving30: extras.surviving30,
      },
    };
  });

  route(app, breedingEndpoints.hormoneSeries, async (call) => {
    const { animalId, year } = call.query;
    const [a] = await call.db
      .select({ id: zooAnimal.id })
      .from(zooAnimal)
      .where(and(eq(zooAnimal.id, animalId), eq(zooAnimal.isDeleted, 0)));
    if (!a) throw new BizError(ANIMAL_MISSING);
    const o = zooBreedOestrus;
    const points = await call.db
      .select({
        obsDate: o.obsDate,
        oestrogen: o.oestrogen,
        progesterone: o.progesterone,
        oestrogenUnit: o.oestrogenUnit,
        progesteroneUnit: o.progesteroneUnit,
      })
      .from(o)
      .where(and(eq(o.animalId, animalId), eq(o.isDeleted, 0), ...(year ? [gte(o.obsDate, yearRange(year)[0]), lte(o.obsDate, yearRange(year)[1])] : [])))
      .orderBy(asc(o.obsDate), asc(o.id));
    let peak: { obsDate: string; oestrogen: number; unit: string } | null = null;
    for (const p of points)
      if (p.oestrogen != null && (!peak || p.oestrogen > peak.oestrogen)) peak = { obsDate: p.obsDate, oestrogen: p.oestrogen, unit: p.oestrogenUnit };
    return {
      animalId,
      animalName: await nameOf(call, animalId),
      points: points.map((p) => ({ ...p, oestrogen: p.oestrogen ?? ('' as const), progesterone: p.progesterone ?? ('' as const) })),
      peak: peak ?? ('' as const),
    };
  });
}
