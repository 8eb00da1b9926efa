import { describe, expect, it } from 'vitest';
import { analyse, compilePedigree, rankPairs } from './kinship';
import { ped } from './test-pedigree';

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
