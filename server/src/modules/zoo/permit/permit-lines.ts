import { currentLanguage, localLabel } from '../../../platform/i18n/request-language';
import type { StoredPermitLine } from './permit.tables';

/**
 * Sex-specific permit lines (decision 0040). A line states a species, a sex (0 any, 1 male, 2 female, 3 unknown,
 * as `animal_sex`) and a quantity; the contract allows one line per species and sex. A line stating a sex covers
 * only animals of that sex ("1.0 丹顶鹤": one male); a line of any sex covers every animal. Movements are counted
 * M.F.U, so what a permit covers is a small matching: each sex takes its own line first and the rest of it from the
 * any-sex line — which is optimal, as a sex's own line serves no other sex.
 */

/** Heads per sex: male, female, unknown (the ledger's M.F.U). */
export type Mfu = [number, number, number];

export const SEX_NAME: Record<number, string> = { 1: '雄性', 2: '雌性', 3: '性别不明' };
const SEX_NAME_EN: Record<number, string> = { 0: 'of any sex', 1: 'male', 2: 'female', 3: 'of unknown sex' };

/** A sex (0 any) in the request's language: refusals name the sexes of a permit's lines in words, not codes. */
export const sexName = (sex: number): string => localLabel(sex ? (SEX_NAME[sex] ?? '') : '不限性别', SEX_NAME_EN[sex]);

/** "雄性1只、不限性别1只" / "1 male, 1 of any sex": quantities per sex in the request's language. */
export const sexQuantities = (items: ReadonlyArray<[sex: number, n: number]>): string =>
  items.map(([sex, n]) => (currentLanguage() === 'en' ? `${n} ${sexName(sex)}` : `${sexName(sex)}${n}只`)).join(currentLanguage() === 'en' ? ', ' : '、');

/** The species' capacity: its any-sex line and its lines per sex (M, F, U). */
export function capacityOf(lines: readonly StoredPermitLine[], speciesId: string): { any: number; bySex: Mfu; total: number } {
  const bySex: Mfu = [0, 0, 0];
  let any = 0;
  for (const l of lines) {
    if (l.speciesId !== speciesId) continue;
    const q = l.quantity ?? 0;
    const sex = l.sex ?? 0;
    if (sex >= 1 && sex <= 3) bySex[sex - 1] += q;
    else any += q;
  }
  return { any, bySex, total: any + bySex[0] + bySex[1] + bySex[2] };
}

/** How many animals of `demand` the capacity cannot cover (0: covered). */
export function uncovered(cap: { any: number; bySex: Mfu }, demand: Mfu): number {
  const spill = demand.reduce((s, d, i) => s + Math.max(0, d - cap.bySex[i]!), 0);
  return Math.max(0, spill - cap.any);
}

export const plus = (a: Mfu, b: Mfu): Mfu => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const headsOf = (m: Mfu) => m[0] + m[1] + m[2];

/**
 * What the capacity still has for one sex alone, after `used`: its own line's rest and the any-sex line's rest
 * (less what other sexes spilled onto it).
 */
export function leftFor(cap: { any: number; bySex: Mfu }, used: Mfu, sexIndex: number): number {
  const spill = used.reduce((s, d, i) => s + Math.max(0, d - cap.bySex[i]!), 0);
  return Math.max(0, cap.bySex[sexIndex]! - used[sexIndex]!) + Math.max(0, cap.any - spill);
}

/**
 * The used quantity of each line of one species: each sex's use from its own line, the rest from the any-sex line.
 * Uses booked before sex was honoured may not fit; what is left over goes to the lines' remaining room in order, so
 * the total used always shows.
 */
export function usedPerLine(lines: readonly StoredPermitLine[], used: Mfu): number[] {
  const out = lines.map(() => 0);
  const rest: Mfu = [...used];
  lines.forEach((l, i) => {
    const sex = l.sex ?? 0;
    if (sex >= 1 && sex <= 3) {
      out[i] = Math.min(l.quantity ?? 0, rest[sex - 1]!);
      rest[sex - 1] -= out[i]!;
    }
  });
  let spill = headsOf(rest);
  lines.forEach((l, i) => {
    if ((l.sex ?? 0) !== 0) return;
    const u = Math.min(l.quantity ?? 0, spill);
    out[i] = u;
    spill -= u;
  });
  lines.forEach((l, i) => {
    const u = Math.min((l.quantity ?? 0) - out[i]!, spill);
    out[i] = out[i]! + u;
    spill -= u;
  });
  return out;
}
