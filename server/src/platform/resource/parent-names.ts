import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TOP_PARENT_ID, TOP_PARENT_NAME } from '@zoo/contract';
import type { DbLike } from '../../db/client';

/**
 * `parentName` of tree rows (Blade's wrappers): "顶级" for roots, else the parent's name, looked up once for
 * all rows (parents outside `rows` too). A parent the caller cannot see yields "".
 */
export async function parentNames(
  db: DbLike,
  table: PgTable,
  cols: { id: PgColumn; name: PgColumn },
  rows: Array<{ id: string; parentId: string }>,
  known: Map<string, string> = new Map(),
): Promise<(parentId: string) => string> {
  const missing = [...new Set(rows.map((r) => r.parentId))].filter((p) => p !== TOP_PARENT_ID && !known.has(p));
  const names = new Map(known);
  if (missing.length) {
    const found = (await db.select({ id: cols.id, name: cols.name }).from(table).where(inArray(cols.id, missing))) as Array<{ id: string; name: string }>;
    for (const f of found) names.set(f.id, f.name);
  }
  return (parentId) => (parentId === TOP_PARENT_ID ? TOP_PARENT_NAME : (names.get(parentId) ?? ''));
}
