import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { releaseUses } from '../permit/permit-gate';
import { BizError } from '../../../platform/http/errors';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { zooAnimal, zooPopulation } from '../zoo.tables';
import { animalLabel, INS, MOVEMENT_NAME, pendingOf, refusePendingAnimal, type Mfu } from './ledger';
import { zooStockLog } from './stocklog.tables';
import { voidArrivalQuarantine } from '../vet/quarantine.service';

const l = zooStockLog;
const a = zooAnimal;
const p = zooPopulation;
type LogRow = typeof zooStockLog.$inferSelect;
type Common = Omit<typeof zooStockLog.$inferInsert, 'eventDate'> & { eventDate: ReturnType<typeof sql> };

/** A row that still counts: not a reversal and not reversed. */
const effective = sql`${l.movementType} <> 'reverse' and not exists (select 1 from zoo_stock_log r where r.reversed_id = ${l.id})`;

async function latestOf(db: Tx, where: ReturnType<typeof eq>): Promise<string | undefined> {
  const [row] = await db
    .select({ id: l.id })
    .from(l)
    .where(and(where, effective))
    .orderBy(sql`${l.id} desc`)
    .limit(1);
  return row?.id;
}

/**
 * The ledger's `remove`: appends a compensating row for the latest movement still in force of the stock(s) it
 * touched and puts the stock back, or refuses. Rows are never edited; reversing again walks further back.
 */
export async function reverseMovement(db: Tx, id: string, why: string): Promise<string> {
  const [row] = await db.select().from(l).where(eq(l.id, id));
  if (!row) throw new BizError(NOT_FOUND);
  if (row.movementType === 'reverse') throw new BizError('撤销记录本身不能再撤销');
  // An accepted transfer changed two zoos' stock in one go; undoing one side alone would duplicate or lose the animal.
  if (row.transferId) throw new BizError('园间转移产生的存栏变动不能撤销');
  const common: Common = {
    movementType: 'reverse',
    animalType: row.animalType,
    speciesId: row.speciesId,
    maleQuantity: row.maleQuantity,
    femaleQuantity: row.femaleQuantity,
    theyQuantity: row.theyQuantity,
    eventDate: sql`localtimestamp(0)`,
    typeKey: row.movementType,
    reversedId: row.id,
    remark: why.slice(0, 500),
  };
  const reversal = await (row.animalType === 1 ? reverseIndividual(db, row, common) : reversePopulation(db, row, common));
  // An export undone gives its permits back what it used (after the stock locks, the gate's lock order).
  if (row.movementType === 'export') await releaseUses(db, { stockLogId: row.id });
  return reversal;
}

async function reverseIndividual(db: Tx, row: LogRow, common: Common): Promise<string> {
  const [animal] = await db.select().from(a).where(eq(a.id, row.animalId!)).for('update');
  if (!animal || animal.isDeleted) throw new BizError('该个体已不存在,不能撤销');
  if ((await latestOf(db, eq(l.animalId, animal.id))) !== row.id) throw new BizError(`只能撤销个体「${animalLabel(animal)}」最近一次的存栏变动`);
  await refusePendingAnimal(db, animal, '撤销存栏变动');
  if (INS.includes(row.movementType as never)) {
    // Undoing an accession withdraws the record: refused while the pedigree needs it.
    const [child] = await db
      .select({ localNo: a.localNo })
      .from(a)
      .where(and(eq(a.isDeleted, 0), ne(a.id, animal.id), or(eq(a.sireId, animal.id), eq(a.damId, animal.id))))
      .limit(1);
    if (child)
      throw new BizError(`个体「${animalLabel(animal)}」已登记为「${child.localNo}」的亲本,不能撤销其${MOVEMENT_NAME[row.movementType as 'born']}登记`);
    await db.update(a).set({ isDeleted: 1 }).where(eq(a.id, animal.id));
    await voidArrivalQuarantine(db, row.id);
  } else if (row.movementType === 'move') await db.update(a).set({ cageId: row.fromCageId }).where(eq(a.id, animal.id));
  else
    await db
      .update(a)
      .set({ status: row.statusBefore ?? 1 })
      .where(eq(a.id, animal.id));
  const [r] = await db
    .insert(l)
    .values({
      ...common,
      animalId: animal.id,
      fromCageId: row.toCageId ?? row.fromCageId,
      toCageId: row.fromCageId ?? row.toCageId,
      fromBefore: row.toAfter,
      fromAfter: row.toBefore,
      toBefore: row.fromAfter,
      toAfter: row.fromBefore,
      statusBefore: row.statusAfter,
      statusAfter: row.statusBefore,
    })
    .returning({ id: l.id });
  return r!.id;
}

