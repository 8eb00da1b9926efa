/**
 * Population figures of one species (decision 0037): MK_i = mean of f(i,j) over the N living j, self included
 * (PMx; Ballou & Lacy 1995); GD = 1 − mean MK (Lacy 1995); FGE = 1 / (2 · mean MK) (Lacy 1989); founder
 * contributions and % pedigree known.
 */
import { inbreeding, multiplyA, type Inbreeding } from './inbreeding';
import type { Pedigree } from './pedigree';

export interface PopulationFigures {
  living: number;
  /** Founders (no known parent animal) with living descendants or alive themselves. */
  founders: number;
  meanMk: number;
  gd: number;
  fge: number;
  meanF: number;
  /** Founder genome equivalents of the known part: f_e = 1 / Σ p² (Lacy 1989), 0 without living animals. */
  fe: number;
}

export interface Genetics {
  ped: Pedigree;
  inb: Inbreeding;
  /** MK per animal index (NaN for animals not living). */
  mk: Float64Array;
  /** Fraction of the pedigree known, per animal index. */
  known: Float64Array;
  /** MK rank among the living (1 = lowest MK = most valuable), 0 for others. */
  rank: Int32Array;
  figures: PopulationFigures;
  /** Founders' contributions to the living population (sum = mean % known of the living through WILD). */
  founders: Array<{ id: string; contribution: number }>;
}

/** % known: ½ per slot; a known animal passes its own figure, WILD is a founder (1), UNK unknown (0). */
export function percentKnown(ped: Pedigree): Float64Array {
  const { n, slotStart, slotIdx, slotW, slotWild } = ped;
  const known = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const noParents = slotStart[2 * i] === slotStart[2 * i + 2];
    let k = 0;
    for (let s = 0; s < 2; s++) {
      const a = slotStart[2 * i + s]!;
      const b = slotStart[2 * i + s + 1]!;
      if (a === b) k += slotWild[2 * i + s] ? 0.5 : 0;
      else for (let c = a; c < b; c++) k += 0.5 * slotW[c]! * known[slotIdx[c]!]!;
    }
    // A founder of wild origin with both parents WILD is fully known; with UNK parents it is not.
    known[i] = noParents ? (slotWild[2 * i] && slotWild[2 * i + 1] ? 1 : 0) : k;
  }
  return known;
}

/** Everything a studbook shows, for one species. */
export function analyse(ped: Pedigree, inb: Inbreeding = inbreeding(ped)): Genetics {
  const { n, alive, slotStart } = ped;
  const x = new Float64Array(n);
  let living = 0;
  for (let i = 0; i < n; i++)
    if (alive[i]) {
      x[i] = 1;
      living++;
    }
  const mk = new Float64Array(n).fill(Number.NaN);
  let sumMk = 0;
  let sumF = 0;
  if (living > 0) {
    const y = multiplyA(ped, inb.d, x);
    for (let i = 0; i < n; i++)
      if (alive[i]) {
        mk[i] = y[i]! / (2 * living);
        sumMk += mk[i]!;
        sumF += inb.f[i]!;
      }
  }
  const meanMk = living ? sumMk / living : 0;
  // Founder contributions: expected gene fraction of each founder in the living, one downward pass per founder
  // that has living descendants (found by one upward pass from the living).
  const reach = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    if (alive[i]) reach[i] = 1;
    if (!reach[i]) continue;
    for (let c = slotStart[2 * i]!; c < slotStart[2 * i + 2]!; c++) reach[ped.slotIdx[c]!] = 1;
  }
  const founders: Array<{ id: string; contribution: number }> = [];
  const g = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    if (!reach[k] || slotStart[2 * k] !== slotStart[2 * k + 2]) continue;
    g.fill(0);
    g[k] = 1;
    let sum = alive[k] ? 1 : 0;
    for (let i = k + 1; i < n; i++) {
      let v = 0;
      for (let c = slotStart[2 * i]!; c < slotStart[2 * i + 2]!; c++) v += 0.5 * ped.slotW[c]! * g[ped.slotIdx[c]!]!;
      g[i] = v;
      if (alive[i]) sum += v;
    }
    founders.push({ id: ped.ids[k]!, contribution: living ? sum / living : 0 });
  }
  const sumP2 = founders.reduce((s, f) => s + f.contribution * f.contribution, 0);
  const order = [];
  for (let i = 0; i < n; i++) if (alive[i]) order.push(i);
  order.sort((a, b) => mk[a]! - mk[b]! || inb.f[a]! - inb.f[b]!);
  const rank = new Int32Array(n);
  order.forEach((i, r) => (rank[i] = r + 1));
  return {
    ped,
    inb,
    mk,
    known: percentKnown(ped),
    rank,
    founders,
    figures: {
      living,
      founders: founders.length,
      meanMk,
      gd: living ? 1 - meanMk : 0,
      fge: meanMk > 0 ? 1 / (2 * meanMk) : 0,
      meanF: living ? sumF / living : 0,
      fe: sumP2 > 0 ? 1 / sumP2 : 0,
    },
  };
}
