import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_QUARANTINE_DAYS, QUARANTINE_CAGE_TYPE, quarantineDaysParamKey } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { bladeParam } from '../../../platform/param/param.tables';
import { zooCage } from '../zoo.tables';
import { zooMedQuarantine } from './quarantine.tables';

/*
 * Quarantine as the stock ledger sees it (decision 0038): an arrival into a 隔离检疫 cage opens one, and a move out
 * of quarantine before a vet's release is refused — both inside the movement's own transaction, so a refused move
 * changes nothing and an arrival never exists without its quarantine.
 */

type Arrival = { id: string; tenantId: string; speciesId: string; cageId: string | null };

/** `day` + `n` days, as yyyy-MM-dd (calendar arithmetic on UTC midnight: no time-zone shift). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The species' quarantine days, else the zoo's, else 30: parameters read in the caller's transaction. */
export async function quarantineDays(db: Tx, tenantId: string, speciesId: string): Promise<number> {
  const speciesKey = quarantineDaysParamKey(tenantId, speciesId);
  const zooKey = quarantineDaysParamKey(tenantId);
  const rows = await db
    .select({ key: bladeParam.paramKey, value: bladeParam.paramValue })
    .from(bladeParam)
    .where(and(inArray(bladeParam.paramKey, [speciesKey, zooKey]), eq(bladeParam.isDeleted, 0)));
  for (const key of [speciesKey, zooKey]) {
    const n = Number(rows.find((r) => r.key === key)?.value?.trim());
    // A parameter that is not a whole number of days in 1–365 is ignored rather than trusted.
    if (Number.isInteger(n) && n >= 1 && n <= 365) return n;
  }
  return DEFAULT_QUARANTINE_DAYS;
}

/** Opens the quarantine of an individual arriving (import, transfer in) when its cage is a 隔离检疫 cage. */
export async function startQuarantineOnArrival(db: Tx, animal: Arrival, arrival: string, stockLogId: string): Promise<void> {
  if (!animal.cageId) return;
  // The movement's date travels as `yyyy-MM-dd HH:mm:ss`: the quarantine counts whole days from its day.
  const startDate = arrival.slice(0, 10);
  const [cage] = await db.select({ cageType: zooCage.cageType }).from(zooCage).where(eq(zooCage.id, animal.cageId));
  if (cage?.cageType !== QUARANTINE_CAGE_TYPE) return;
  const days = await quarantineDays(db, animal.tenantId, animal.speciesId);
  await db.insert(zooMedQuarantine).values({
    animalId: animal.id,
    cageId: animal.cageId,
    stockLogId,
    startDate,
    days,
    endDate: addDays(startDate, days),
  });
}

/** The animal's quarantine in force (not released), if any. */
export async function openQuarantine(db: Tx, animalId: string) {
  const [q] = await db
    .select()
    .from(zooMedQuarantine)
    .where(and(eq(zooMedQuarantine.animalId, animalId), eq(zooMedQuarantine.quarantineStatus, 1), eq(zooMedQuarantine.isDeleted, 0)));
  return q;
}

/**
 * A move of an individual in quarantine: into another 隔离检疫 cage it stays in quarantine there; anywhere else it
 * is refused until a vet releases it. Called by the ledger with the animal row locked.
 */
export async function checkMoveInQuarantine(db: Tx, animalId: string, label: string, to: { id: string; cageType: number }): Promise<void> {
  const q = await openQuarantine(db, animalId);
  if (!q) return;
  if (to.cageType === QUARANTINE_CAGE_TYPE) {
    await db.update(zooMedQuarantine).set({ cageId: to.id }).where(eq(zooMedQuarantine.id, q.id));
    return;
  }
  throw new BizError(`个体「${label}」正在隔离检疫(计划至 ${q.endDate}),须兽医解除隔离后才能迁出隔离笼舍`);
}

/** An individual in quarantine cannot be proposed for a transfer to another zoo: it leaves only after a vet's release. */
export async function refuseTransferInQuarantine(db: Tx, animalId: string, label: string): Promise<void> {
  const q = await openQuarantine(db, animalId);
  if (q) throw new BizError(`个体「${label}」正在隔离检疫(计划至 ${q.endDate}),须兽医解除隔离后才能转移`);
}

/**
 * An arrival reversed never happened: the quarantine it opened is withdrawn with it (removed logically, so the
 * audit trail keeps it), whether in force or released.
 */
export async function voidArrivalQuarantine(db: Tx, stockLogId: string): Promise<void> {
  await db
    .update(zooMedQuarantine)
    .set({ isDeleted: 1 })
    .where(and(eq(zooMedQuarantine.stockLogId, stockLogId), eq(zooMedQuarantine.isDeleted, 0)));
}
