import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONSUMED_KINDS, type PermitLine, type PermitRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import type { Ctx } from '../../../platform/resource/resource-routes';
import { speciesOf } from '../shared/lookups';
import { zooPermit, zooPermitUse, type StoredPermitLine } from './permit.tables';

type Permit = typeof zooPermit.$inferSelect;

/** What each permit's species have used: permit id → species id → quantity. */
export async function usedBySpecies(db: Tx, permitIds: string[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (!permitIds.length) return out;
  const u = zooPermitUse;
  const rs = await db
    .select({ permitId: u.permitId, speciesId: u.speciesId, n: sql<number>`sum(${u.quantity})::int` })
    .from(u)
    .where(and(inArray(u.permitId, permitIds), eq(u.isDeleted, 0)))
    .groupBy(u.permitId, u.speciesId);
  for (const r of rs) {
    if (!out.has(r.permitId)) out.set(r.permitId, new Map());
    out.get(r.permitId)!.set(r.speciesId, r.n);
  }
  return out;
}

/**
 * Lines with what is used and left. A species' uses count against its lines in their order (a movement does not
 * say which line of the same species it used). Licences (not consumed kinds) show 0 used: their quantity is a ceiling
 * on stock, not a budget.
 */
export function linesWithUse(kind: number, lines: StoredPermitLine[], used: Map<string, number> | undefined, names: Map<string, string>): PermitLine[] {
  const left = new Map(used ?? []);
  return lines.map((l) => {
    const q = l.quantity ?? 0;
    let u = 0;
    if (CONSUMED_KINDS.includes(kind)) {
      u = Math.min(q, left.get(l.speciesId) ?? 0);
      left.set(l.speciesId, (left.get(l.speciesId) ?? 0) - u);
    }
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
    usedBySpecies(
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
