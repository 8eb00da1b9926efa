import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  hasPlaces,
  medCase,
  medDrug,
  medTreatment,
  medWeight,
  vetEndpoints,
  type DoseCalc,
  type MedCaseRecord,
  type MedTreatmentRecord,
  type MedWeightRecord,
} from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { animalLabel, today } from '../keeper/basic-log.service';
import { animalOf, speciesOf, userOf } from '../shared/lookups';
import { zooAnimal } from '../zoo.tables';
import { zooMedCase, zooMedDrug, zooMedTreatment, zooMedWeight } from './vet.tables';
import { checkTaxonRanges, taxonRangeRecords } from './taxon-range';
import type { StoredTaxonRange } from './vet.tables';
import { checkAlertLog } from './keeper-alert';
import { baselines, weightAlertSettings, weightChange } from './weight-alert';
import { ANIMAL_MISSING, animalName, CASE_MISSING, dose, DRUG_MISSING, drugNameOf, liveAnimal, refuseFuture, weightDateOf, type Weight } from './vet-shared';

/** The formulary, weights, cases and treatments dosed by weight (decision 0038). */
export function vetDosingRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ formulary
  resourceRoutes(app, {
    table: zooMedDrug,
    def: medDrug,
    defaultOrder: () => [asc(zooMedDrug.drugName), asc(zooMedDrug.id)],
    toRecords: (rs, ctx) => Promise.all(rs.map(async (r) => ({ ...r, taxonRanges: await taxonRangeRecords(ctx.db, r.taxonRanges) }) as never)),
    beforeSave: async (input, { db }) => ({ taxonRanges: await checkTaxonRanges(db, input.taxonRanges as StoredTaxonRange[]) }),
  });

  // ------------------------------------------------------------ weights
  const toWeightRecords = async (rs: Weight[], ctx: Ctx): Promise<MedWeightRecord[]> => {
    const { pct, days } = await weightAlertSettings(ctx.db, ctx.session.tenantId);
    const base = await baselines(
      ctx.db,
      rs.map((r) => r.id),
      days,
    );
    return Promise.all(
      rs.map(async (r) => {
        const a = await animalOf(ctx)(r.animalId);
        const species = a ? await speciesOf(ctx)(a.speciesId) : undefined;
        const b = base.get(r.id);
        const change = b ? weightChange(r.weightKg, b, pct) : { changePct: '' as const, alert: 0 };
        return { ...r, ...change, animalName: a ? animalLabel(a.animalName, a.localNo) : '', speciesName: species?.speciesName ?? '' } as never;
      }),
    );
  };
  resourceRoutes(app, {
    table: zooMedWeight,
    def: medWeight,
    defaultOrder: () => [desc(zooMedWeight.weighDate), desc(zooMedWeight.id)],
    toRecords: toWeightRecords,
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.weighDate, await today(db), '称重日期');
      const w = input.weight!;
      // kg keeps four decimals (0.1 g): grams may carry one.
      if (input.unit === 'g' && !hasPlaces(w, 1)) throw new BizError('以克录入的体重最多1位小数');
      const weightKg = input.unit === 'g' ? Number(BigInt(w.toFixed(1).replace('.', ''))) / 10_000 : w;
      return { weightKg };
    },
  });

  route(app, vetEndpoints.weightSeries, async (call) => {
    const { animalId } = call.query;
    const [a] = await call.db.select({ id: zooAnimal.id }).from(zooAnimal).where(eq(zooAnimal.id, animalId));
    if (!a) throw new BizError(ANIMAL_MISSING);
    const points = await call.db
      .select({ weighDate: zooMedWeight.weighDate, weightKg: zooMedWeight.weightKg, method: zooMedWeight.method, bodyCondition: zooMedWeight.bodyCondition })
      .from(zooMedWeight)
      .where(and(eq(zooMedWeight.animalId, animalId), eq(zooMedWeight.isDeleted, 0)))
      .orderBy(asc(zooMedWeight.weighDate), asc(zooMedWeight.id));
    const animal = await animalOf(call)(animalId);
    const species = animal ? await speciesOf(call)(animal.speciesId) : undefined;
    return {
      animalId,
      animalName: animal ? animalLabel(animal.animalName, animal.localNo) : '',
      speciesName: species?.speciesName ?? '',
      points: points.map((p) => ({ ...p, bodyCondition: p.bodyCondition ?? ('' as const) })),
    };
  });

  // ------------------------------------------------------------ cases
  resourceRoutes(app, {
    table: zooMedCase,
    def: medCase,
    defaultOrder: () => [desc(zooMedCase.openDate), desc(zooMedCase.id)],
    toRecords: async (rs, ctx): Promise<MedCaseRecord[]> => {
      const ids = rs.map((r) => r.id);
      const counts = new Map<string, number>();
      if (ids.length) {
        const rows = await ctx.db
          .select({ caseId: zooMedTreatment.caseId, n: sql<number>`count(*)::int` })
          .from(zooMedTreatment)
          .where(and(inArray(zooMedTreatment.caseId, ids), eq(zooMedTreatment.isDeleted, 0)))
          .groupBy(zooMedTreatment.caseId);
        for (const r of rows) counts.set(r.caseId, r.n);
      }
      return Promise.all(
        rs.map(async (r) => {
          const [name, species, vet] = await Promise.all([animalName(ctx, r.animalId), speciesOf(ctx)(r.speciesId), userOf(ctx)(r.vetId)]);
          return {
            ...r,
            animalName: name,
            speciesName: species?.speciesName ?? '',
            vetName: vet ? vet.realName || vet.account : '',
            treatmentCount: counts.get(r.id) ?? 0,
            basicLogId: r.basicLogId ?? '',
          } as never;
        }),
      );
    },
    beforeSave: async (input, { db, session }, existing) => {
      const animal = await liveAnimal(db, input.animalId);
      const day = await today(db);
      refuseFuture(input.openDate, day, '开始日期');
      const closed = input.caseStatus === 3;
      if (closed && input.closeDate) {
        refuseFuture(input.closeDate, day, '结案日期');
        if (input.closeDate < input.openDate) throw new BizError('结案日期不能早于开始日期');
      }
      if (input.basicLogId) await checkAlertLog(db, input.basicLogId, animal.id);
      if (existing && existing.animalId !== animal.id) {
        const [t] = await db
          .select({ id: zooMedTreatment.id })
          .from(zooMedTreatment)
          .where(and(eq(zooMedTreatment.caseId, existing.id), eq(zooMedTreatment.isDeleted, 0)))
          .limit(1);
        if (t) throw new BizError('病例已有治疗处方,不能更换动物');
      }
      return {
        speciesId: animal.speciesId,
        vetId: existing?.vetId ?? session.userId,
        // Only a closed case has a closing date and outcome.
        closeDate: closed ? input.closeDate! : null,
        outcome: closed ? input.outcome! : null,
        basicLogId: input.basicLogId ?? null,
      };
    },
    beforeRemove: async (ids, { db }) => {
      const [t] = await db
        .select({ id: zooMedTreatment.id })
        .from(zooMedTreatment)
        .where(and(inArray(zooMedTreatment.caseId, ids), eq(zooMedTreatment.isDeleted, 0)))
        .limit(1);
      if (t) throw new BizError('病例下还有治疗处方,请先删除处方');
    },
  });

  // ------------------------------------------------------------ treatments
  resourceRoutes(app, {
    table: zooMedTreatment,
    def: medTreatment,
    defaultOrder: () => [desc(zooMedTreatment.startDate), desc(zooMedTreatment.id)],
    toRecords: (rs, ctx): Promise<MedTreatmentRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const [name, drugName, weightDate] = await Promise.all([animalName(ctx, r.animalId), drugNameOf(ctx)(r.drugId), weightDateOf(ctx)(r.weightId)]);
          return { ...r, animalName: name, drugName: drugName ?? '', weightDate: weightDate ?? '' } as never;
        }),
      ),
    beforeSave: async (input, { db }, existing) => {
      const c = await mustExist(db, zooMedCase, input.caseId, CASE_MISSING);
      if (c.caseStatus === 3) throw new BizError('病例已结案,不能新增或修改处方');
      if (existing && existing.caseId !== c.id) throw new BizError('处方不能移到另一个病例');
      refuseFuture(input.startDate, await today(db), '开始日期');
      if (input.startDate < c.openDate) throw new BizError('处方开始日期不能早于病例开始日期');
      const drug = await mustExist(db, zooMedDrug, input.drugId, DRUG_MISSING);
      const d = await dose(db, c.animalId, drug, input.doseMgKg!, input.startDate);
      if (d.reason && !input.confirmOutOfRange) throw new BizError(`${d.reason},请确认后再提交`);
      return {
        animalId: c.animalId,
        weightId: d.weight.id,
        weightKg: d.weight.weightKg,
        doseMg: d.doseMg,
        amount: d.amount,
        concentration: drug.concentration,
        concentrationUnit: drug.concentrationUnit,
        outOfRange: d.reason ? 1 : 0,
      };
    },
  });

  route(app, vetEndpoints.calc, async ({ db, query }): Promise<DoseCalc> => {
    const c = await mustExist(db, zooMedCase, query.caseId, CASE_MISSING);
    const drug = await mustExist(db, zooMedDrug, query.drugId, DRUG_MISSING);
    const d = await dose(db, c.animalId, drug, query.doseMgKg!, query.startDate);
    return {
      weightId: d.weight.id,
      weightKg: d.weight.weightKg,
      weightDate: d.weight.weighDate,
      doseMg: d.doseMg,
      amount: d.amount ?? '',
      concentration: drug.concentration ?? '',
      concentrationUnit: drug.concentrationUnit,
      doseMin: d.range.doseMin ?? '',
      doseMax: d.range.doseMax ?? '',
      maxDoseMg: drug.maxDoseMg ?? '',
      outOfRange: d.reason,
    };
  });
}
