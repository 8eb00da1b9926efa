import { and, eq, isNull, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { FLAG_MICROCHIP, FLAG_TYPE_NAMES, parseMicrochip, type AnimalFlagRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { animalOf, type LookupCtx } from '../shared/lookups';
import { zooAnimal, zooAnimalFlag } from '../zoo.tables';
import type { Wire } from '../../../platform/http/route';

const f = zooAnimalFlag;
export type FlagRow = typeof zooAnimalFlag.$inferSelect;

/** The stored form of a code: microchips without spaces (legacy ones upper-cased), others trimmed. */
export function normaliseCode(type: number, code: string): { code: string; isoCompliant: number | null } {
  if (type !== FLAG_MICROCHIP) return { code: code.trim(), isoCompliant: null };
  const chip = parseMicrochip(code)!;
  return { code: chip.code, isoCompliant: chip.isoCompliant ? 1 : 0 };
}

export async function currentFlag(db: Tx, animalId: string, type: number): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.animalId, animalId), eq(f.type, type), isNull(f.voidTime), eq(f.isDeleted, 0)))
    .for('update');
  return row;
}

/** Versions count on across removed rows too: a number once used is never reissued. */
export async function nextVersion(db: Tx, animalId: string, type: number): Promise<number> {
  const [{ v }] = (await db
    .select({ v: max(f.version) })
    .from(f)
    .where(and(eq(f.animalId, animalId), eq(f.type, type)))) as [{ v: number | null }];
  return (v ?? 0) + 1;
}

/** A current identifier of one type belongs to one animal only (a chip cannot sit in two animals). */
export async function assertCodeFree(db: Tx, type: number, code: string, animalId: string): Promise<void> {
  const [other] = await db
    .select({ localNo: zooAnimal.localNo })
    .from(f)
    .innerJoin(zooAnimal, eq(zooAnimal.id, f.animalId))
    .where(and(eq(f.type, type), eq(f.code, code), isNull(f.voidTime), eq(f.isDeleted, 0), ne(f.animalId, animalId)))
    .limit(1);
  if (other) throw new BizError(`「${FLAG_TYPE_NAMES[type]}」标识码 ${code} 已被个体「${other.localNo}」使用`);
}

export async function flagRecord(row: FlagRow, c: LookupCtx): Promise<Wire<z.output<typeof AnimalFlagRecord>>> {
  const animal = await animalOf(c)(row.animalId);
  const chip = row.type === FLAG_MICROCHIP ? parseMicrochip(row.code) : null;
  return {
    ...row,
    localNo: animal?.localNo,
    animalName: animal?.animalName,
    isoCompliant: row.isoCompliant,
    prefix: chip?.prefix,
    prefixMeaning: chip?.prefixMeaning,
    issueDate: row.issueDate,
    voidTime: row.voidTime,
    current: !row.voidTime,
  };
}
