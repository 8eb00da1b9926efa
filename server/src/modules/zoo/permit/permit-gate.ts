import { and, asc, eq, inArray } from 'drizzle-orm';
import { CITES_KINDS, CONSUMED_KINDS, PERMIT_KIND } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { zooSpecies } from '../zoo.tables';
import { capacityOf, headsOf, leftFor, plus, sexName, sexQuantities, uncovered, type Mfu } from './permit-lines';
import { usedBySex } from './permit.records';
import { zooPermit, zooPermitUse } from './permit.tables';

/**
 * The permit gate of animals leaving the zoo (decision 0040). Under the Wildlife Protection Law a class I/II animal
 * travels with its documents (transport certificate, or the permit copies and 专用标识 that succeeded it); a CITES-listed
 * one leaving China with an export or re-export permit (or 允许进出口证明书) whose purpose and source codes are those of
 * the shipment (CITES Res. Conf. 12.3). Runs inside the movement's transaction: the named permits are locked
 * (FOR UPDATE, in id order, so parallel movements queue rather than deadlock), checked against what earlier
 * movements used, and the uses are written before COMMIT — a permit's remaining quantity never goes below zero.
 */

export interface Outgoing {
  speciesId: string;
  /** The heads that leave, per sex (M.F.U): a line stating a sex covers only that sex. */
  mfu: Mfu;
  /** The movement's date, yyyy-MM-dd: the permit must be in force on it. */
  day: string;
  useKind: 'export' | 'transfer';
  permitIds: string[];
  crossBorder?: boolean;
  purposeCode?: string | null;
  sourceCode?: string | null;
}

export interface PermitPlan {
  day: string;
  useKind: string;
  speciesId: string;
  quantity: number;
  permitIds: string[];
}

export const KIND_NAME: Record<number, string> = {
  1: '人工繁育许可证',
  2: '经营利用许可证',
  3: '野生动物运输证明',
  4: 'CITES出口许可证',
  5: 'CITES进口许可证',
  6: 'CITES再出口证明书',
  7: '允许进出口证明书',
  8: '检疫证明',
  9: '专用标识卡',
};
const WHAT = { export: '输出', transfer: '转移' } as const;
/** CITES documents an animal leaves the country with (an import permit is the receiving country's). */
const LEAVING_CITES: readonly number[] = [PERMIT_KIND.citesExport, PERMIT_KIND.citesReexport, PERMIT_KIND.importExport];

