/**
 * The compiled pedigree of one species (decision 0037): parent slots (an animal, MULT candidates, UNK or WILD)
 * renumbered parents-first, with loops refused. Pure: no I/O. The genetics built on it live in inbreeding.ts
 * (F, d, the A·x product), population.ts (MK, GD, FGE, founders, % known) and pairs.ts (pairing advice).
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
