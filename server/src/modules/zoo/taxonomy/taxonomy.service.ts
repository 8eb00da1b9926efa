import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TaxonNode } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { zooTaxonomy } from '../zoo.tables';

export const TAXONOMY_CACHE = 'taxonomy:';
export type TaxonRow = typeof zooTaxonomy.$inferSelect;

/** The whole taxonomy (a platform table of a few hundred rows), cached; writes invalidate `taxonomy:`. */
export async function allTaxa(app: FastifyInstance, db: Tx): Promise<Map<string, TaxonRow>> {
  const rows = await app.zoo.cache.get(`${TAXONOMY_CACHE}all`, 300_000, () =>
    db.select().from(zooTaxonomy).where(eq(zooTaxonomy.isDeleted, 0)).orderBy(zooTaxonomy.sort, zooTaxonomy.id),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names of the class, order and family above (or at) a taxon. */
export function lineage(taxa: Map<string, TaxonRow>, id: string | null): { className: string; orderName: string; familyName: string; taxonomyName: string } {
  const out = { className: '', orderName: '', familyName: '', taxonomyName: '' };
  let cur = id ? taxa.get(id) : undefined;
  if (cur) out.taxonomyName = `${cur.nameCn} ${cur.nameLatin}`;
  for (let guard = 0; cur && guard < 20; guard++, cur = taxa.get(cur.parentId)) {
    if (cur.rank === 1) out.className = cur.nameCn;
    if (cur.rank === 2) out.orderName = cur.nameCn;
    if (cur.rank === 3) out.familyName = cur.nameCn;
  }
  return out;
}

export const toNode = (r: TaxonRow, hasChildren: boolean): TaxonNode => ({
  id: r.id,
  parentId: r.parentId,
  title: r.nameCn,
  key: r.id,
  value: r.id,
  rank: r.rank,
  nameLatin: r.nameLatin,
  hasChildren,
});

/** Children lists by parent id. */
export function childrenOf(taxa: Map<string, TaxonRow>): Map<string, TaxonRow[]> {
  const out = new Map<string, TaxonRow[]>();
  for (const r of taxa.values()) {
    const list = out.get(r.parentId) ?? [];
    list.push(r);
    out.set(r.parentId, list);
  }
  return out;
}

/** True when `candidate` is `id` itself or lies below it. */
export function isSelfOrDescendant(taxa: Map<string, TaxonRow>, id: string, candidate: string): boolean {
  for (let cur = taxa.get(candidate), guard = 0; cur && guard < 50; cur = taxa.get(cur.parentId), guard++) if (cur.id === id) return true;
  return false;
}
