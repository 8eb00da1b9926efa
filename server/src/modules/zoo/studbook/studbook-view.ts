/** Shared shaping of studbook facts for the responses: an animal's figures and its parents as text. */
import { labelOf, round, type Fact, type Studbook } from './studbook.service';

export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
export const at = (sb: Studbook, i: number) => sb.byIdentity.get(sb.gen.ped.ids[i]!)!;
export const idx = (sb: Studbook, f: Fact) => sb.gen.ped.index.get(f.identity)!;
export const parentText = (sb: Studbook, p: Fact['sire']): string => {
  if (p.kind === 'animal') {
    const f = sb.byIdentity.get(p.id);
    return f ? labelOf(sb, f) : 'UNK';
  }
  if (p.kind === 'mult') return `MULT(${p.candidates.map((c) => (sb.byIdentity.get(c.id) ? labelOf(sb, sb.byIdentity.get(c.id)!) : c.id)).join(' / ')})`;
  return p.kind === 'wild' ? 'WILD' : 'UNK';
};

export function figuresOf(sb: Studbook, f: Fact) {
  const i = idx(sb, f);
  const mk = sb.gen.mk[i]!;
  return { f: round(sb.gen.inb.f[i]!), mk: Number.isNaN(mk) ? -1 : round(mk), known: round(sb.gen.known[i]!), rank: sb.gen.rank[i]! };
}
