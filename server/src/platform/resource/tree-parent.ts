import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TOP_PARENT_ID } from '@zoo/contract';
import type { DbLike } from '../../db/client';
import { BizError } from '../http/errors';

export const PARENT_IS_SELF = '父节点不可选择自身!';
export const PARENT_IS_CHILD = '父节点不可选择其子节点!';
export const HAS_CHILDREN = '请先删除子节点!';

interface TreeCols {
  id: PgColumn;
  parentId: PgColumn;
  isDeleted: PgColumn;
}

/**
 * Checks the parent of a tree row being saved: it must exist (and be visible to the caller), and must not be
 * the row itself or one of its descendants, which would cut the subtree off into a cycle. Returns the parent
 * row (undefined for a root).
 */
export async function checkParent<T extends PgTable>(
  db: DbLike,
  table: T,
  cols: TreeCols,
  id: string | undefined,
  parentId: string,
  notFound: string,
): Promise<T['$inferSelect'] | undefined> {
  if (parentId === TOP_PARENT_ID) return undefined;
  if (id && parentId === id) throw new BizError(PARENT_IS_SELF);
  const [parent] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(cols.id, parentId), eq(cols.isDeleted, 0)));
  if (!parent) throw new BizError(notFound);
  if (id) {
    const t = sql.identifier(getTableName(table));
    const pid = sql.identifier(cols.parentId.name);
    const res = (await db.execute(sql`with recursive sub(id) as (
        select ${id}::bigint
        union
        select c.id from ${t} c join sub on c.${pid} = sub.id where c.is_deleted = 0)
      select 1 as hit from sub where id = ${parentId}::bigint limit 1`)) as unknown as { rows: unknown[] };
    if (res.rows.length) throw new BizError(PARENT_IS_CHILD);
  }
  return parent as T['$inferSelect'];
}

/** Refuses removing rows that still have live children outside the removed set (Blade: "请先删除子节点!"). */
export async function refuseIfChildren(db: DbLike, table: PgTable, cols: TreeCols, ids: string[]): Promise<void> {
  const idList = `{${ids.join(',')}}`;
  const [hit] = await db
    .select({ id: cols.id })
    .from(table)
    .where(and(sql`${cols.parentId} = any(${idList}::bigint[])`, sql`not (${cols.id} = any(${idList}::bigint[]))`, eq(cols.isDeleted, 0)))
    .limit(1);
  if (hit) throw new BizError(HAS_CHILDREN);
}
