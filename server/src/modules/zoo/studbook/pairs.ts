/**
 * Pairing advice and the kinship heatmap (decision 0037): living breeding-age males × females, relatives within N
 * generations and pairs over the F cap refused, ranked by MK sum then offspring F. Each kinship column is one
 * Colleau product, so memory stays O(males × n), never n².
 */
import { multiplyA } from './inbreeding';
import type { Pedigree } from './pedigree';
import type { Genetics } from './population';

export interface PairOptions {
  /** Relatives within this many generations are refused (shared ancestor or one the other's ancestor). */
  generations: number;
  /** Offspring F above this is refused. */
  maxF: number;
  /** Breeding age: whether an animal (by index) may breed; default every living animal. */
  breeding?: (i: number) => boolean;
}

export interface Pair {
  sire: number;
  dam: number;
  offspringF: number;
  mkSum: number;
}

/** Ancestors of i up to `gens` generations (1 = parents), MULT candidates included. */
export function ancestorsWithin(ped: Pedigree, i: number, gens: number): Set<number> {
  const out = new Set<number>();
  let front = [i];
  for (let g = 0; g < gens && front.length; g++) {
    const next: number[] = [];
    for (const x of front)
      for (let c = ped.slotStart[2 * x]!; c < ped.slotStart[2 * x + 2]!; c++) {
        const p = ped.slotIdx[c]!;
        if (!out.has(p)) {
          out.add(p);
          next.push(p);
        }
      }
    front = next;
  }
  return out;
}

/**
 * Living breeding males × females, minus relatives within N generations and pairs over the F cap, ranked by
 * MK sum then offspring F. The kinship column of each male is one Colleau product; a male's ancestors within N
 * are stamped once, each female's are listed once.
 */
export function rankPairs(gen: Genetics, opt: PairOptions): Pair[] {
  const { ped, inb, mk } = gen;
  const males: number[] = [];
  const females: number[] = [];
  for (let i = 0; i < ped.n; i++) {
    if (!ped.alive[i] || (opt.breeding && !opt.breeding(i))) continue;
    const sex = ped.animals[i]!.sex;
    if (sex === 1) males.push(i);
    else if (sex === 2) females.push(i);
  }
  if (!males.length || !females.length) return [];
  const femAnc = females.map((fe) => Int32Array.from(ancestorsWithin(ped, fe, opt.generations)));
  const stamp = new Int32Array(ped.n).fill(-1);
  const x = new Float64Array(ped.n);
  const y = new Float64Array(ped.n);
  const work = new Float64Array(ped.n);
  let cap = 1024;
  let sires = new Int32Array(cap);
  let dams = new Int32Array(cap);
  let fs = new Float64Array(cap);
  let len = 0;
  for (let mi = 0; mi < males.length; mi++) {
    const m = males[mi]!;
    x[m] = 1;
    multiplyA(ped, inb.d, x, y, work);
    x[m] = 0;
    if (opt.generations > 0) for (const p of ancestorsWithin(ped, m, opt.generations)) stamp[p] = mi;
    for (let k = 0; k < females.length; k++) {
      const fe = females[k]!;
      const f = y[fe]! / 2;
      if (f > opt.maxF + 1e-12) continue;
      if (opt.generations > 0) {
        if (stamp[fe] === mi) continue;
        const af = femAnc[k]!;
        let related = false;
        for (let q = 0; q < af.length; q++)
          if (af[q] === m || stamp[af[q]!] === mi) {
            related = true;
            break;
          }
        if (related) continue;
      }
      if (len === cap) {
        cap *= 2;
        const grow = <T extends Int32Array | Float64Array>(a: T, b: T) => (b.set(a), b);
        sires = grow(sires, new Int32Array(cap));
        dams = grow(dams, new Int32Array(cap));
        fs = grow(fs, new Float64Array(cap));
      }
      sires[len] = m;
      dams[len] = fe;
      fs[len++] = f;
    }
  }
  const sum = new Float64Array(len);
  for (let q = 0; q < len; q++) sum[q] = mk[sires[q]!]! + mk[dams[q]!]!;
  const order = new Uint32Array(len);
  for (let q = 0; q < len; q++) order[q] = q;
  order.sort((a, b) => sum[a]! - sum[b]! || fs[a]! - fs[b]! || a - b);
  const out = new Array<Pair>(len);
  for (let r = 0; r < len; r++) {
    const q = order[r]!;
    out[r] = { sire: sires[q]!, dam: dams[q]!, offspringF: fs[q]!, mkSum: sum[q]! };
  }
  return out;
}

/** Kinship among a set of animals (the heatmap), each column one Colleau product. */
export function kinshipAmong(gen: Genetics, members: number[]): number[][] {
  const { ped, inb } = gen;
  const x = new Float64Array(ped.n);
  const y = new Float64Array(ped.n);
  const work = new Float64Array(ped.n);
  return members.map((m) => {
    x[m] = 1;
    multiplyA(ped, inb.d, x, y, work);
    x[m] = 0;
    return members.map((o) => y[o]! / 2);
  });
}
