import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { medLabRef, vetLabRefEndpoints as ep, type MedLabRefRecord } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { speciesOf } from '../shared/lookups';
import { zooSpecies } from '../zoo.tables';
import { speciesInterval } from './lab-ref';
import { refuseOverlap } from './lab-ref-overlap';
import { zooMedLabRef } from './round.tables';
import { liveAnimal } from './vet-shared';

/** 检验参考区间: species reference intervals of laboratory tests, and the one a result would take (decision 0038). */
export function labRefRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: zooMedLabRef,
    def: medLabRef,
    defaultOrder: () => [
      asc(zooMedLabRef.speciesId),
      asc(zooMedLabRef.testName),
      asc(zooMedLabRef.unit),
      asc(zooMedLabRef.sex),
      asc(zooMedLabRef.ageMinMonths),
    ],
    toRecords: (rs, ctx): Promise<MedLabRefRecord[]> =>
      Promise.all(rs.map(async (r) => ({ ...r, speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '' }) as never)),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooSpecies, input.speciesId, '所选物种不存在');
      await refuseOverlap(db, input, existing?.id);
    },
  });

  route(app, ep.labRefMatch, async ({ db, query, req }) => {
    const a = await liveAnimal(db, query.animalId);
    const s = await speciesInterval(db, query.animalId, query.testName, query.unit ?? '', query.sampleDate);
    const species = await speciesOf({ db, req })(a.speciesId);
    return {
      id: s?.id ?? '',
      speciesName: species?.speciesName ?? '',
      refLow: s?.refLow ?? null,
      refHigh: s?.refHigh ?? null,
      sex: s?.sex ?? 0,
      ageMinMonths: s?.ageMinMonths ?? null,
      ageMaxMonths: s?.ageMaxMonths ?? null,
      source: s?.source ?? '',
    };
  });
}
