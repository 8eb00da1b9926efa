import { describe, expect, it } from 'vitest';
import { analyse, compilePedigree, inbreeding, kinshipAmong, kinshipOf } from './kinship';
import { randomPedigree } from './synthetic';
import { ped, tabular } from './test-pedigree';

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
