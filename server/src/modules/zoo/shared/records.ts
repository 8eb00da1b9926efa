import type { z } from 'zod';
import type { AnimalRecord, PopulationRecord } from '@zoo/contract';
import type { zooAnimal, zooPopulation } from '../zoo.tables';
import { animalOf, cageOf, speciesOf, userOf, type LookupCtx } from './lookups';
import type { Wire } from '../../../platform/http/route';
import { loadAll } from '../../../platform/resource/batch-loader';

type AnimalRow = typeof zooAnimal.$inferSelect;
type PopulationRow = typeof zooPopulation.$inferSelect;

const label = (a?: { localNo: string; animalName: string }) => (a ? (a.animalName ? `${a.animalName} (${a.localNo})` : a.localNo) : '');

/** Rows → AnimalRecords with species, cage, parent and keeper names: each lookup asked once for all rows' keys. */
/** MULT candidates as the wire's `identity[:weight],…`. */
const candidatesText = (c: Array<{ id: string; w?: number }> | null): string => (c ?? []).map((x) => (x.w === undefined ? x.id : `${x.id}:${x.w}`)).join(',');

export async function animalRecords(rows: AnimalRow[], c: LookupCtx): Promise<Array<Wire<z.output<typeof AnimalRecord>>>> {
  const [species, cages, animals, keepers] = await Promise.all([
    loadAll(
      speciesOf(c),
      rows.map((r) => r.speciesId),
    ),
    loadAll(
      cageOf(c),
      rows.map((r) => r.cageId),
    ),
    loadAll(
      animalOf(c),
      rows.flatMap((r) => [r.sireId, r.damId]),
    ),
    loadAll(
      userOf(c),
      rows.map((r) => r.breederId),
    ),
  ]);
  const at = <V>(m: Map<string, V>, k: string | null) => (k ? m.get(k) : undefined);
  return rows.map((row) => {
    const sp = species.get(row.speciesId);
    const cage = at(cages, row.cageId);
    const keeper = at(keepers, row.breederId);
    // Every property written out, not `...row`: spreading drizzle's row objects was most of a list page's mapping
    // time (a fresh shape per copy); a literal gives every record the same shape.
    return {
      id: row.id,
      tenantId: row.tenantId,
      speciesId: row.speciesId,
      speciesName: sp?.speciesName,
      latinName: sp?.latinName,
      localNo: row.localNo,
      animalName: row.animalName,
      sex: row.sex,
      birthDate: row.birthDate,
      birthPrecision: row.birthPrecision,
      origin: row.origin,
      sireId: row.sireId,
      sireMark: row.sireMark,
      sireName: label(at(animals, row.sireId)),
      damId: row.damId,
      damMark: row.damMark,
      damName: label(at(animals, row.damId)),
      sireIdentityId: row.sireIdentityId,
      sireCandidates: candidatesText(row.sireCandidates),
      damIdentityId: row.damIdentityId,
      damCandidates: candidatesText(row.damCandidates),
      identityId: row.identityId ?? row.id,
      cageId: row.cageId,
      cageCode: cage?.cageCode,
      cageName: cage?.cageName,
      breederId: row.breederId,
      breederName: keeper ? keeper.realName || keeper.account : '',
      photos: row.photos,
      remark: row.remark,
      createUser: row.createUser,
      createDept: row.createDept,
      createTime: row.createTime,
      updateUser: row.updateUser,
      updateTime: row.updateTime,
      status: row.status,
      isDeleted: row.isDeleted,
    };
  });
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
