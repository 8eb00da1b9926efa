import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DietFeeding } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { rows } from '../keeper/basic-log.service';
import { zooDietPlan, type StoredFeeding } from './diet.tables';

/** The zoo's food items (business dictionary `zoo_food`), key → name. */
export async function foodNames(db: Tx): Promise<Map<string, string>> {
  const r = await rows<{ k: string; v: string }>(
    db,
    sql`select dict_key as k, dict_value as v from blade_dict_biz where code = 'zoo_food' and dict_key <> '-1' and is_deleted = 0`,
  );
  return new Map(r.map((x) => [x.k, x.v]));
}

export const feedingOut = (f: StoredFeeding, names: Map<string, string>): DietFeeding => ({
  no: f.no,
  time: f.time,
  foodKey: f.foodKey,
  foodName: names.get(f.foodKey) ?? f.foodKey,
  amount: f.amount,
  unit: f.unit,
  price: f.price ?? '',
  note: f.note,
});

interface FeedingInput {
  no?: number;
  time: string;
  foodKey: string;
  amount: number;
  unit: string;
  price?: number | null;
  note?: string | null;
}

/**
 * A plan's feedings as stored: ordered by time, food items checked against the dictionary, and numbered. A feeding
 * that comes back with its number keeps it (its records stay attached); new ones get the next free numbers.
 */
export async function storedFeedings(db: Tx, input: FeedingInput[], existing?: StoredFeeding[]): Promise<StoredFeeding[]> {
  const names = await foodNames(db);
  const known = new Set((existing ?? []).map((f) => f.no));
  let next = Math.max(0, ...(existing ?? []).map((f) => f.no));
  const seen = new Set<number>();
  const out = input.map((f) => {
    if (!names.has(f.foodKey)) throw new BizError(`食物「${f.foodKey}」不在饲料品种字典中`);
    const no = f.no && known.has(f.no) && !seen.has(f.no) ? f.no : ++next;
    seen.add(no);
    return { no, time: f.time, foodKey: f.foodKey, amount: f.amount, unit: f.unit, price: f.price ?? null, note: f.note ?? '' };
  });
  return out.sort((a, b) => a.time.localeCompare(b.time) || a.no - b.no);
}

/** The plan in force for a subject on a day: the latest start on or before it. */
export async function planOn(db: Tx, animalId: string, day: string) {
  const [p] = await db
    .select()
    .from(zooDietPlan)
    .where(and(eq(zooDietPlan.animalId, animalId), lte(zooDietPlan.effectiveFrom, day), eq(zooDietPlan.isDeleted, 0)))
    .orderBy(desc(zooDietPlan.effectiveFrom))
    .limit(1);
  return p;
}

export const PLAN_MISSING = '所选饲喂计划不存在';
export const refuse = (msg: string): never => {
  throw new BizError(msg);
};
