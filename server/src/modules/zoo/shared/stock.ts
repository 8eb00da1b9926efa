import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

export interface Stock {
  individualCount: number;
  populationQuantity: number;
  maleQuantity: number;
  femaleQuantity: number;
  theyQuantity: number;
  totalQuantity: number;
}
export const NO_STOCK: Stock = { individualCount: 0, populationQuantity: 0, maleQuantity: 0, femaleQuantity: 0, theyQuantity: 0, totalQuantity: 0 };

interface StockRow {
  tenant_id: string;
  species_id: string;
  individuals: number;
  pop: number;
  m: number;
  f: number;
  u: number;
}

/**
 * In-stock totals per (tenant, species): individuals with status 1 plus population M.F.U counts. Reads what
 * the transaction may see, so a zoo gets its own stock and a cross-tenant transaction every zoo's.
 */
export async function stockRows(db: Tx, speciesId?: string): Promise<Array<{ tenantId: string; speciesId: string; stock: Stock }>> {
  const only = (col: string) => (speciesId ? sql`and ${sql.raw(col)} = ${speciesId}` : sql``);
  const res = (await db.execute(sql`
    with a as (
      select tenant_id, species_id, count(*)::int as n,
        count(*) filter (where sex = 1)::int as m, count(*) filter (where sex = 2)::int as f, count(*) filter (where sex = 3)::int as u
      from zoo_animal where is_deleted = 0 and status = 1 ${only('species_id')}
      group by tenant_id, species_id),
    p as (
      select tenant_id, species_id, sum(male_quantity)::int as m, sum(female_quantity)::int as f, sum(they_quantity)::int as u
      from zoo_population where is_deleted = 0 ${only('species_id')}
      group by tenant_id, species_id)
    select coalesce(a.tenant_id, p.tenant_id) as tenant_id, coalesce(a.species_id, p.species_id)::text as species_id,
      coalesce(a.n, 0) as individuals, coalesce(p.m + p.f + p.u, 0) as pop,
      coalesce(a.m, 0) + coalesce(p.m, 0) as m, coalesce(a.f, 0) + coalesce(p.f, 0) as f, coalesce(a.u, 0) + coalesce(p.u, 0) as u
    from a full join p on a.tenant_id = p.tenant_id and a.species_id = p.species_id`)) as unknown as { rows: StockRow[] };
  return res.rows.map((r) => ({
    tenantId: r.tenant_id,
    speciesId: String(r.species_id),
    stock: {
      individualCount: Number(r.individuals),
      populationQuantity: Number(r.pop),
      maleQuantity: Number(r.m),
      femaleQuantity: Number(r.f),
      theyQuantity: Number(r.u),
      totalQuantity: Number(r.individuals) + Number(r.pop),
    },
  }));
}

/** The caller's zoo stock by species id. */
export async function stockBySpecies(db: Tx): Promise<Map<string, Stock>> {
  return new Map((await stockRows(db)).map((r) => [r.speciesId, r.stock]));
}
