/**
 * F and the Mendelian-sampling variances d of every animal, kinship of two animals (the what-if), and Colleau's
 * indirect product A·x (decision 0037). A = T D Tᵗ (additive relationship, a = 2f) with T the gene-flow matrix and
 * D the Mendelian-sampling variances; no n² matrix is ever built.
 */
import { PedigreeError, type Pedigree } from './pedigree';

/** F and the Mendelian-sampling variances d of every animal (indexed as the compiled pedigree). */
export interface Inbreeding {
  f: Float64Array;
  d: Float64Array;
}

/**
 * Scratch space for L-row propagations: two gene-origin weight vectors, a visit stamp per animal, and the list of
 * visited animals (each use touches only the seeds' ancestors, not n).
 */
export class Scratch {
  t: Float64Array;
  u: Float64Array;
  stamp: Int32Array;
  epoch = 0;
  list: Int32Array;
  stack: Int32Array;
  constructor(n: number) {
    this.t = new Float64Array(n);
    this.u = new Float64Array(n);
    this.stamp = new Int32Array(n);
    this.list = new Int32Array(n);
    this.stack = new Int32Array(n);
  }
}

type Seeds = Array<[number, number]>;

/**
 * a(x, y) = Σ_j t_j u_j d_j (Quaas' L-row form of A = T D Tᵗ): t and u are the gene-origin weights of the two
 * seed sets pushed up to every ancestor. Ancestors are collected by a stamped DFS, sorted, and visited youngest
 * first (parents have lower indices), so a call costs the seeds' ancestors, not n.
 */
function cross(ped: Pedigree, d: Float64Array, s: Scratch, x: Seeds, y: Seeds): number {
  if (x.length === 0 || y.length === 0) return 0;
  s.epoch++;
  let len = 0;
  let sp = 0;
  const { slotStart, slotIdx, slotW } = ped;
  const { t, u, stamp, list, stack } = s;
  for (const [i] of [...x, ...y])
    if (stamp[i] !== s.epoch) {
      stamp[i] = s.epoch;
      t[i] = 0;
      u[i] = 0;
      list[len++] = i;
      stack[sp++] = i;
    }
  while (sp > 0) {
    const i = stack[--sp]!;
    for (let c = slotStart[2 * i]!; c < slotStart[2 * i + 2]!; c++) {
      const p = slotIdx[c]!;
      if (stamp[p] !== s.epoch) {
        stamp[p] = s.epoch;
        t[p] = 0;
        u[p] = 0;
        list[len++] = p;
        stack[sp++] = p;
      }
    }
  }
  for (const [i, w] of x) t[i] += w;
  for (const [i, w] of y) u[i] += w;
  const visited = list.subarray(0, len).sort();
  let sum = 0;
  for (let q = len - 1; q >= 0; q--) {
    const j = visited[q]!;
    const tj = t[j]!;
    const uj = u[j]!;
    sum += tj * uj * d[j]!;
    for (let c = slotStart[2 * j]!; c < slotStart[2 * j + 2]!; c++) {
      const p = slotIdx[c]!;
      const h = 0.5 * slotW[c]!;
      t[p] += h * tj;
      u[p] += h * uj;
    }
  }
  return sum;
}

const seedsOfSlot = (ped: Pedigree, i: number, k: number): Seeds => {
  const out: Seeds = [];
  for (let c = ped.slotStart[2 * i + k]!; c < ped.slotStart[2 * i + k + 1]!; c++) out.push([ped.slotIdx[c]!, ped.slotW[c]!]);
  return out;
};

/**
 * F and d of every animal in one parents-first pass, Colleau-style (Colleau 2002; the per-sire grouping of
 * Sargolzaei, Iwaisaki & Colleau 2005). y = A·e_s needs d only of the sire s and its ancestors (u = Tᵗe_s is zero
 * elsewhere, and y = T·D·u pulls the rest from parents), so one product per distinct sire slot, run as soon as d of
 * the sire (for MULT: of every candidate) is known, gives a(sire, dam) for all its mates: F = ½ Σ w·y[dam], and
 * a_SS = xᵗy for MULT. Then d = 1 − ¼ a_SS − ¼ a_DD when the animal's turn comes (an unknown slot adds 0; a single
 * parent's a = 1 + F). Cost: one O(n) product per sire, memory O(n).
 */
