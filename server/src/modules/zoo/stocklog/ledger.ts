import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Movement, MovementBody, MovementType } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { reusable } from '../../../db/reusable';
import { BizError } from '../../../platform/http/errors';
import { finalStatement } from '../../../platform/tenancy/tenant-tx';
import { mustExist } from '../../../platform/resource/guards';
import { zooAnimal, zooCage, zooPopulation } from '../zoo.tables';
import { zooTransferLog } from '../transfer/transfer.tables';
import { zooStockLog } from './stocklog.tables';

/**
 * The stock ledger's writes. Every movement locks the stock it changes (`SELECT … FOR UPDATE` on the animal or
 * population rows, several in id order so two moves never deadlock), checks it against the lock-protected
 * counts, changes it and appends its row — all in the request's one transaction, so a refusal changes nothing
 * and concurrent movements on one stock queue instead of losing or overdrawing a count.
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
const INS: readonly MovementType[] = ['born', 'import', 'census'];

const l = zooStockLog;
const a = zooAnimal;
const p = zooPopulation;

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

/**
 * The stock columns of a ledger row read from the statement it is written with: `changed` (id, m, f, u) holds the
 * population's counts after the change; `sign` +1 where heads came in (before = after − q), −1 where they left.
 * Without `popId`, `changed` has the one row.
 */
function changedCounts(popId: string | undefined, q: Mfu, sign: 1 | -1): { before: SQL; after: SQL } {
  const where = popId ? sql` where id = ${popId}::bigint` : sql``;
  return {
    before: sql`(select array[m - ${sign * q[0]}::int, f - ${sign * q[1]}::int, u - ${sign * q[2]}::int] from changed${where})`,
    after: sql`(select array[m, f, u] from changed${where})`,
  };
}

/**
 * Appends a ledger row in the same statement as the stock change it records (`change`: a population write
 * returning id, m, f, u), so a population movement sends its write once: with COMMIT when `final`.
 */
async function appendAfter(db: Tx, change: SQL, row: LedgerInsert, final: boolean): Promise<string> {
  // The row's id (its place in the replay order) is drawn after the change, i.e. after the stock lock is held:
  // left to its column default it may be drawn first, while a birth still waits for the lock.
  const id = sql`(select next_id() from changed limit 1)`;
  const statement = sql`with changed as (${change}) ${db.insert(l).values({ ...row, id: id as never }).returning({ id: l.id }).getSQL()}`;
  const [r] = final ? await finalStatement<{ id: string }>(db, statement) : ((await db.execute(statement)) as unknown as { rows: Array<{ id: string }> }).rows;
  return String(r!.id);
}

/**
 * Awaits checks issued together (they share one message) and throws the first one's refusal in the order given,
 * not in the order they settled: which message a user sees stays the same as when they ran one after another.
 */
