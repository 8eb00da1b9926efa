import { describe, expect, it } from 'vitest';
import { analyse, compilePedigree, inbreeding, kinshipAmong, kinshipOf, PedigreeError, rankPairs, type ParentInput, type PedigreeAnimal } from './kinship';
import { randomPedigree } from './synthetic';

/** Hand-worked pedigrees (Falconer & Mackay 1996, ch. 5): each animal is `id sex sire dam [alive]`. */
const UNK: ParentInput = { kind: 'unk' };
const WILD: ParentInput = { kind: 'wild' };
const par = (p?: string): ParentInput => (!p || p === 'UNK' ? UNK : p === 'WILD' ? WILD : { kind: 'animal', id: p });
function ped(rows: Array<[string, number, string?, string?, boolean?]>): PedigreeAnimal[] {
  return rows.map(([id, sex, s, d, alive]) => ({ id, sex, birth: null, alive: alive ?? false, sire: par(s), dam: par(d) }));
}
const F = (list: PedigreeAnimal[], id: string) => {
  const p = compilePedigree(list);
  return inbreeding(p).f[p.index.get(id)!]!;
};
const kin = (list: PedigreeAnimal[], a: string, b: string) => {
  const p = compilePedigree(list);
  return kinshipOf(p, inbreeding(p), a, b);
};

