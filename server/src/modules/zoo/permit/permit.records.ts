import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONSUMED_KINDS, type PermitLine, type PermitRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import type { Ctx } from '../../../platform/resource/resource-routes';
import { speciesOf } from '../shared/lookups';
import { zooStockLog } from '../stocklog/stocklog.tables';
import { zooTransferLog } from '../transfer/transfer.tables';
import { usedPerLine, type Mfu } from './permit-lines';
import { zooPermit, zooPermitUse, type StoredPermitLine } from './permit.tables';

type Permit = typeof zooPermit.$inferSelect;

/**
 * What each permit's species have used, per sex: permit id → species id → M.F.U. A use's sexes are those of the
 * movement it is linked to (its ledger row or its transfer); what the link does not say counts as of unknown sex.
 */
export async function usedBySex(db: Tx, permitIds: string[]): Promise<Map<string, Map<string, Mfu>>> {
  const out = new Map<string, Map<string, Mfu>>();
  if (!permitIds.length) return out;
  const u = zooPermitUse;
  const l = zooStockLog;
  const t = zooTransferLog;
  const rs = await db
    .select({
      permitId: u.permitId,
      speciesId: u.speciesId,
      m: sql<number>`sum(coalesce(${l.maleQuantity}, ${t.maleQuantity}, 0))::int`,
      f: sql<number>`sum(coalesce(${l.femaleQuantity}, ${t.femaleQuantity}, 0))::int`,
      n: sql<number>`sum(${u.quantity})::int`,
    })
    .from(u)
    .leftJoin(l, eq(l.id, u.stockLogId))
    .leftJoin(t, eq(t.id, u.transferId))
    .where(and(inArray(u.permitId, permitIds), eq(u.isDeleted, 0)))
    .groupBy(u.permitId, u.speciesId);
  for (const r of rs) {
    if (!out.has(r.permitId)) out.set(r.permitId, new Map());
    const m = Math.min(r.m, r.n);
    const f = Math.min(r.f, r.n - m);
    out.get(r.permitId)!.set(r.speciesId, [m, f, r.n - m - f]);
  }
  return out;
}

/**
 * Lines with what is used and left. A species' uses count against its lines by sex (permit-lines.ts): each sex its
 * own line first, then the any-sex line. Licences (not consumed kinds) show 0 used: their quantity is a ceiling on
 * stock, not a budget.
 */
export function linesWithUse(kind: number, lines: StoredPermitLine[], used: Map<string, Mfu> | undefined, names: Map<string, string>): PermitLine[] {
  const perLine = lines.map(() => 0);
  if (CONSUMED_KINDS.includes(kind))
    for (const sid of new Set(lines.map((l) => l.speciesId))) {
      const idx = lines.flatMap((l, i) => (l.speciesId === sid ? [i] : []));
      const u = usedPerLine(
        idx.map((i) => lines[i]!),
        used?.get(sid) ?? [0, 0, 0],
      );
      idx.forEach((i, k) => (perLine[i] = u[k]!));
    }
  return lines.map((l, i) => {
    const q = l.quantity ?? 0;
    const u = perLine[i]!;
    return { speciesId: l.speciesId, speciesName: names.get(l.speciesId) ?? '', sex: l.sex ?? 0, quantity: q, used: u, remaining: q - u };
  });
}

/** Today in the database's time zone and day counts (the same day the gates use). */
async function todayOf(db: Tx): Promise<string> {
  return (await rowsOf<{ d: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as d`))[0]!.d;
}

const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function permitState(p: Pick<Permit, 'kind' | 'validFrom' | 'validTo'>, lines: PermitLine[], today: string): PermitRecord['state'] {
  if (p.validTo && p.validTo < today) return 'expired';
  if (p.validFrom > today) return 'pending';
  if (CONSUMED_KINDS.includes(p.kind) && lines.every((l) => l.remaining <= 0)) return 'used';
  return 'valid';
}

export async function permitRecords(rows: Permit[], ctx: Ctx): Promise<PermitRecord[]> {
  const [today, used] = await Promise.all([
    todayOf(ctx.db),
    usedBySex(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const speciesIds = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.speciesId)))];
  const names = new Map<string, string>();
  await Promise.all(speciesIds.map(async (id) => names.set(id, (await speciesOf(ctx)(id))?.speciesName ?? '')));
  return rows.map((r) => {
    const lines = linesWithUse(r.kind, r.lines, used.get(r.id), names);
    return {
      ...r,
      lines,
      state: permitState(r, lines, today),
      daysLeft: r.validTo ? dayDiff(today, r.validTo) : '',
      licenceOrigin: r.origin,
    } as never;
  });
}