async function reversePopulation(db: Tx, row: LogRow, common: Common): Promise<string> {
  const ids = [row.populationId, row.toPopulationId].filter((x): x is string => Boolean(x));
  const locked = new Map((await db.select().from(p).where(inArray(p.id, ids)).orderBy(asc(p.id)).for('update')).map((r) => [r.id, r]));
  for (const pid of ids)
    if ((await latestOf(db, or(eq(l.populationId, pid), eq(l.toPopulationId, pid))!)) !== row.id) throw new BizError('只能撤销该种群最近一次的存栏变动');
  const q: Mfu = [row.maleQuantity, row.femaleQuantity, row.theyQuantity];
  const shift = async (pid: string, sign: number): Promise<[Mfu, Mfu]> => {
    const r = locked.get(pid)!;
    const before: Mfu = [r.maleQuantity, r.femaleQuantity, r.theyQuantity];
    const after: Mfu = [before[0] + sign * q[0], before[1] + sign * q[1], before[2] + sign * q[2]];
    // Cannot happen while the row is the stock's latest (its counts are the row's "after"); guarded anyway.
    if (after.some((n) => n < 0)) throw new BizError('撤销后存栏将为负数,不能撤销');
    if (after.some((n, i) => n < pendingOf(r)[i]!)) throw new BizError('该种群有待确认的转移占用存栏,撤销后存栏将少于待转移数量,不能撤销');
    await db.update(p).set({ maleQuantity: after[0], femaleQuantity: after[1], theyQuantity: after[2] }).where(eq(p.id, pid));
    return [before, after];
  };
  // The gaining stock gives back, the losing stock gets back: the compensating row swaps the two sides.
  const gave = row.toPopulationId ? await shift(row.toPopulationId, -1) : undefined;
  const got = row.populationId ? await shift(row.populationId, 1) : undefined;
  const [r] = await db
    .insert(l)
    .values({
      ...common,
      populationId: row.toPopulationId,
      toPopulationId: row.populationId,
      fromCageId: row.toCageId,
      toCageId: row.fromCageId,
      fromBefore: gave?.[0] ?? null,
      fromAfter: gave?.[1] ?? null,
      toBefore: got?.[0] ?? null,
      toAfter: got?.[1] ?? null,
    })
    .returning({ id: l.id });
  return r!.id;
}

/**
 * Registry removal of an animal or population: allowed while its stock holds nothing but its opening entry (that
 * entry is reversed, so the ledger stays the stock's history); refused once movements followed.
 */
export async function withdrawRegistration(db: Tx, stock: { animalId: string } | { populationId: string }, why: string): Promise<void> {
  const where = 'animalId' in stock ? eq(l.animalId, stock.animalId) : or(eq(l.populationId, stock.populationId), eq(l.toPopulationId, stock.populationId))!;
  const rows = await db.select({ id: l.id, movementType: l.movementType }).from(l).where(and(where, effective)).orderBy(asc(l.id));
  if (!rows.length) {
    if ('populationId' in stock) return;
    throw new BizError('该个体没有存栏记录,不能删除');
  }
  if (rows.length > 1 || !INS.includes(rows[0]!.movementType as never))
    throw new BizError(
      'animalId' in stock
        ? '该个体已有存栏变动(出生/引进之后的迁移、输出、死亡或注销),不能删除;请在存栏变动中撤销'
        : '该种群已有存栏变动,不能删除;请在存栏变动中撤销或登记输出、死亡、注销',
    );
  await reverseMovement(db, rows[0]!.id, why || '删除档案');
}
