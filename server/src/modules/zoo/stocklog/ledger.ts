import { and, eq, type SQL } from 'drizzle-orm';
import type { MovementType } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { finalStatement } from '../../../platform/tenancy/tenant-tx';
import { mustExist } from '../../../platform/resource/guards';
import { zooAnimal, zooCage, zooPopulation } from '../zoo.tables';
import { zooTransferLog } from '../transfer/transfer.tables';
import { checkMoveInQuarantine } from '../vet/quarantine.service';
import { zooStockLog } from './stocklog.tables';

/*
 * The stock ledger's writes. Every movement locks the stock it changes (`SELECT … FOR UPDATE` on the animal or
 * population rows, several in id order so two moves never deadlock), checks it against the lock-protected
 * counts, changes it and appends its row — all in the request's one transaction, so a refusal changes nothing
 * and concurrent movements on one stock queue instead of losing or overdrawing a count. A population's movement
 * runs as one PostgreSQL function call (migration 0027); an individual's as statements from here.
 */

export type Mfu = [number, number, number];
type LedgerInsert = typeof zooStockLog.$inferInsert;
export type AnimalRow = typeof zooAnimal.$inferSelect;
type PopulationRow = typeof zooPopulation.$inferSelect;

export const STATUS_IN = 1;
/** An individual's status after an out movement (dict animal_status). */
const STATUS_AFTER: Partial<Record<MovementType, number>> = { export: 2, die: 3, cancel: 4 };
/** An individual that left through an accepted inter-zoo transfer (dict animal_status 5). */
export const STATUS_TRANSFERRED = 5;
const STATUS_NAME: Record<number, string> = { 0: '未登记', 1: '在养', 2: '已输出', 3: '已死亡', 4: '已注销', 5: '已转出' };
export const MOVEMENT_NAME: Record<MovementType, string> = {
  born: '出生',
  import: '引进',
  export: '输出',
  move: '迁移',
  die: '死亡',
  cancel: '注销',
  census: '期初登记',
  reverse: '撤销',
};
export const INS: readonly MovementType[] = ['born', 'import', 'census'];

const l = zooStockLog;
const a = zooAnimal;

export const sexVector = (sex: number): Mfu => [sex === 1 ? 1 : 0, sex === 2 ? 1 : 0, sex === 1 || sex === 2 ? 0 : 1];
export const mfuOf = (r: Pick<PopulationRow, 'maleQuantity' | 'femaleQuantity' | 'theyQuantity'>): Mfu => [r.maleQuantity, r.femaleQuantity, r.theyQuantity];
/** Heads of a population promised to pending transfers (not free for any other movement). */
export const pendingOf = (r: PopulationRow): Mfu => [r.pendingMale, r.pendingFemale, r.pendingThey];
export const plus = (x: Mfu, y: Mfu, sign = 1): Mfu => [x[0] + sign * y[0], x[1] + sign * y[1], x[2] + sign * y[2]];
export const quantities = (q: Mfu) => ({ maleQuantity: q[0], femaleQuantity: q[1], theyQuantity: q[2] });
export const animalLabel = (r: { localNo: string; animalName: string }) => (r.animalName ? `${r.animalName}(${r.localNo})` : r.localNo);

/** What every movement row carries besides its stock: date, type, counterpart, money, papers, images, remark. */
export interface Particulars {
  eventDate: string;
  typeKey?: string;
  counterpart?: string;
  price?: number | null;
  backDate?: string | null;
  permitNo?: string | null;
  reason?: string | null;
  images?: string[];
  remark?: string | null;
  /** The inter-zoo transfer the row carries out. */
  transferId?: string | null;
}

export const particulars = (x: Particulars) => ({
  eventDate: x.eventDate,
  typeKey: x.typeKey ?? '',
  counterpart: x.counterpart ?? '',
  price: x.price ?? null,
  backDate: x.backDate ?? null,
  permitNo: x.permitNo ?? '',
  reason: x.reason ?? '',
  images: (x.images ?? []).join(','),
  remark: x.remark ?? '',
  transferId: x.transferId ?? null,
});

/**
 * Appends a ledger row. `final`: the handler only answers after it, so the row travels with COMMIT (the stock
 * locks the movement took are released without waiting for another round trip).
 */
export async function append(db: Tx, row: LedgerInsert, final = false): Promise<string> {
  const insert = db.insert(l).values(row).returning({ id: l.id });
  const [r] = final ? await finalStatement<{ id: string }>(db, insert.getSQL()) : await insert;
  return String(r!.id);
}

export const cageRefusal = (label = '所选笼舍') => `${label}不存在或不属于本园`;
export const cageOfZoo = (db: Tx, id: string, label = '所选笼舍') => mustExist(db, zooCage, id, cageRefusal(label));

/** Whether any ledger row matches (a registry record's opening entry exists). */
export async function anyMovement(db: Tx, where: SQL | undefined): Promise<boolean> {
  return (await db.select({ id: l.id }).from(l).where(where).limit(1)).length > 0;
}

// ---- stock promised to a pending transfer ----

