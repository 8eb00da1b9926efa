import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  computeDose,
  hasPlaces,
  medAnaesthesia,
  medCase,
  medDrug,
  medLab,
  medTreatment,
  medVaccination,
  medWeight,
  outOfRangeReason,
  vetEndpoints,
  type ConcentrationUnit,
  type DoseCalc,
  type AnaesthesiaAgent,
  type MedAnaesthesiaRecord,
  type MedCaseRecord,
  type MedLabRecord,
  type MedTreatmentRecord,
  type MedVaccinationRecord,
  type MedWeightRecord,
} from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { batchLoader } from '../../../platform/resource/batch-loader';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { animalLabel, today } from '../keeper/basic-log.service';
import { animalOf, speciesOf, userOf, type LookupCtx } from '../shared/lookups';
import { zooAnimal } from '../zoo.tables';
import { zooMedAnaesthesia, zooMedCase, zooMedDrug, zooMedLab, zooMedTreatment, zooMedVaccination, zooMedWeight } from './vet.tables';

/** Veterinary care (decision 0038): formulary, weights, cases, treatments dosed by weight. */

const ANIMAL_MISSING = '所选动物不存在';
const CASE_MISSING = '所选病例不存在';
const DRUG_MISSING = '所选药品不存在';
export const NO_WEIGHT = '该动物没有体重记录,请先登记体重';

type Drug = typeof zooMedDrug.$inferSelect;
type Weight = typeof zooMedWeight.$inferSelect;

/** The animal's name as lists show it: `name (local no.)`, or the local number. */
const animalName = async (ctx: LookupCtx, id: string) => {
  const a = await animalOf(ctx)(id);
  return a ? animalLabel(a.animalName, a.localNo) : '';
};

/** Drug names, removed ones included (a treatment keeps showing what was given). */
const drugNameOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.medDrugName', async (ids) => {
    const rows = await c.db.select({ id: zooMedDrug.id, name: zooMedDrug.drugName }).from(zooMedDrug).where(inArray(zooMedDrug.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  });

const weightDateOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.medWeightDate', async (ids) => {
    const rows = await c.db.select({ id: zooMedWeight.id, d: zooMedWeight.weighDate }).from(zooMedWeight).where(inArray(zooMedWeight.id, ids));
    return new Map(rows.map((r) => [r.id, r.d]));
  });

function refuseFuture(day: string, todayStr: string, label: string): void {
  if (day > todayStr) throw new BizError(`${label}不能晚于今天`);
}

/** A live individual of the caller's zoo (row-level security: another zoo's animal reads as missing). */
const liveAnimal = (db: Tx, id: string) => mustExist(db, zooAnimal, id, ANIMAL_MISSING);

/** The animal's latest live weight on or before `day`. */
export async function latestWeight(db: Tx, animalId: string, day: string): Promise<Weight | undefined> {
  const [w] = await db
    .select()
    .from(zooMedWeight)
    .where(and(eq(zooMedWeight.animalId, animalId), eq(zooMedWeight.isDeleted, 0), lte(zooMedWeight.weighDate, day)))
    .orderBy(desc(zooMedWeight.weighDate), desc(zooMedWeight.id))
    .limit(1);
  return w;
}

/** The dose of `mgPerKg` of `drug` for the animal's latest weight on or before `day`: what the form shows and a submit saves. */
async function dose(db: Tx, animalId: string, drug: Drug, mgPerKg: number, day: string) {
  const w = await latestWeight(db, animalId, day);
  if (!w) throw new BizError(NO_WEIGHT);
  const { doseMg, amount } = computeDose({
    mgPerKg,
    weightKg: w.weightKg,
    concentration: drug.concentration,
    concentrationUnit: drug.concentrationUnit as ConcentrationUnit,
  });
  const reason = outOfRangeReason(mgPerKg, doseMg, drug);
  return { weight: w, doseMg, amount, reason };
}