export function inbreeding(ped: Pedigree): Inbreeding {
  const { n, slotStart, slotIdx, slotW } = ped;
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const aSire = new Float64Array(n); // a_SS of each animal's sire slot (MULT), filled by its group's product
  // Sire-slot groups, triggered at their highest candidate.
  const groups = new Map<number | string, { at: number; members: number[] }>();
  for (let i = 0; i < n; i++) {
    const a = slotStart[2 * i]!;
    const b = slotStart[2 * i + 1]!;
    if (a === b) continue;
    let key: number | string = b - a === 1 ? slotIdx[a]! : '';
    let at = 0;
    for (let c = a; c < b; c++) at = Math.max(at, slotIdx[c]!);
    if (typeof key === 'string') for (let c = a; c < b; c++) key += `${slotIdx[c]}:${slotW[c]},`;
    const g = groups.get(key);
    if (g) g.members.push(i);
    else groups.set(key, { at, members: [i] });
  }
  const byTrigger = new Map<number, Array<{ at: number; members: number[] }>>();
  for (const g of groups.values()) {
    const list = byTrigger.get(g.at);
    if (list) list.push(g);
    else byTrigger.set(g.at, [g]);
  }
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const work = new Float64Array(n);
  const s = new Scratch(n);
  for (let i = 0; i < n; i++) {
    // d of animal i: its F and its sire slot's a_SS are already known (their products ran at earlier animals).
    const s0 = slotStart[2 * i]!;
    const s1 = slotStart[2 * i + 1]!;
    const s2 = slotStart[2 * i + 2]!;
    const aSS = s1 === s0 ? 0 : s1 - s0 === 1 ? 1 + f[slotIdx[s0]!]! : aSire[i]!;
    let aDD = 0;
    if (s2 - s1 === 1) aDD = 1 + f[slotIdx[s1]!]!;
    else if (s2 > s1) {
      const dam = seedsOfSlot(ped, i, 1);
      aDD = cross(ped, d, s, dam, dam);
    }
    d[i] = 1 - 0.25 * aSS - 0.25 * aDD;
    // Products of the sire slots whose last candidate is i.
    for (const g of byTrigger.get(i) ?? []) {
      const first = g.members[0]!;
      const sire = seedsOfSlot(ped, first, 0);
      for (const [k, w] of sire) x[k] += w;
      let hi = i;
      for (const m of g.members) for (let c = slotStart[2 * m + 1]!; c < slotStart[2 * m + 2]!; c++) hi = Math.max(hi, slotIdx[c]!);
      multiplyA(ped, d, x, y, work, hi + 1);
      let a = 0;
      for (const [k, w] of sire) a += w * y[k]!;
      for (const [k] of sire) x[k] = 0;
      for (const m of g.members) {
        let fm = 0;
        for (let c = slotStart[2 * m + 1]!; c < slotStart[2 * m + 2]!; c++) fm += 0.5 * slotW[c]! * y[slotIdx[c]!]!;
        f[m] = fm;
        aSire[m] = a;
      }
    }
  }
  return { f, d };
}

/** a(i, j) (additive relationship = 2 × kinship) of two animals by index, from the kept d. */
export function relationship(ped: Pedigree, inb: Inbreeding, i: number, j: number, scratch?: Scratch): number {
  if (i === j) return 1 + inb.f[i]!;
  return cross(ped, inb.d, scratch ?? new Scratch(ped.n), [[i, 1]], [[j, 1]]);
}

/** Kinship of two animals by id = F of their offspring. */
export function kinshipOf(ped: Pedigree, inb: Inbreeding, a: string, b: string): number {
  const i = ped.index.get(a);
  const j = ped.index.get(b);
  if (i === undefined || j === undefined) throw new PedigreeError('个体不在系谱中', [i === undefined ? a : b]);
  return 0.5 * relationship(ped, inb, i, j);
}

/**
 * Colleau's product y = A·x in three O(n) passes: u = Tᵗx (youngest first, pushing to parents), v = D u,
 * y = T v (oldest first, pulling from parents).
 */
export function multiplyA(ped: Pedigree, d: Float64Array, x: Float64Array, out?: Float64Array, work?: Float64Array, upTo = ped.n): Float64Array {
  const { slotStart, slotIdx, slotW } = ped;
  const n = upTo;
  const u = work ?? new Float64Array(ped.n);
  u.set(n === ped.n ? x : x.subarray(0, n));
  let low = n;
  for (let i = n - 1; i >= 0; i--) {
    const ui = u[i]!;
    if (ui === 0) continue;
    low = i;
    for (let c = slotStart[2 * i]!; c < slotStart[2 * i + 2]!; c++) u[slotIdx[c]!] += 0.5 * slotW[c]! * ui;
  }
  // Below the lowest reached animal everything is 0 (its parents are lower still).
  const y = out ?? new Float64Array(ped.n);
  y.fill(0, 0, low);
  for (let i = low; i < n; i++) {
    let v = d[i]! * u[i]!;
    for (let c = slotStart[2 * i]!; c < slotStart[2 * i + 2]!; c++) v += 0.5 * slotW[c]! * y[slotIdx[c]!]!;
    y[i] = v;
  }
  return y;
}