/**
 * An individual under a pending transfer stays where it is until the receiver confirms or the sender withdraws.
 * Called with the animal row locked: a proposal locks it too, so the two never pass each other.
 */
export async function refusePendingAnimal(db: Tx, animal: Pick<AnimalRow, 'id' | 'localNo' | 'animalName'>, what: string): Promise<void> {
  const [pending] = await db
    .select({ toZooName: zooTransferLog.toZooName })
    .from(zooTransferLog)
    .where(and(eq(zooTransferLog.animalId, animal.id), eq(zooTransferLog.transferStatus, 0), eq(zooTransferLog.isDeleted, 0)))
    .limit(1);
  if (pending) throw new BizError(`个体「${animalLabel(animal)}」有待「${pending.toZooName}」确认的转移,不能${what};请等待对方确认或撤回转移`);
}

// ---- individuals ----

export async function lockAnimal(db: Tx, id: string): Promise<AnimalRow> {
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.isDeleted, 0)))
    .for('update');
  if (!row) throw new BizError('所选个体不存在或不属于本园');
  return row;
}

/** The opening row of an individual registered with status "in stock" (registry create, birth, import). */
export async function appendAnimalIn(db: Tx, kind: MovementType, animal: AnimalRow, x: Particulars): Promise<string> {
  return append(db, {
    movementType: kind,
    animalType: 1,
    speciesId: animal.speciesId,
    animalId: animal.id,
    toCageId: animal.cageId,
    ...quantities(sexVector(animal.sex)),
    toBefore: [0, 0, 0],
    toAfter: sexVector(animal.sex),
    statusBefore: 0,
    statusAfter: STATUS_IN,
    ...particulars(x),
  });
}

/** Export, death, deregistration or move of one individual. */
export async function animalOut(
  db: Tx,
  kind: 'export' | 'die' | 'cancel' | 'move',
  speciesId: string,
  animalId: string,
  x: Particulars,
  toCageId?: string,
): Promise<string> {
  const animal = await lockAnimal(db, animalId);
  if (animal.speciesId !== speciesId) throw new BizError(`个体「${animalLabel(animal)}」不是所选物种`);
  if (animal.status !== STATUS_IN)
    throw new BizError(`个体「${animalLabel(animal)}」当前状态为${STATUS_NAME[animal.status] ?? animal.status},不在养,不能${MOVEMENT_NAME[kind]}`);
  await refusePendingAnimal(db, animal, MOVEMENT_NAME[kind]);
  const v = sexVector(animal.sex);
  if (kind === 'move') {
    const to = await cageOfZoo(db, toCageId!, '迁入笼舍');
    if (to.id === animal.cageId) throw new BizError(`个体「${animalLabel(animal)}」已在笼舍「${to.cageCode}」`);
    // Out of a 隔离检疫 cage only after a vet's release (decision 0038).
    await checkMoveInQuarantine(db, animal.id, animalLabel(animal), to);
    await db.update(a).set({ cageId: to.id }).where(eq(a.id, animal.id));
    return append(db, {
      movementType: 'move',
      animalType: 1,
      speciesId,
      animalId,
      fromCageId: animal.cageId,
      toCageId: to.id,
      ...quantities(v),
      fromBefore: v,
      fromAfter: [0, 0, 0],
      toBefore: [0, 0, 0],
      toAfter: v,
      statusBefore: STATUS_IN,
      statusAfter: STATUS_IN,
      ...particulars(x),
    });
  }
  const status = STATUS_AFTER[kind]!;
  await db.update(a).set({ status }).where(eq(a.id, animal.id));
  return append(db, {
    movementType: kind,
    animalType: 1,
    speciesId,
    animalId,
    fromCageId: animal.cageId,
    ...quantities(v),
    fromBefore: v,
    fromAfter: [0, 0, 0],
    statusBefore: STATUS_IN,
    statusAfter: status,
    ...particulars(x),
  });
}

/**
 * A record created through the registry's `submit` (the contract keeps submit = create-or-update) enters as an
 * introduction (引进, type 其他) dated its creation: stock only ever enters through a birth or an import
 * (decision 0027). The registry cannot know of a birth in this zoo (the birth form does), so never `born`.
 */
export const registryEntry = (eventDate: string): Particulars => ({
  eventDate,
  typeKey: REGISTRY_IMPORT_TYPE,
  remark: '档案登记(经档案表单新增,未填写引进登记)',
});
/** Dictionary import_type 6 其他. */
export const REGISTRY_IMPORT_TYPE = '6';

/** The opening import row of a population created through the registry with counts. */
export async function appendPopulationEntry(db: Tx, pop: PopulationRow, q: Mfu, x: Particulars = registryEntry(pop.createTime)): Promise<string> {
  return append(db, {
    movementType: 'import',
    animalType: 2,
    speciesId: pop.speciesId,
    toPopulationId: pop.id,
    toCageId: pop.cageId,
    ...quantities(q),
    toBefore: [0, 0, 0],
    toAfter: q,
    ...particulars(x),
  });
}
