import { describe, expect, it } from 'vitest';
import { analyse, compilePedigree, PedigreeError, type ParentInput, type PedigreeAnimal } from './kinship';
import { F, kin, ped } from './test-pedigree';

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
