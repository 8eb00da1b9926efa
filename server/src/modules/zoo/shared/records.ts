import type { z } from 'zod';
import type { AnimalRecord, PopulationRecord } from '@zoo/contract';
import type { zooAnimal, zooPopulation } from '../zoo.tables';
import { animalOf, cageOf, speciesOf, userOf, type LookupCtx } from './lookups';
import type { Wire } from '../../../platform/http/route';

type AnimalRow = typeof zooAnimal.$inferSelect;
type PopulationRow = typeof zooPopulation.$inferSelect;

const label = (a?: { localNo: string; animalName: string }) => (a ? (a.animalName ? `${a.animalName} (${a.localNo})` : a.localNo) : '');

/** Row → AnimalRecord with species, cage, parent and keeper names (batched per request). */
export async function animalRecord(row: AnimalRow, c: LookupCtx): Promise<Wire<z.output<typeof AnimalRecord>>> {
  const [sp, cage, sire, dam, keeper] = await Promise.all([
    speciesOf(c)(row.speciesId),
    cageOf(c)(row.cageId),
    animalOf(c)(row.sireId),
    animalOf(c)(row.damId),
    userOf(c)(row.breederId),
  ]);
  return {
    ...row,
    speciesName: sp?.speciesName,
    latinName: sp?.latinName,
    birthDate: row.birthDate,
    sireId: row.sireId,
    sireName: label(sire),
    damId: row.damId,
    damName: label(dam),
    cageId: row.cageId,
    cageCode: cage?.cageCode,
    cageName: cage?.cageName,
    breederId: row.breederId,
    breederName: keeper ? keeper.realName || keeper.account : '',
  };
}

export async function populationRecord(row: PopulationRow, c: LookupCtx): Promise<Wire<z.output<typeof PopulationRecord>>> {
  const [sp, cage] = await Promise.all([speciesOf(c)(row.speciesId), cageOf(c)(row.cageId)]);
  return {
    ...row,
    speciesName: sp?.speciesName,
    latinName: sp?.latinName,
    cageCode: cage?.cageCode,
    cageName: cage?.cageName,
    venueName: cage?.venueName,
    totalQuantity: row.maleQuantity + row.femaleQuantity + row.theyQuantity,
  };
}