describe('F of offspring of relatives (textbook values)', () => {
  it('half sibs: 1/8', () => {
    const p = ped([
      ['S', 1],
      ['D1', 2],
      ['D2', 2],
      ['X', 1, 'S', 'D1'],
      ['Y', 2, 'S', 'D2'],
      ['Z', 1, 'X', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(1 / 8, 12);
    expect(kin(p, 'X', 'Y')).toBeCloseTo(1 / 8, 12);
  });
  it('full sibs: 1/4', () => {
    const p = ped([
      ['S', 1],
      ['D', 2],
      ['X', 1, 'S', 'D'],
      ['Y', 2, 'S', 'D'],
      ['Z', 1, 'X', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(1 / 4, 12);
    expect(F(p, 'X')).toBe(0);
  });
  it('parent × offspring: 1/4', () => {
    const p = ped([
      ['S', 1],
      ['D', 2],
      ['Y', 2, 'S', 'D'],
      ['Z', 1, 'S', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(1 / 4, 12);
  });
  it('first cousins: 1/16', () => {
    const p = ped([
      ['G1', 1],
      ['G2', 2],
      ['A', 1, 'G1', 'G2'],
      ['B', 2, 'G1', 'G2'],
      ['M1', 2],
      ['N1', 1],
      ['X', 1, 'A', 'M1'],
      ['Y', 2, 'N1', 'B'],
      ['Z', 1, 'X', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(1 / 16, 12);
  });
  it('double first cousins: 1/8', () => {
    const p = ped([
      ['G1', 1],
      ['G2', 2],
      ['G3', 1],
      ['G4', 2],
      ['A', 1, 'G1', 'G2'],
      ['B', 2, 'G1', 'G2'],
      ['C', 1, 'G3', 'G4'],
      ['D', 2, 'G3', 'G4'],
      ['X', 1, 'A', 'D'],
      ['Y', 2, 'C', 'B'],
      ['Z', 1, 'X', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(1 / 8, 12);
  });
  it('inbred ancestor: offspring of full sibs whose parents were full sibs themselves (F = 3/8)', () => {
    // Generation 2 full sibs X,Y have F = 1/4; their offspring's F = ½(1/4 + 1/4 + ½(1 + 1/4))·½ …: by the
    // tabular rule f(X',Y') = ½[f(X,X) + f(X,Y)] = ½[½(1 + ¼) + ½(1 + ¼)/… ] — worked out: f(X,Y) of full sibs
    // with inbred parents P,Q (F 0, f(P,Q)=¼): f(X,Y) = ¼[f(P,P)+f(Q,Q)+2f(P,Q)] = ¼[½+½+½] = 3/8.
    const p = ped([
      ['S', 1],
      ['D', 2],
      ['P', 1, 'S', 'D'],
      ['Q', 2, 'S', 'D'],
      ['X', 1, 'P', 'Q'],
      ['Y', 2, 'P', 'Q'],
      ['Z', 1, 'X', 'Y'],
    ]);
    expect(F(p, 'Z')).toBeCloseTo(3 / 8, 12);
  });
});

describe('MULT, UNK, WILD and loops', () => {
  const base = (sire: ParentInput): PedigreeAnimal[] => [
    ...ped([
      ['S', 1],
      ['D0', 2],
      ['U', 1],
      ['D', 2, 'S', 'D0'],
    ]),
    { id: 'Z', sex: 1, birth: null, alive: true, sire, dam: { kind: 'animal', id: 'D' } },
  ];
  it('a MULT sire averages its candidates: S (the dam’s sire, f = 1/4) or U (unrelated) → 1/8', () => {
    expect(F(base({ kind: 'mult', candidates: [{ id: 'S' }, { id: 'U' }] }), 'Z')).toBeCloseTo(1 / 8, 12);
  });
  it('weighted MULT candidates: 3:1 → 3/16', () => {
    expect(
      F(
        base({
          kind: 'mult',
          candidates: [
            { id: 'S', w: 3 },
            { id: 'U', w: 1 },
          ],
        }),
        'Z',
      ),
    ).toBeCloseTo(3 / 16, 12);
  });
  it('MULT kinship with later generations is the weighted mean too', () => {
    const list = [...base({ kind: 'mult', candidates: [{ id: 'S' }, { id: 'U' }] }), ...ped([['W', 2, 'S', 'D0']])];
    // f(Z, W) = ½[f(sire, W) + f(D, W)] = ½[½(f(S,W) + f(U,W)) + f(D,W)] = ½[½(¼ + 0) + ¼] = 3/16
    expect(kin(list, 'Z', 'W')).toBeCloseTo(3 / 16, 12);
  });
  it('UNK and WILD parents are unrelated founders; % known counts WILD as known and UNK as not', () => {
    const list = ped([
      ['A', 1, 'WILD', 'WILD', true],
      ['B', 2, 'UNK', 'UNK', true],
      ['C', 1, 'A', 'B', true],
      ['E', 2, 'A', 'UNK', true],
    ]);
    const p = compilePedigree(list);
    const g = analyse(p);
    const k = (id: string) => g.known[p.index.get(id)!];
    expect([k('A'), k('B'), k('C'), k('E')]).toEqual([1, 0, 0.5, 0.5]);
    expect(g.inb.f.every((x) => x === 0)).toBe(true);
  });
  it('refuses a loop and names its animals', () => {
    const list = ped([
      ['A', 1, 'B'],
      ['B', 1, 'A'],
      ['C', 2],
    ]);
    expect(() => compilePedigree(list)).toThrow(PedigreeError);
    try {
      compilePedigree(list);
    } catch (e) {
      expect((e as PedigreeError).ids.sort()).toEqual(['A', 'B']);
      expect((e as Error).message).toMatch(/成环/);
    }
  });
  it('refuses an animal as its own parent and a parent missing from the pedigree', () => {
    expect(() => compilePedigree(ped([['A', 1, 'A']]))).toThrow(/自己/);
    expect(() => compilePedigree(ped([['A', 1, 'X']]))).toThrow(/不在系谱中/);
  });
});

describe('MK, GD, FGE, founders (PMx definitions)', () => {
  it('two unrelated living founders: MK 1/4 each, GD 3/4, FGE 2', () => {
    const g = analyse(
      compilePedigree(
        ped([
          ['A', 1, 'WILD', 'WILD', true],
          ['B', 2, 'WILD', 'WILD', true],
        ]),
      ),
    );
    expect(g.figures.meanMk).toBeCloseTo(0.25, 12);
    expect(g.figures.gd).toBeCloseTo(0.75, 12);
    expect(g.figures.fge).toBeCloseTo(2, 12);
    expect(g.figures.founders).toBe(2);
  });
  it('two living full sibs of dead founders: MK = (½ + ¼)/2 = 3/8, GD 5/8, FGE 4/3, each founder ½', () => {
    const p = compilePedigree(
      ped([
        ['S', 1, 'WILD', 'WILD'],
        ['D', 2, 'WILD', 'WILD'],
        ['X', 1, 'S', 'D', true],
        ['Y', 2, 'S', 'D', true],
      ]),
    );
    const g = analyse(p);
    expect(g.mk[p.index.get('X')!]).toBeCloseTo(3 / 8, 12);
    expect(g.figures.gd).toBeCloseTo(5 / 8, 12);
    expect(g.figures.fge).toBeCloseTo(4 / 3, 12);
    expect(g.founders.map((f) => f.contribution)).toEqual([0.5, 0.5]);
    expect(g.figures.fe).toBeCloseTo(2, 12);
    expect(Number.isNaN(g.mk[p.index.get('S')!])).toBe(true);
  });
  it('ranks the living by MK: an unrelated newcomer ranks first', () => {
    const p = compilePedigree(
      ped([
        ['S', 1],
        ['D', 2],
        ['X', 1, 'S', 'D', true],
        ['Y', 2, 'S', 'D', true],
        ['N', 2, 'WILD', 'WILD', true],
      ]),
    );
    const g = analyse(p);
    // N: (½ + 0 + 0)/3 = 1/6; X: (½ + ¼ + 0)/3 = 1/4
    expect(g.mk[p.index.get('N')!]).toBeCloseTo(1 / 6, 12);
    expect(g.mk[p.index.get('X')!]).toBeCloseTo(1 / 4, 12);
    expect(g.rank[p.index.get('N')!]).toBe(1);
  });
});

describe('a published example', () => {
  it('Mrode (2005), Linear Models for the Prediction of Animal Breeding Values, Example 2.1: A and D', () => {
    // Animals 1..6: 3 = 1×2, 4 = 1×?, 5 = 4×3, 6 = 5×2. Published A (3 decimals) and D = diag(1,1,.5,.75,.5,.469).
    const p = compilePedigree(
      ped([
        ['1', 1],
        ['2', 2],
        ['3', 2, '1', '2'],
        ['4', 1, '1'],
        ['5', 1, '4', '3'],
        ['6', 1, '5', '2'],
      ]),
    );
    const inb = inbreeding(p);
    const A = [
      [1.0, 0.0, 0.5, 0.5, 0.5, 0.25],
      [0.0, 1.0, 0.5, 0.0, 0.25, 0.625],
      [0.5, 0.5, 1.0, 0.25, 0.625, 0.563],
      [0.5, 0.0, 0.25, 1.0, 0.625, 0.313],
      [0.5, 0.25, 0.625, 0.625, 1.125, 0.688],
      [0.25, 0.625, 0.563, 0.313, 0.688, 1.125],
    ];
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) expect(Math.abs(2 * kinshipOf(p, inb, String(i + 1), String(j + 1)) - A[i]![j]!)).toBeLessThanOrEqual(0.0005 + 1e-9);
    const D = [1, 1, 0.5, 0.75, 0.5, 0.469];
    D.forEach((v, i) => expect(Math.abs(inb.d[p.index.get(String(i + 1))!]! - v)).toBeLessThanOrEqual(0.0005 + 1e-9));
  });
});

/** The tabular method on a full matrix (small n only): the reference the fast paths must agree with. */
function tabular(list: PedigreeAnimal[]): { order: string[]; f: number[][] } {
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

describe('agrees with the full tabular matrix', () => {
  it('on random pedigrees with MULT sires and unknown parents: F, every kinship, MK', () => {
    for (const seed of [3, 11, 42]) {
      const list = randomPedigree(160, 12, seed, 3);
      const ref = tabular(list);
      const p = compilePedigree(list);
      const g = analyse(p);
      const n = p.n;
      for (let i = 0; i < n; i++) expect(g.inb.f[i]).toBeCloseTo(2 * ref.f[i]![i]! - 1, 10);
      for (let i = 0; i < n; i += 7) for (let j = 0; j < n; j += 5) expect(kinshipOf(p, g.inb, ref.order[i]!, ref.order[j]!)).toBeCloseTo(ref.f[i]![j]!, 10);
      const living = [...Array(n).keys()].filter((i) => p.alive[i]);
      for (const i of living) expect(g.mk[i]).toBeCloseTo(living.reduce((s, j) => s + ref.f[i]![j]!, 0) / living.length, 10);
      const heat = kinshipAmong(g, living.slice(0, 5));
      heat.forEach((row, a) => row.forEach((v, b) => expect(v).toBeCloseTo(ref.f[living[a]!]![living[b]!]!, 10)));
    }
  });
});

describe('pairing advice', () => {
  const list = ped([
    ['S', 1],
    ['D', 2],
    ['X', 1, 'S', 'D', true],
    ['Y', 2, 'S', 'D', true],
    ['N', 2, 'WILD', 'WILD', true],
    ['M', 1, 'WILD', 'WILD', true],
  ]);
  it('refuses relatives within N generations and pairs over the F cap; ranks by MK sum then F', () => {
    const g = analyse(compilePedigree(list));
    const name = (i: number) => g.ped.ids[i];
    const pairs = rankPairs(g, { generations: 3, maxF: 1 / 16 });
    expect(pairs.map((p) => `${name(p.sire)}×${name(p.dam)}`)).toEqual(['M×N', 'M×Y', 'X×N']);
    expect(pairs[0]!.offspringF).toBe(0);
    // Without the generation rule, full sibs still fail the F cap (1/4 > 1/16); with cap 1/4 they pass.
    expect(rankPairs(g, { generations: 0, maxF: 1 / 16 }).length).toBe(3);
    expect(rankPairs(g, { generations: 0, maxF: 0.25 }).length).toBe(4);
    expect(rankPairs(g, { generations: 3, maxF: 1 }).length).toBe(3);
  });
  it('only breeding animals', () => {
    const g = analyse(compilePedigree(list));
    const pairs = rankPairs(g, { generations: 3, maxF: 1, breeding: (i) => g.ped.ids[i] !== 'M' });
    expect(pairs.map((p) => g.ped.ids[p.sire])).toEqual(['X']);
  });
});
