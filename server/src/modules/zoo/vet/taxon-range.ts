import { eq, inArray, sql } from 'drizzle-orm';
import type { DoseRange, TaxonRange } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { zooSpecies, zooTaxonomy } from '../zoo.tables';
import type { StoredTaxonRange, zooMedDrug } from './vet.tables';

/*
 * Species and taxon dose ranges of the formulary (decision 0038). A drug may carry ranges for a species or for a
 * taxon (class, order, family, genus); the range a dose is checked against is the species' own, else that of the
 * nearest taxon above the species that has one, else the drug's default. The ceiling (mg per administration) stays
 * the drug's.
 */

type Drug = typeof zooMedDrug.$inferSelect;

/** The range that applies to an animal of `speciesId`. */
export async function rangeFor(db: Tx, drug: Drug, speciesId: string): Promise<DoseRange> {
  const own: DoseRange = { doseMin: drug.doseMin, doseMax: drug.doseMax, maxDoseMg: drug.maxDoseMg };
  const ranges = drug.taxonRanges ?? [];
  if (!ranges.length) return own;
  const [species] = await db.select({ name: zooSpecies.speciesName, taxonomyId: zooSpecies.taxonomyId }).from(zooSpecies).where(eq(zooSpecies.id, speciesId));
  const exact = ranges.find((r) => r.speciesId === speciesId);
  if (exact) return { ...own, doseMin: exact.doseMin, doseMax: exact.doseMax, scope: species?.name ?? '' };
  if (!species?.taxonomyId) return own;
  // The species' taxa from the nearest up, in one statement.
  const res = (await db.execute(sql`
    with recursive up as (
      select id, parent_id, name_cn, 0 as depth from zoo_taxonomy where id = ${species.taxonomyId}::bigint
      union all
      select t.id, t.parent_id, t.name_cn, up.depth + 1 from zoo_taxonomy t join up on t.id = up.parent_id where up.depth < 10
    ) select id::text as id, name_cn as name from up order by depth`)) as unknown as { rows: Array<{ id: string; name: string }> };
  for (const taxon of res.rows) {
    const r = ranges.find((x) => x.taxonomyId === taxon.id);
    if (r) return { ...own, doseMin: r.doseMin, doseMax: r.doseMax, scope: taxon.name };
  }
  return own;
}

/** The ranges as saved: each species or taxon once, and each one of the library. */
export async function checkTaxonRanges(db: Tx, ranges: StoredTaxonRange[]): Promise<StoredTaxonRange[]> {
  const keys = ranges.map((r) => r.speciesId ?? `t${r.taxonomyId}`);
  if (new Set(keys).size !== keys.length) throw new BizError('同一物种或分类阶元只能有一条剂量范围');
  const speciesIds = ranges.flatMap((r) => (r.speciesId ? [r.speciesId] : []));
  const taxonIds = ranges.flatMap((r) => (r.taxonomyId ? [r.taxonomyId] : []));
  if (speciesIds.length) {
    const found = await db.select({ id: zooSpecies.id }).from(zooSpecies).where(inArray(zooSpecies.id, speciesIds));
    if (found.length !== speciesIds.length) throw new BizError('物种剂量范围中的物种不存在');
  }
  if (taxonIds.length) {
    const found = await db.select({ id: zooTaxonomy.id }).from(zooTaxonomy).where(inArray(zooTaxonomy.id, taxonIds));
    if (found.length !== taxonIds.length) throw new BizError('物种剂量范围中的分类阶元不存在');
  }
  return ranges.map((r) => ({ speciesId: r.speciesId ?? null, taxonomyId: r.taxonomyId ?? null, doseMin: r.doseMin ?? null, doseMax: r.doseMax ?? null }));
}

/** The ranges as the record shows them, with the species' or taxon's name. */
export async function taxonRangeRecords(db: Tx, ranges: StoredTaxonRange[]): Promise<TaxonRange[]> {
  if (!ranges.length) return [];
  const sp = ranges.flatMap((r) => (r.speciesId ? [r.speciesId] : []));
  const tx = ranges.flatMap((r) => (r.taxonomyId ? [r.taxonomyId] : []));
  const names = new Map<string, string>();
  if (sp.length)
    for (const s of await db.select({ id: zooSpecies.id, n: zooSpecies.speciesName }).from(zooSpecies).where(inArray(zooSpecies.id, sp))) names.set(s.id, s.n);
  if (tx.length)
    for (const s of await db.select({ id: zooTaxonomy.id, n: zooTaxonomy.nameCn }).from(zooTaxonomy).where(inArray(zooTaxonomy.id, tx)))
      names.set(`t${s.id}`, s.n);
  return ranges.map((r) => ({
    speciesId: r.speciesId ?? '',
    taxonomyId: r.taxonomyId ?? '',
    name: (r.speciesId ? names.get(r.speciesId) : names.get(`t${r.taxonomyId}`)) ?? '',
    doseMin: r.doseMin ?? '',
    doseMax: r.doseMax ?? '',
  }));
}
