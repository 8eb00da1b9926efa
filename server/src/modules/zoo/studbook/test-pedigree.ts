/**
 * Test helpers for the pedigree genetics (not a test file itself): hand-written pedigrees, F and kinship by id,
 * and the tabular method on a full matrix, the reference the fast paths must agree with.
 */
import { compilePedigree, inbreeding, kinshipOf, type ParentInput, type PedigreeAnimal } from './kinship';

/** Hand-worked pedigrees (Falconer & Mackay 1996, ch. 5): each animal is `id sex sire dam [alive]`. */
const UNK: ParentInput = { kind: 'unk' };
const WILD: ParentInput = { kind: 'wild' };
const par = (p?: string): ParentInput => (!p || p === 'UNK' ? UNK : p === 'WILD' ? WILD : { kind: 'animal', id: p });
export function ped(rows: Array<[string, number, string?, string?, boolean?]>): PedigreeAnimal[] {
  return rows.map(([id, sex, s, d, alive]) => ({ id, sex, birth: null, alive: alive ?? false, sire: par(s), dam: par(d) }));
}
export const F = (list: PedigreeAnimal[], id: string) => {
  const p = compilePedigree(list);
  return inbreeding(p).f[p.index.get(id)!]!;
};
export const kin = (list: PedigreeAnimal[], a: string, b: string) => {
  const p = compilePedigree(list);
  return kinshipOf(p, inbreeding(p), a, b);
};

/** The tabular method on a full matrix (small n only): the reference the fast paths must agree with. */
export function tabular(list: PedigreeAnimal[]): { order: string[]; f: number[][] } {
  const p = compilePedigree(list);
  const n = p.n;
  const f = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const slot = (i: number, k: number) => {
    const out: Array<[number, number]> = [];
    for (let c = p.slotStart[2 * i + k]!; c < p.slotStart[2 * i + k + 1]!; c++) out.push([p.slotIdx[c]!, p.slotW[c]!]);
    return out;
  };
  for (let i = 0; i < n; i++) {
    const s = slot(i, 0);
    const d = slot(i, 1);
    let fsd = 0;
    for (const [a, wa] of s) for (const [b, wb] of d) fsd += wa * wb * f[a]![b]!;
    f[i]![i] = 0.5 * (1 + fsd);
    for (let j = 0; j < i; j++) {
      let v = 0;
      for (const [a, w] of s) v += 0.5 * w * f[a]![j]!;
      for (const [a, w] of d) v += 0.5 * w * f[a]![j]!;
      f[i]![j] = f[j]![i] = v;
    }
  }
  return { order: p.ids, f };
}