export function vetRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ formulary
  resourceRoutes(app, {
    table: zooMedDrug,
    def: medDrug,
    defaultOrder: () => [asc(zooMedDrug.drugName), asc(zooMedDrug.id)],
  });

  // ------------------------------------------------------------ weights
  const toWeightRecords = (rs: Weight[], ctx: Ctx): Promise<MedWeightRecord[]> =>
    Promise.all(
      rs.map(async (r) => {
        const a = await animalOf(ctx)(r.animalId);
        const species = a ? await speciesOf(ctx)(a.speciesId) : undefined;
        return { ...r, animalName: a ? animalLabel(a.animalName, a.localNo) : '', speciesName: species?.speciesName ?? '' } as never;
      }),
    );
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
      doseMin: drug.doseMin ?? '',
      doseMax: drug.doseMax ?? '',
      maxDoseMg: drug.maxDoseMg ?? '',
      outOfRange: d.reason,
    };
  });

  // ------------------------------------------------------------ vaccinations and parasite control
  resourceRoutes(app, {
    table: zooMedVaccination,
    def: medVaccination,
    defaultOrder: () => [desc(zooMedVaccination.givenDate), desc(zooMedVaccination.id)],
    toRecords: async (rs, ctx): Promise<MedVaccinationRecord[]> => {
      const ids = rs.map((r) => r.id);
      // Days to the next dose, on the latest record of each animal and product only (a later one supersedes it).
      const due = new Map<string, number>();
      if (ids.length) {
        const found = await ctx.db.execute(sql`
          select v.id::text as id, (v.next_due - current_date)::int as days
            from zoo_med_vaccination v
           where v.id = any(${`{${ids.join(',')}}`}::bigint[]) and v.next_due is not null
             and not exists (select 1 from zoo_med_vaccination l
                              where l.animal_id = v.animal_id and l.product = v.product and l.is_deleted = 0
                                and (l.given_date, l.id) > (v.given_date, v.id))`);
        for (const r of (found as unknown as { rows: Array<{ id: string; days: number }> }).rows) due.set(r.id, r.days);
      }
      return Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const [species, vet] = await Promise.all([a ? speciesOf(ctx)(a.speciesId) : undefined, userOf(ctx)(r.createUser)]);
          return {
            ...r,
            animalName: a ? animalLabel(a.animalName, a.localNo) : '',
            speciesName: species?.speciesName ?? '',
            daysToDue: due.get(r.id) ?? '',
            vetName: vet ? vet.realName || vet.account : '',
          } as never;
        }),
      );
    },
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.givenDate, await today(db), '接种日期');
    },
  });

  // ------------------------------------------------------------ laboratory results
  resourceRoutes(app, {
    table: zooMedLab,
    def: medLab,
    defaultOrder: () => [desc(zooMedLab.sampleDate), desc(zooMedLab.id)],
    toRecords: (rs, ctx): Promise<MedLabRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const species = a ? await speciesOf(ctx)(a.speciesId) : undefined;
          return { ...r, caseId: r.caseId ?? '', animalName: a ? animalLabel(a.animalName, a.localNo) : '', speciesName: species?.speciesName ?? '' } as never;
        }),
      ),
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.sampleDate, await today(db), '采样日期');
      if (input.caseId) {
        const c = await mustExist(db, zooMedCase, input.caseId, CASE_MISSING);
        if (c.animalId !== input.animalId) throw new BizError('所选病例不是该动物的病例');
      }
      return { flag: labFlag(input.value ?? null, input.refLow ?? null, input.refHigh ?? null) };
    },
  });

  // ------------------------------------------------------------ anaesthesia and immobilisation
  resourceRoutes(app, {
    table: zooMedAnaesthesia,
    def: medAnaesthesia,
    defaultOrder: () => [desc(zooMedAnaesthesia.procDate), desc(zooMedAnaesthesia.id)],
    toRecords: (rs, ctx): Promise<MedAnaesthesiaRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const [species, vet] = await Promise.all([a ? speciesOf(ctx)(a.speciesId) : undefined, userOf(ctx)(r.createUser)]);
          return {
            ...r,
            caseId: r.caseId ?? '',
            agents: r.agents.map((g) => ({ ...g, amount: g.amount ?? '' })),
            animalName: a ? animalLabel(a.animalName, a.localNo) : '',
            speciesName: species?.speciesName ?? '',
            vetName: vet ? vet.realName || vet.account : '',
          } as never;
        }),
      ),
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.procDate, await today(db), '日期');
      if (input.caseId) {
        const c = await mustExist(db, zooMedCase, input.caseId, CASE_MISSING);
        if (c.animalId !== input.animalId) throw new BizError('所选病例不是该动物的病例');
      }
      // Every agent is dosed from the same weight: the latest on or before the day.
      const w = await latestWeight(db, input.animalId, input.procDate);
      if (!w) throw new BizError(NO_WEIGHT);
      const agents: AnaesthesiaAgent[] = [];
      for (const g of input.agents) {
        const drug = await mustExist(db, zooMedDrug, g.drugId, DRUG_MISSING);
        const d = await dose(db, input.animalId, drug, g.doseMgKg!, input.procDate);
        if (d.reason && !input.confirmOutOfRange) throw new BizError(`${drug.drugName}: ${d.reason},请确认后再提交`);
        agents.push({
          drugId: drug.id,
          drugName: drug.drugName,
          doseMgKg: g.doseMgKg!,
          doseMg: d.doseMg,
          amount: d.amount as number,
          concentrationUnit: drug.concentrationUnit,
          outOfRange: d.reason,
        });
      }
      return { agents, weightId: w.id, weightKg: w.weightKg, outOfRange: agents.some((g) => g.outOfRange) ? 1 : 0 };
    },
  });
}

/** A value against its reference interval: 1 below, 2 above, 0 within or when there is no value or interval. */
export function labFlag(value: number | null, low: number | null, high: number | null): number {
  if (value === null) return 0;
  if (low !== null && value < low) return 1;
  if (high !== null && value > high) return 2;
  return 0;
}
