import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { computeDose, outOfRangeReason, type ConcentrationUnit } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { batchLoader } from '../../../platform/resource/batch-loader';
import { mustExist } from '../../../platform/resource/guards';
import { animalLabel } from '../keeper/basic-log.service';
import { animalOf, type LookupCtx } from '../shared/lookups';
import { zooAnimal } from '../zoo.tables';
import { rangeFor } from './taxon-range';
import { zooMedDrug, zooMedWeight } from './vet.tables';

/** What the veterinary resources share (decision 0038): refusals, lookups, the latest weight and the dose from it. */

export const ANIMAL_MISSING = '所选动物不存在';
export const CASE_MISSING = '所选病例不存在';
export const DRUG_MISSING = '所选药品不存在';
export const NO_WEIGHT = '该动物没有体重记录,请先登记体重';

export type Drug = typeof zooMedDrug.$inferSelect;
export type Weight = typeof zooMedWeight.$inferSelect;

/** The animal's name as lists show it: `name (local no.)`, or the local number. */
export const animalName = async (ctx: LookupCtx, id: string) => {
  const a = await animalOf(ctx)(id);
  return a ? animalLabel(a.animalName, a.localNo) : '';
};

/** Drug names, removed ones included (a treatment keeps showing what was given). */
export const drugNameOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.medDrugName', async (ids) => {
    const rows = await c.db.select({ id: zooMedDrug.id, name: zooMedDrug.drugName }).from(zooMedDrug).where(inArray(zooMedDrug.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  });

export const weightDateOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.medWeightDate', async (ids) => {
    const rows = await c.db.select({ id: zooMedWeight.id, d: zooMedWeight.weighDate }).from(zooMedWeight).where(inArray(zooMedWeight.id, ids));
    return new Map(rows.map((r) => [r.id, r.d]));
  });

export function refuseFuture(day: string, todayStr: string, label: string): void {
  if (day > todayStr) throw new BizError(`${label}不能晚于今天`);
}

/** A live individual of the caller's zoo (row-level security: another zoo's animal reads as missing). */
export const liveAnimal = (db: Tx, id: string) => mustExist(db, zooAnimal, id, ANIMAL_MISSING);

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

/**
 * The dose of `mgPerKg` of `drug` for `weightKg` of an animal of `speciesId`: mg and amount, and why it is outside
 * the range that applies (the species' own, else its nearest taxon's, else the drug's), '' when inside. A
 * prescription passes the animal's weight, a group treatment the mean weight per head.
 */
export async function doseForWeight(db: Tx, speciesId: string | undefined, drug: Drug, mgPerKg: number, weightKg: number) {
  const { doseMg, amount } = computeDose({
    mgPerKg,
    weightKg,
    concentration: drug.concentration,
    concentrationUnit: drug.concentrationUnit as ConcentrationUnit,
  });
  const range = speciesId ? await rangeFor(db, drug, speciesId) : drug;
  return { doseMg, amount, reason: outOfRangeReason(mgPerKg, doseMg, range), range };
}

/** The dose of `mgPerKg` of `drug` for the animal's latest weight on or before `day`: what the form shows and a submit saves. */
export async function dose(db: Tx, animalId: string, drug: Drug, mgPerKg: number, day: string) {
  const w = await latestWeight(db, animalId, day);
  if (!w) throw new BizError(NO_WEIGHT);
  const [animal] = await db.select({ speciesId: zooAnimal.speciesId }).from(zooAnimal).where(eq(zooAnimal.id, animalId));
  return { weight: w, ...(await doseForWeight(db, animal?.speciesId, drug, mgPerKg, w.weightKg)) };
}

/** A value against its reference interval: 1 below, 2 above, 0 within or when there is no value or interval. */
export function labFlag(value: number | null, low: number | null, high: number | null): number {
  if (value === null) return 0;
  if (low !== null && value < low) return 1;
  if (high !== null && value > high) return 2;
  return 0;
}
