/**
 * The stock report test's reference (src/modules/zoo/report/report.test.ts): what the API should answer, worked
 * out from the ledger rows alone.
 */
export interface Cell {
  ind: number;
  ph: number;
  q: [number, number, number];
}
export type Ledger = Array<Record<string, any>>;

/** The reference: the ledger replayed in its own order, rows dated after `day` skipped; keyed species|cage. */
export function replay(ledger: Ledger, day: string): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  const add = (species: string, cage: string | null, ind: number, q: number[], sign: number) => {
    const k = `${species}|${cage ?? ''}`;
    const c = cells.get(k) ?? { ind: 0, ph: 0, q: [0, 0, 0] };
    c.ind += ind;
    if (!ind) c.ph += sign * (q[0]! + q[1]! + q[2]!);
    c.q = c.q.map((v, i) => v + sign * q[i]!) as Cell['q'];
    cells.set(k, c);
  };
  const last = new Map<string, Record<string, any>>();
  for (const r of ledger) {
    if (r.event_date.slice(0, 10) > day) continue;
    const q = [r.male_quantity, r.female_quantity, r.they_quantity];
    if (r.animal_type === 2) {
      if (r.to_population_id) add(r.species_id, r.to_cage_id, 0, q, 1);
      if (r.population_id) add(r.species_id, r.from_cage_id, 0, q, -1);
    } else last.set(r.animal_id, r);
  }
  for (const r of last.values())
    if (r.status_after === 1) add(r.species_id, r.to_cage_id ?? r.from_cage_id, 1, [r.male_quantity, r.female_quantity, r.they_quantity], 1);
  return cells;
}

/** Replayed cells summed per key (species or park), empty groups left out, as the API's figures. */
export function grouped(cells: Map<string, Cell>, keyOf: (species: string, cage: string) => string | undefined) {
  const out = new Map<string, { individuals: number; populationHeads: number; male: number; female: number; unknown: number; total: number }>();
  for (const [k, c] of cells) {
    const [species, cage] = k.split('|') as [string, string];
    const key = keyOf(species, cage);
    if (key === undefined) continue;
    const o = out.get(key) ?? { individuals: 0, populationHeads: 0, male: 0, female: 0, unknown: 0, total: 0 };
    o.individuals += c.ind;
    o.populationHeads += c.ph;
    o.male += c.q[0];
    o.female += c.q[1];
    o.unknown += c.q[2];
    o.total += c.q[0] + c.q[1] + c.q[2];
    out.set(key, o);
  }
  for (const [k, o] of out) if (!o.total && !o.individuals) out.delete(k);
  return out;
}

export const asMap = (rows: Array<Record<string, any>>) => new Map(rows.map(({ key, name: _n, ...fig }) => [key, fig]));
