import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import { medGroupTreatment, medWeightRef, vetRoundEndpoints, type MedGroupTreatmentRecord, type MedWeightRefRecord } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { speciesOf } from '../shared/lookups';
import { zooPopulation, zooSpecies } from '../zoo.tables';
import { zooMedGroupTreatment, zooMedWeightRef } from './round.tables';
import { zooMedDrug } from './vet.tables';
import { referenceCurve } from './weight-ref-curve';
import { ANIMAL_MISSING, DRUG_MISSING, drugNameOf, refuseFuture } from './vet-shared';

/** Population (group) treatments and the species' reference growth curves (decision 0038, third slice). */
export function groupTreatmentRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: zooMedGroupTreatment,
    def: medGroupTreatment,
    defaultOrder: () => [desc(zooMedGroupTreatment.treatDate), desc(zooMedGroupTreatment.id)],
    toRecords: (rs, ctx): Promise<MedGroupTreatmentRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const [p] = await ctx.db.select({ name: zooPopulation.populationName }).from(zooPopulation).where(eq(zooPopulation.id, r.populationId));
          const [species, drug] = await Promise.all([speciesOf(ctx)(r.speciesId), drugNameOf(ctx)(r.drugId)]);
          return { ...r, populationName: p?.name ?? '', speciesName: species?.speciesName ?? '', drugName: drug ?? '' } as never;
        }),
      ),
    beforeSave: async (input, { db }) => {
      // The population row is locked: a movement cannot shrink it between the check and the write.
      const [p] = await db
        .select()
        .from(zooPopulation)
        .where(and(eq(zooPopulation.id, input.populationId), eq(zooPopulation.isDeleted, 0)))
        .for('update');
      if (!p) throw new BizError('所选种群不存在');
      await mustExist(db, zooMedDrug, input.drugId, DRUG_MISSING);
      refuseFuture(input.treatDate, await today(db), '治疗日期');
      const stock = p.maleQuantity + p.femaleQuantity + p.theyQuantity;
      if (input.countTreated > stock) throw new BizError(`治疗数量 ${input.countTreated} 超过种群现有存栏 ${stock}`);
      return { speciesId: p.speciesId };
    },
  });

  resourceRoutes(app, {
    table: zooMedWeightRef,
    def: medWeightRef,
    defaultOrder: () => [asc(zooMedWeightRef.speciesId), asc(zooMedWeightRef.ageDays)],
    toRecords: (rs, ctx): Promise<MedWeightRefRecord[]> =>
      Promise.all(rs.map(async (r) => ({ ...r, speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '' }) as never)),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooSpecies, input.speciesId, '所选物种不存在');
      const [dup] = await db
        .select({ id: zooMedWeightRef.id })
        .from(zooMedWeightRef)
        .where(and(eq(zooMedWeightRef.speciesId, input.speciesId), eq(zooMedWeightRef.ageDays, input.ageDays), eq(zooMedWeightRef.isDeleted, 0)))
        .limit(1);
      if (dup && dup.id !== existing?.id) throw new BizError('该物种在这个日龄已有参考体重');
    },
  });

  route(app, vetRoundEndpoints.weightRefCurve, async ({ db, query }) => {
    const curve = await referenceCurve(db, query.animalId);
    if (!curve) throw new BizError(ANIMAL_MISSING);
    return curve;
  });
}
