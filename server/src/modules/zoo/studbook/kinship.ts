/**
 * Pedigree genetics of one species (decision 0037): kinship (coancestry), F, mean kinship, gene diversity,
 * founder genome equivalents, founder contributions, % pedigree known and pairing advice. Pure: no I/O.
 *
 * Definitions (Falconer & Mackay 1996 ch. 5; Lacy 1989, 1995; Ballou & Lacy 1995; PMx, Lacy et al. 2012):
 * kinship f(i,j) = probability that alleles drawn one from each are identical by descent; F_i = f(sire, dam);
 * f(i,i) = ½(1 + F_i). UNK and WILD parents are unrelated, non-inbred founders; a MULT parent is the weighted
 * mean of its candidates. MK_i = mean of f(i,j) over the N living j, self included; GD = 1 − mean MK;
 * FGE = 1 / (2 · mean MK).
 *
 * Method: animals renumbered parents-first; A = T D Tᵗ (additive relationship, a = 2f) with T the gene-flow
 * matrix and D the Mendelian-sampling variances. F comes from Quaas' L-row over each animal's ancestors
 * (Meuwissen & Luo 1992), MK and kinship columns from Colleau's (2002) indirect product A·x in O(n). No n² matrix.
 */

/** A parent slot: an animal, a set of candidates (MULT), or unknown. */
export type ParentInput = { kind: 'animal'; id: string } | { kind: 'mult'; candidates: Array<{ id: string; w?: number }> } | { kind: 'unk' } | { kind: 'wild' };

export interface PedigreeAnimal {
  id: string;
  sex: number; // 1 male, 2 female, 3 unknown
  /** Birth date as sortable text (yyyy-MM-dd…) or null. */
  birth: string | null;
  alive: boolean;
  sire: ParentInput;
  dam: ParentInput;
}

export class PedigreeError extends Error {
  constructor(
    message: string,
    readonly ids: string[] = [],
  ) {
    super(message);
  }
}

/** Compiled pedigree: index = position in a parents-first order. Parent slots as CSR arrays of (index, weight). */
export interface Pedigree {
  n: number;
  ids: string[];
  index: Map<string, number>;
  animals: PedigreeAnimal[];
  /** slot k of animal i: slotStart[2i+k] … slotStart[2i+k+1]−1 into slotIdx/slotW (k 0 sire, 1 dam). */
  slotStart: Int32Array;
  slotIdx: Int32Array;
  slotW: Float64Array;
  /** Per slot: 1 WILD, 0 UNK / known animal (used for % known only). */
  slotWild: Uint8Array;
  alive: Uint8Array;
}

const slotOf = (p: ParentInput): Array<{ id: string; w: number }> => {
  if (p.kind === 'animal') return [{ id: p.id, w: 1 }];
  if (p.kind !== 'mult') return [];
  const c = p.candidates;
  if (c.length === 0) return [];
  const given = c.every((x) => x.w !== undefined && x.w > 0);
  const sum = given ? c.reduce((s, x) => s + x.w!, 0) : c.length;
  return c.map((x) => ({ id: x.id, w: (given ? x.w! : 1) / sum }));
};

/**
 * Orders the animals parents-first (Kahn) and compiles the parent slots. A parent id that is not in the list is
 * an error (the caller loads every ancestor); a loop is refused with the animals on it.
 */
export function compilePedigree(list: PedigreeAnimal[]): Pedigree {
  const n = list.length;
  const pos = new Map<string, number>();
  list.forEach((a, i) => {
    if (pos.has(a.id)) throw new PedigreeError(`个体 ${a.id} 重复`, [a.id]);
    pos.set(a.id, i);
  });
  const slots: Array<Array<{ i: number; w: number }>> = new Array(2 * n);
  const indeg = new Int32Array(n);
  const childrenStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const a = list[i]!;
    for (let k = 0; k < 2; k++) {
      const s = slotOf(k === 0 ? a.sire : a.dam).map(({ id, w }) => {
        const j = pos.get(id);
        if (j === undefined) throw new PedigreeError(`个体 ${a.id} 的亲本 ${id} 不在系谱中`, [a.id, id]);
        if (j === i) throw new PedigreeError(`个体 ${a.id} 不能是自己的亲本`, [a.id]);
        return { i: j, w };
      });
      slots[2 * i + k] = s;
      for (const p of s) childrenStart[p.i]!++;
    }
  }
  // children lists (CSR) for Kahn's order
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const c = childrenStart[i]!;
    childrenStart[i] = acc;
    acc += c;
  }
  childrenStart[n] = acc;
  const children = new Int32Array(acc);
  const fill = childrenStart.slice(0, n);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 2; k++)
      for (const p of slots[2 * i + k]!) {
        children[fill[p.i]!++] = i;
        indeg[i]!++;
      }
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const p = order[head++]!;
    for (let c = childrenStart[p]!; c < childrenStart[p + 1]!; c++) {
      const ch = children[c]!;
      if (--indeg[ch]! === 0) order[tail++] = ch;
    }
  }
  if (tail < n) {
    const stuck = [];
    for (let i = 0; i < n; i++) if (indeg[i]! > 0) stuck.push(list[i]!.id);
    throw new PedigreeError(`系谱成环:个体 ${stuck.slice(0, 10).join('、')} 互为祖先`, stuck);
  }
  const rank = new Int32Array(n);
  for (let r = 0; r < n; r++) rank[order[r]!] = r;
  const ids = new Array<string>(n);
  const animals = new Array<PedigreeAnimal>(n);
  const index = new Map<string, number>();
  const slotStart = new Int32Array(2 * n + 1);
  let total = 0;
  for (let r = 0; r < n; r++) {
    const o = order[r]!;
    ids[r] = list[o]!.id;
    animals[r] = list[o]!;
    index.set(ids[r]!, r);
    for (let k = 0; k < 2; k++) {
      slotStart[2 * r + k] = total;
      total += slots[2 * o + k]!.length;
    }
  }
  slotStart[2 * n] = total;
  const slotIdx = new Int32Array(total);
  const slotW = new Float64Array(total);
  const slotWild = new Uint8Array(2 * n);
  const alive = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const o = order[r]!;
    alive[r] = list[o]!.alive ? 1 : 0;
    for (let k = 0; k < 2; k++) {
      let at = slotStart[2 * r + k]!;
      for (const p of slots[2 * o + k]!) {
        slotIdx[at] = rank[p.i]!;
        slotW[at++] = p.w;
      }
      slotWild[2 * r + k] = (k === 0 ? list[o]!.sire : list[o]!.dam).kind === 'wild' ? 1 : 0;
    }
  }
  return { n, ids, index, animals, slotStart, slotIdx, slotW, slotWild, alive };
}

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
