import type { ParentInput, PedigreeAnimal } from './kinship';

/**
 * A reproducible synthetic studbook for tests and the bench: `gens` generations of about n/gens animals, parents
 * drawn mostly from the previous generation (some from the one before), about 5 % MULT sires, 3 % UNK dams and
 * 3 % wild-caught animals after the founders; the last `livingGens` generations are mostly alive.
 */
export function randomPedigree(n: number, gens: number, seed = 1, livingGens = 2): PedigreeAnimal[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const per = Math.ceil(n / gens);
  const list: PedigreeAnimal[] = [];
  const byGen: Array<{ m: string[]; f: string[] }> = [];
  for (let g = 0; g < gens; g++) {
    byGen.push({ m: [], f: [] });
    for (let k = 0; k < per && list.length < n; k++) {
      const id = `g${g}_${k}`;
      const sex = rnd() < 0.5 ? 1 : 2;
      const pick = (arr: string[]) => arr[Math.floor(rnd() * arr.length)]!;
      let sire: ParentInput = { kind: 'wild' };
      let dam: ParentInput = { kind: 'wild' };
      if (g > 0 && rnd() > 0.03) {
        const pg = byGen[g - 1]!;
        const pg2 = byGen[Math.max(0, g - 2)]!;
        const males = rnd() < 0.8 ? pg.m : pg2.m;
        const females = rnd() < 0.8 ? pg.f : pg2.f;
        if (males.length)
          sire =
            rnd() < 0.05 && males.length > 1
              ? { kind: 'mult', candidates: [{ id: pick(males) }, { id: pick(males) }].filter((c, i, a) => a.findIndex((o) => o.id === c.id) === i) }
              : { kind: 'animal', id: pick(males) };
        if (females.length) dam = rnd() < 0.03 ? { kind: 'unk' } : { kind: 'animal', id: pick(females) };
      }
      list.push({ id, sex, birth: null, alive: g >= gens - livingGens && rnd() < 0.9, sire, dam });
      (sex === 1 ? byGen[g]!.m : byGen[g]!.f).push(id);
    }
  }
  return list;
}
