import { and, asc, eq } from 'drizzle-orm';
import type { ZooTreeNode } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { zooCage, zooPark, zooVenue } from '../zoo.tables';

const node = (id: string, parentId: string, title: string, type: ZooTreeNode['type']): ZooTreeNode => ({ id, parentId, title, key: id, value: id, type });

/** Nests `children` under their parents; `hasChildren` tells lazy pickers whether to expand. */
function attach(parents: ZooTreeNode[], children: ZooTreeNode[]): void {
  const byId = new Map(parents.map((n) => [n.id, n]));
  for (const c of children) {
    const parent = byId.get(c.parentId);
    if (parent) (parent.children ??= []).push(c);
  }
  for (const n of parents) n.hasChildren = Boolean(n.children?.length);
}

/** The zoo's park → venue → cage forest, down to the given level (ids are unique across levels). */
export async function parkForest(db: Tx, depth: 'park' | 'venue' | 'cage'): Promise<ZooTreeNode[]> {
  const parks = (await db.select().from(zooPark).where(eq(zooPark.isDeleted, 0)).orderBy(asc(zooPark.sort), asc(zooPark.id))).map((r) =>
    node(r.id, '0', r.parkName, 'park'),
  );
  if (depth === 'park') return parks;
  const venues = (await db.select().from(zooVenue).where(eq(zooVenue.isDeleted, 0)).orderBy(asc(zooVenue.sort), asc(zooVenue.id))).map((r) =>
    node(r.id, r.parkId, r.venueName, 'venue'),
  );
  if (depth === 'cage') {
    const cages = (await db.select().from(zooCage).where(eq(zooCage.isDeleted, 0)).orderBy(asc(zooCage.sort), asc(zooCage.cageCode))).map((r) =>
      node(r.id, r.venueId, `${r.cageName} (${r.cageCode})`, 'cage'),
    );
    attach(venues, cages);
  }
  attach(parks, venues);
  return parks;
}

/** Venues of one park (or all) as tree nodes. */
export async function venueNodes(db: Tx, parkId?: string | null): Promise<ZooTreeNode[]> {
  const rows = await db
    .select()
    .from(zooVenue)
    .where(and(eq(zooVenue.isDeleted, 0), parkId ? eq(zooVenue.parkId, parkId) : undefined))
    .orderBy(asc(zooVenue.sort), asc(zooVenue.id));
  return rows.map((r) => node(r.id, r.parkId, r.venueName, 'venue'));
}