export async function inOrder<T extends readonly unknown[]>(checks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(checks);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export const cageOfZoo = (db: Tx, id: string, label = '所选笼舍') => mustExist(db, zooCage, id, `${label}不存在或不属于本园`);

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
  const [row] = await db.select().from(a).where(and(eq(a.id, id), eq(a.isDeleted, 0))).for('update');
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
export async function animalOut(db: Tx, kind: 'export' | 'die' | 'cancel' | 'move', speciesId: string, animalId: string, x: Particulars, toCageId?: string): Promise<string> {
  const animal = await lockAnimal(db, animalId);
  if (animal.speciesId !== speciesId) throw new BizError(`个体「${animalLabel(animal)}」不是所选物种`);
  if (animal.status !== STATUS_IN)
    throw new BizError(`个体「${animalLabel(animal)}」当前状态为${STATUS_NAME[animal.status] ?? animal.status},不在养,不能${MOVEMENT_NAME[kind]}`);
  await refusePendingAnimal(db, animal, MOVEMENT_NAME[kind]);
  const v = sexVector(animal.sex);
  if (kind === 'move') {
    const to = await cageOfZoo(db, toCageId!, '迁入笼舍');
    if (to.id === animal.cageId) throw new BizError(`个体「${animalLabel(animal)}」已在笼舍「${to.cageCode}」`);
    await db.update(a).set({ cageId: to.id }).where(eq(a.id, animal.id));
    return append(db, {
      movementType: 'move', animalType: 1, speciesId, animalId, fromCageId: animal.cageId, toCageId: to.id, ...quantities(v),
      fromBefore: v, fromAfter: [0, 0, 0], toBefore: [0, 0, 0], toAfter: v, statusBefore: STATUS_IN, statusAfter: STATUS_IN, ...particulars(x),
    });
  }
  const status = STATUS_AFTER[kind]!;
  await db.update(a).set({ status }).where(eq(a.id, animal.id));
  return append(db, {
    movementType: kind, animalType: 1, speciesId, animalId, fromCageId: animal.cageId, ...quantities(v),
    fromBefore: v, fromAfter: [0, 0, 0], statusBefore: STATUS_IN, statusAfter: status, ...particulars(x),
  });
}

// ---- populations ----

/**
 * Creates the species' population in a cage, empty, when it has none (concurrent creators meet on the unique
 * index). The move reads it with the lock that follows in the same message: a later statement, so a new snapshot
 * that also sees a row another transaction created while this one waited.
 */
async function createMissingPopulation(db: Tx, speciesId: string, cageId: string): Promise<void> {
  await db.execute(sql`insert into zoo_population (species_id, cage_id) values (${speciesId}::bigint, ${cageId}::bigint)
    on conflict (tenant_id, cage_id, species_id) where is_deleted = 0 do nothing`);
}

/**
 * Locks the species' populations in two cages, in id order (a fixed order: two moves between the same cages never
 * deadlock), and returns them as the locks see them (READ COMMITTED re-reads a row it waited for).
 */
async function lockPair(db: Tx, speciesId: string, cageId: string, otherCageId: string): Promise<PopulationRow[]> {
  return lockPairQuery(db, { speciesId, cageId, otherCageId });
}
const lockPairQuery = reusable<PopulationRow>((db) =>
  db
    .select()
    .from(p)
    .where(and(eq(p.speciesId, sql.placeholder('speciesId')), inArray(p.cageId, [sql.placeholder('cageId'), sql.placeholder('otherCageId')]), eq(p.isDeleted, 0)))
    .orderBy(asc(p.id))
    .for('update'),
);


const SEX_LABELS = ['雄性', '雌性', '性别不明'];
/** `have` = the whole stock, `pending` = heads of it promised to pending transfers (not free to take). */
export function refuseOverdraw(have: Mfu, want: Mfu, cageCode: string, pending: Mfu = [0, 0, 0]): void {
  for (let i = 0; i < 3; i++) {
    if (want[i]! <= have[i]! - pending[i]!) continue;
    if (want[i]! <= have[i]!)
      throw new BizError(`笼舍「${cageCode}」该种群${SEX_LABELS[i]}存栏 ${have[i]} 只,其中 ${pending[i]} 只待转移确认,不能减少 ${want[i]} 只`);
    throw new BizError(`笼舍「${cageCode}」该种群${SEX_LABELS[i]}存栏 ${have[i]} 只,不能减少 ${want[i]} 只`);
  }
}

interface CountsRow {
  id: string;
  m: number;
  f: number;
  u: number;
}
const countsOf = (res: unknown): CountsRow[] =>
  (res as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({ id: String(r.id), m: Number(r.m), f: Number(r.f), u: Number(r.u) }));

/**
 * Adds heads to the species' population in the cage: one upsert creates the population when missing, locks its
 * row and adds the counts (concurrent first births meet on the live unique index), so the lock is held only
 * for this statement, the ledger insert and the commit. The caller has checked the cage (`cageOfZoo`).
 */
export async function populationIn(db: Tx, kind: MovementType, speciesId: string, cageId: string, q: Mfu, x: Particulars, final = false): Promise<string> {
  const counts = changedCounts(undefined, q, 1);
  return appendAfter(
    db,
    sql`insert into zoo_population (species_id, cage_id, male_quantity, female_quantity, they_quantity)
      values (${speciesId}::bigint, ${cageId}::bigint, ${q[0]}::int, ${q[1]}::int, ${q[2]}::int)
      on conflict (tenant_id, cage_id, species_id) where is_deleted = 0 do update set
        male_quantity = zoo_population.male_quantity + excluded.male_quantity,
        female_quantity = zoo_population.female_quantity + excluded.female_quantity,
        they_quantity = zoo_population.they_quantity + excluded.they_quantity
      returning id, male_quantity as m, female_quantity as f, they_quantity as u`,
    {
      movementType: kind, animalType: 2, speciesId, toCageId: cageId, ...quantities(q), ...particulars(x),
      toPopulationId: sql`(select id from changed)` as never, toBefore: counts.before as never, toAfter: counts.after as never,
    },
    final,
  );
}

/**
 * A record created through the registry's `submit` (the contract keeps submit = create-or-update) enters as an
 * introduction (引进, type 其他) dated its creation: stock only ever enters through a birth or an import
 * (decision 0027). The registry cannot know of a birth in this zoo (the birth form does), so never `born`.
 */
export const registryEntry = (eventDate: string): Particulars => ({ eventDate, typeKey: REGISTRY_IMPORT_TYPE, remark: '档案登记(经档案表单新增,未填写引进登记)' });
/** Dictionary import_type 6 其他. */
export const REGISTRY_IMPORT_TYPE = '6';

/** The opening import row of a population created through the registry with counts. */
export async function appendPopulationEntry(db: Tx, pop: PopulationRow, q: Mfu): Promise<string> {
  return append(db, {
    movementType: 'import', animalType: 2, speciesId: pop.speciesId, toPopulationId: pop.id, toCageId: pop.cageId, ...quantities(q),
    toBefore: [0, 0, 0], toAfter: q, ...particulars(registryEntry(pop.createTime)),
  });
}

export async function populationOut(
  db: Tx,
  kind: 'export' | 'die' | 'cancel' | 'move',
  speciesId: string,
  cageId: string,
  q: Mfu,
  x: Particulars,
  toCageId?: string,
  final = false,
): Promise<string> {
  const move = kind === 'move';
  const [cage] = await inOrder([cageOfZoo(db, cageId), move ? cageOfZoo(db, toCageId!, '迁入笼舍') : Promise.resolve(undefined)] as const);
  const row: LedgerInsert = { movementType: kind, animalType: 2, speciesId, fromCageId: cageId, ...quantities(q), ...particulars(x) };
  if (move) {
    // One message: create the target population when missing, then lock both (id order: crossing moves never
    // deadlock) and read their counts as the locks see them.
    const [, locked] = await Promise.all([createMissingPopulation(db, speciesId, toCageId!), lockPair(db, speciesId, cageId, toCageId!)]);
    const src = locked.find((r) => r.cageId === cageId);
    const dst = locked.find((r) => r.cageId === toCageId)!;
    if (!src) throw new BizError(`笼舍「${cage.cageCode}」没有该物种的种群存栏`);
    refuseOverdraw(mfuOf(src), q, cage.cageCode, pendingOf(src));
    // Both rows change and the ledger row is written by one statement (behind it, COMMIT when final).
    const [from, to] = [changedCounts(src.id, q, -1), changedCounts(dst.id, q, 1)];
    return appendAfter(
      db,
      sql`update zoo_population set
          male_quantity = male_quantity + case when id = ${dst.id}::bigint then ${q[0]}::int else ${-q[0]}::int end,
          female_quantity = female_quantity + case when id = ${dst.id}::bigint then ${q[1]}::int else ${-q[1]}::int end,
          they_quantity = they_quantity + case when id = ${dst.id}::bigint then ${q[2]}::int else ${-q[2]}::int end
        where id in (${src.id}::bigint, ${dst.id}::bigint)
        returning id, male_quantity as m, female_quantity as f, they_quantity as u`,
      { ...row, populationId: src.id, fromBefore: from.before as never, fromAfter: from.after as never, toPopulationId: dst.id, toCageId, toBefore: to.before as never, toAfter: to.after as never },
      final,
    );
  }
  // One statement locks, checks and takes the heads; nothing matched = no population or not enough heads.
  const [taken] = countsOf(
    await db.execute(sql`update zoo_population set male_quantity = male_quantity - ${q[0]}::int, female_quantity = female_quantity - ${q[1]}::int,
        they_quantity = they_quantity - ${q[2]}::int
      where species_id = ${speciesId}::bigint and cage_id = ${cageId}::bigint and is_deleted = 0
        and male_quantity - pending_male >= ${q[0]}::int and female_quantity - pending_female >= ${q[1]}::int
        and they_quantity - pending_they >= ${q[2]}::int
      returning id, male_quantity as m, female_quantity as f, they_quantity as u`),
  );
  if (!taken) return refuseOut(db, speciesId, cageId, cage.cageCode, q);
  const fromAfter: Mfu = [taken.m, taken.f, taken.u];
  return append(db, { ...row, populationId: taken.id, fromBefore: plus(fromAfter, q), fromAfter }, final);
}

/** Why a take matched nothing: no population of the species in the cage, or fewer heads than asked. */
async function refuseOut(db: Tx, speciesId: string, cageId: string, cageCode: string, q: Mfu): Promise<never> {
  const [pop] = await db.select().from(p).where(and(eq(p.speciesId, speciesId), eq(p.cageId, cageId), eq(p.isDeleted, 0)));
  if (!pop) throw new BizError(`笼舍「${cageCode}」没有该物种的种群存栏`);
  refuseOverdraw(mfuOf(pop), q, cageCode, pendingOf(pop));
  // Counts changed between the two reads: the take raced another movement; ask the user to retry.
  throw new BizError('存栏刚被其他登记改变,请重试');
}

// ---- the six movements from their forms ----

const mfuIn = (b: { maleQuantity: number; femaleQuantity: number; theyQuantity: number }): Mfu => [b.maleQuantity, b.femaleQuantity, b.theyQuantity];

export function particularsOf<K extends Movement>(kind: K, b: MovementBody[K]): Particulars {
  const base = { images: b.images ?? [], remark: b.remark ?? '' };
  switch (kind) {
    case 'born': {
      const x = b as MovementBody['born'];
      return { ...base, eventDate: x.bornDate, typeKey: x.bornType ? String(x.bornType) : '' };
    }
    case 'import': {
      const x = b as MovementBody['import'];
      return { ...base, eventDate: x.importDate, typeKey: String(x.importType), counterpart: x.source, permitNo: x.permitNo, price: x.price };
    }
    case 'export': {
      const x = b as MovementBody['export'];
      return { ...base, eventDate: x.exportDate, typeKey: String(x.exportType), counterpart: x.output, permitNo: x.permitNo, price: x.price, backDate: x.backDate };
    }
    case 'move':
      return { ...base, eventDate: (b as MovementBody['move']).moveDate };
    case 'die': {
      const x = b as MovementBody['die'];
      return { ...base, eventDate: x.dieDate, typeKey: String(x.dieType), reason: x.reason };
    }
    default: {
      const x = b as MovementBody['cancel'];
      return { ...base, eventDate: x.cancelDate, typeKey: String(x.cancelType), reason: x.reason };
    }
  }
}

export { INS, mfuIn };
