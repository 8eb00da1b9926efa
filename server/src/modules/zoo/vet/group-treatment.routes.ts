import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  computeDose,
  medGroupTreatment,
  medWeightRef,
  vetRoundEndpoints,
  type ConcentrationUnit,
  type MedGroupTreatmentRecord,
  type MedWeightRefRecord,
} from '@zoo/contract';
import type { Tx } from '../../../db/client';
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
import { ANIMAL_MISSING, doseForWeight, DRUG_MISSING, drugNameOf, refuseFuture, type Drug } from './vet-shared';

type GroupDoseInput = { doseMgKg?: number | null; headWeightKg?: number | null; countTreated: number; doseText?: string | null; confirmOutOfRange?: boolean };

/**
 * A group treatment's dose by weight, with the prescription's arithmetic and range check (`doseForWeight`): mg and
 * amount per head from the mean weight per head, and the totals for the heads treated computed from the unrounded
 * product (rate × mean weight × heads), so each figure is rounded once. Without a rate the dose is the text alone.
 */
async function groupDose(db: Tx, speciesId: string, drug: Drug, input: GroupDoseInput) {
  const rate = input.doseMgKg ?? null;
  if (rate === null) {
    if (input.headWeightKg !== null && input.headWeightKg !== undefined) throw new BizError('填写了每头平均体重时请填写剂量(mg/kg)');
    if (!input.doseText) throw new BizError('请填写剂量(mg/kg)或剂量说明');
    return { ...NO_DOSE, doseText: input.doseText };
  }
  const head = input.headWeightKg ?? null;
  if (head === null) throw new BizError('按体重给药时请填写每头平均体重');
  const perHead = await doseForWeight(db, speciesId, drug, rate, head);
  if (perHead.reason && !input.confirmOutOfRange) throw new BizError(`${perHead.reason},请确认后再提交`);
  // Heads × kg keeps four decimals: the float product is exact once fixed to them.
  const total = computeDose({
    mgPerKg: rate,
    weightKg: Number((head * input.countTreated).toFixed(4)),
    concentration: drug.concentration,
    concentrationUnit: drug.concentrationUnit as ConcentrationUnit,
  });
  return {
    doseText: input.doseText ?? '',
    doseMgKg: rate,
    headWeightKg: head,
    doseMg: perHead.doseMg,
    amount: perHead.amount,
    totalMg: total.doseMg,
    totalAmount: total.amount,
    concentration: drug.concentration,
    concentrationUnit: drug.concentrationUnit,
    outOfRange: perHead.reason ? 1 : 0,
  };
}
const NO_DOSE = {
  doseMgKg: null,
  headWeightKg: null,
  doseMg: null,
  amount: null,
  totalMg: null,
  totalAmount: null,
  concentration: null,
  concentrationUnit: null,
  outOfRange: 0,
};

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
      const drug = await mustExist(db, zooMedDrug, input.drugId, DRUG_MISSING);
      refuseFuture(input.treatDate, await today(db), '治疗日期');
      const stock = p.maleQuantity + p.femaleQuantity + p.theyQuantity;
      if (input.countTreated > stock) throw new BizError(`治疗数量 ${input.countTreated} 超过种群现有存栏 ${stock}`);
      return { speciesId: p.speciesId, ...(await groupDose(db, p.speciesId, drug, input)) };
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
