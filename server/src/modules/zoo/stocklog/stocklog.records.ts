import type { z } from 'zod';
import type { StockLogRecord } from '@zoo/contract';
import type { Wire } from '../../../platform/http/route';
import { animalOf, cageOf, speciesOf, userOf, type LookupCtx } from '../shared/lookups';
import { inArray } from 'drizzle-orm';
import { zooStockLog } from './stocklog.tables';

type Row = typeof zooStockLog.$inferSelect;

/** M.F.U notation of a stock (domain.md §3.11): "1.2.0". */
const mfu = (v: number[] | null) => (v ? v.join('.') : '');

/** Rows → records with species, animal, cage and author names, and the row reversing each (one query per kind). */
export async function stockLogRecords(rows: Row[], c: LookupCtx): Promise<Array<Wire<z.output<typeof StockLogRecord>>>> {
  const ids = rows.filter((r) => r.movementType !== 'reverse').map((r) => r.id);
  const reversals = ids.length
    ? await c.db.select({ id: zooStockLog.id, reversedId: zooStockLog.reversedId }).from(zooStockLog).where(inArray(zooStockLog.reversedId, ids))
    : [];
  const reversedBy = new Map(reversals.map((r) => [r.reversedId!, r.id]));
  const out = [];
  for (const r of rows) {
    const [sp, animal, from, to, user] = await Promise.all([
      speciesOf(c)(r.speciesId),
      animalOf(c)(r.animalId),
      cageOf(c)(r.fromCageId),
      cageOf(c)(r.toCageId),
      userOf(c)(r.createUser),
    ]);
    out.push({
      ...r,
      movementType: r.movementType as z.output<typeof StockLogRecord>['movementType'],
      speciesName: sp?.speciesName ?? '',
      localNo: animal?.localNo ?? '',
      animalName: animal?.animalName ?? '',
      fromCageName: from ? `${from.cageCode} ${from.cageName}` : '',
      toCageName: to ? `${to.cageCode} ${to.cageName}` : '',
      totalQuantity: r.maleQuantity + r.femaleQuantity + r.theyQuantity,
      fromBefore: mfu(r.fromBefore),
      fromAfter: mfu(r.fromAfter),
      toBefore: mfu(r.toBefore),
      toAfter: mfu(r.toAfter),
      reversalId: reversedBy.get(r.id) ?? '',
      createUserName: user ? user.realName || user.account : '',
    });
  }
  return out as never;
}
