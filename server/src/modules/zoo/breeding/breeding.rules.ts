import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { OESTRUS_SIGN_DICT, OESTRUS_SIGNS } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BIZ_DICT, dictItems } from '../../../platform/dict/dict-cache';
import type { Ctx } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { mustExist } from '../../../platform/resource/guards';
import { animalLabel } from '../keeper/basic-log.service';
import { animalOf, type LookupCtx } from '../shared/lookups';
import { zooAnimal } from '../zoo.tables';
import { zooBreedSemen } from './breeding.tables';

/** Rules the breeding records share (decision 0042): who may be observed or bred, and the straw count. */

export const ANIMAL_MISSING = '所选动物不存在';
export const SEMEN_MISSING = '所选精液样本不存在';
const MALE = 1;
const FEMALE = 2;

type Animal = typeof zooAnimal.$inferSelect;

export function refuseFuture(day: string, todayStr: string, label: string): void {
  if (day > todayStr) throw new BizError(`${label}不能晚于今天`);
}

/** A live individual of the caller's zoo that is female (row-level security: another zoo's animal reads as missing). */
export async function female(db: Tx, id: string, what: string): Promise<Animal> {
  const a = await mustExist(db, zooAnimal, id, ANIMAL_MISSING);
  if (a.sex === MALE) throw new BizError(`雄性个体不能登记${what}`);
  if (a.sex !== FEMALE) throw new BizError(`性别未知的个体不能登记${what},请先确定性别`);
  return a;
}

/**
 * The candidate sires of an event: the zoo's males of the female's species. A donor may have died since (frozen
 * semen outlives him), so any live record counts, whatever its stock state.
 */
export async function sires(db: Tx, ids: string[], speciesId: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select({ id: zooAnimal.id, sex: zooAnimal.sex, speciesId: zooAnimal.speciesId })
    .from(zooAnimal)
    .where(and(inArray(zooAnimal.id, unique), eq(zooAnimal.isDeleted, 0)));
  if (rows.length !== unique.length) throw new BizError('所选父本个体不存在');
  for (const r of rows) {
    if (r.speciesId !== speciesId) throw new BizError('父本(供体)与雌性不是同一物种');
    if (r.sex !== MALE) throw new BizError('父本(供体)必须是雄性个体');
  }
  return unique;
}

/** A sample of the caller's bank usable for the female: same species, still held (not transferred out). */
export async function usableSemen(db: Tx, id: string, speciesId: string): Promise<typeof zooBreedSemen.$inferSelect> {
  const s = await mustExist(db, zooBreedSemen, id, SEMEN_MISSING);
  if (s.speciesId !== speciesId) throw new BizError('精液样本的供体与雌性不是同一物种');
  if (s.transferDate) throw new BizError('精液样本已转出,不能用于输精');
  return s;
}

/**
 * Takes `n` straws from a sample. One conditional UPDATE: the row lock serialises parallel inseminations and the
 * condition is re-read after the lock is granted, so the count can reach zero but never pass it; the check
 * constraint of the table stands behind it.
 */
export async function takeStraws(db: Tx, semenId: string, n: number): Promise<void> {
  const [left] = await db
    .update(zooBreedSemen)
    .set({ straws: sql`${zooBreedSemen.straws} - ${n}` })
    .where(and(eq(zooBreedSemen.id, semenId), eq(zooBreedSemen.isDeleted, 0), gte(zooBreedSemen.straws, n)))
    .returning({ straws: zooBreedSemen.straws });
  if (left) return;
  const [s] = await db.select({ straws: zooBreedSemen.straws }).from(zooBreedSemen).where(eq(zooBreedSemen.id, semenId));
  throw new BizError(`精液样本剩余支数不足(剩余${s?.straws ?? 0}支,需要${n}支)`);
}

/** Gives straws back to a sample (an insemination removed or changed). */
export async function returnStraws(db: Tx, semenId: string, n: number): Promise<void> {
  await db
    .update(zooBreedSemen)
    .set({ straws: sql`${zooBreedSemen.straws} + ${n}` })
    .where(eq(zooBreedSemen.id, semenId));
}

export const nameOf = async (ctx: LookupCtx, id: string | null) => {
  const a = id ? await animalOf(ctx)(id) : undefined;
  return a ? animalLabel(a.animalName, a.localNo) : '';
};

/** The calendar year as a date range (a season is read by the year it falls in). */
export const yearRange = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const;

export async function sireNames(ctx: LookupCtx, ids: string[]): Promise<string> {
  return (await Promise.all(ids.map((id) => nameOf(ctx, id)))).filter(Boolean).join('、');
}

/**
 * Behaviour signs must be keys of the zoo's business dictionary `oestrus_sign` (seeded with the product's keys,
 * editable in 业务字典). A zoo without the dictionary yet (created since the last start) reads the seeded keys.
 */
export async function checkSigns(ctx: Ctx, signs: number[]): Promise<void> {
  const items = await dictItems(ctx.req.server.zoo.cache, ctx.db, BIZ_DICT, ctx.session.tenantId, OESTRUS_SIGN_DICT);
  const keys = new Set(items.length ? items.map((i) => i.dictKey) : OESTRUS_SIGNS.map(String));
  const unknown = signs.find((k) => !keys.has(String(k)));
  if (unknown !== undefined) throw new BizError(`发情行为取值不正确: 业务字典「发情行为」(oestrus_sign) 中没有键 ${unknown}`);
}