/** Checks the named permits against the movement and the species' status; throws the first refusal (400). */
export async function checkOutgoing(db: Tx, o: Outgoing): Promise<PermitPlan> {
  const ids = [...new Set(o.permitIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const [sp] = await db
    .select({ name: zooSpecies.speciesName, cls: zooSpecies.protectionClass, cites: zooSpecies.citesAppendix })
    .from(zooSpecies)
    .where(eq(zooSpecies.id, o.speciesId));
  if (!sp) throw new BizError('物种不存在或已从物种库删除');
  const what = WHAT[o.useKind];
  const permits = ids.length
    ? await db
        .select()
        .from(zooPermit)
        .where(and(inArray(zooPermit.id, ids), eq(zooPermit.isDeleted, 0)))
        .orderBy(asc(zooPermit.id))
        .for('update')
    : [];
  if (permits.length !== ids.length) throw new BizError('所选许可证不存在或已删除');
  const used = await usedBySex(db, ids);
  const quantity = headsOf(o.mfu);
  for (const p of permits) {
    const doc = `许可证「${p.permitNo}」`;
    if (!CONSUMED_KINDS.includes(p.kind)) throw new BizError(`${doc}是${KIND_NAME[p.kind]},不能作为${what}的运输或进出口证件`);
    if (p.validFrom > o.day) throw new BizError(`${doc}自 ${p.validFrom} 起生效,${what}日期 ${o.day} 不在有效期内`);
    if (p.validTo && p.validTo < o.day) throw new BizError(`${doc}已于 ${p.validTo} 到期,不能用于 ${o.day} 的${what}`);
    const cap = capacityOf(p.lines, o.speciesId);
    if (!cap.total) throw new BizError(`${doc}不含物种「${sp.name}」`);
    const before = used.get(p.id)?.get(o.speciesId) ?? [0, 0, 0];
    const left = cap.total - headsOf(before);
    if (left <= 0) throw new BizError(`${doc}的物种「${sp.name}」许可数量已用完`);
    if (left < quantity) throw new BizError(`${doc}的物种「${sp.name}」仅剩${left}只,本次${what}${quantity}只`);
    if (uncovered(cap, plus(before, o.mfu))) {
      // Enough in all, not of the sexes that leave: name the first sex short of its own.
      const i = o.mfu.findIndex((n, k) => n > leftFor(cap, before, k));
      const sex = sexName((i < 0 ? 0 : i) + 1);
      const stated = sexQuantities(p.lines.filter((l) => l.speciesId === o.speciesId).map((l) => [l.sex ?? 0, l.quantity ?? 0]));
      throw new BizError(
        i < 0
          ? `${doc}的物种「${sp.name}」许可为${stated},不能覆盖本次${what}的性别构成`
          : `${doc}的物种「${sp.name}」许可为${stated},可用于${sex}的仅剩${leftFor(cap, before, i)}只,本次${what}${o.mfu[i]}只${sex}`,
      );
    }
    if (CITES_KINDS.includes(p.kind) && o.crossBorder) {
      if (p.purposeCode !== o.purposeCode) throw new BizError(`${doc}的交易目的代码为 ${p.purposeCode},与本次${what}的 ${o.purposeCode} 不符`);
      if (p.sourceCode !== o.sourceCode) throw new BizError(`${doc}的来源代码为 ${p.sourceCode},与本次${what}的 ${o.sourceCode} 不符`);
    }
  }
  const level = sp.cls === 1 ? '国家一级' : sp.cls === 2 ? '国家二级' : '';
  if (level && !permits.some((p) => p.kind === PERMIT_KIND.transport))
    throw new BizError(`物种「${sp.name}」为${level}保护野生动物,${what}须选择在 ${o.day} 有效、覆盖该物种${quantity}只的野生动物运输证明`);
  if (o.crossBorder && sp.cites !== 'none' && !permits.some((p) => LEAVING_CITES.includes(p.kind)))
    throw new BizError(`物种「${sp.name}」列入CITES附录${sp.cites},出境须选择CITES出口许可证、再出口证明书或允许进出口证明书`);
  return { day: o.day, useKind: o.useKind, speciesId: o.speciesId, quantity, permitIds: ids };
}

/** Books the plan's uses against the movement's ledger row or the transfer (same transaction, permits still locked). */
export async function recordUses(db: Tx, plan: PermitPlan, link: { stockLogId?: string; transferId?: string }): Promise<void> {
  if (!plan.permitIds.length) return;
  await db.insert(zooPermitUse).values(
    plan.permitIds.map((permitId) => ({
      permitId,
      speciesId: plan.speciesId,
      quantity: plan.quantity,
      useDate: plan.day,
      useKind: plan.useKind,
      stockLogId: link.stockLogId ?? null,
      transferId: link.transferId ?? null,
    })),
  );
}

/** Gives back what a withdrawn or refused transfer, or a reversed export, had taken (the rows stay, marked deleted). */
export async function releaseUses(db: Tx, link: { stockLogId?: string; transferId?: string }): Promise<void> {
  const u = zooPermitUse;
  const where = link.stockLogId ? eq(u.stockLogId, link.stockLogId) : link.transferId ? eq(u.transferId, link.transferId) : undefined;
  if (!where) return;
  await db
    .update(u)
    .set({ isDeleted: 1 })
    .where(and(where, eq(u.isDeleted, 0)));
}
