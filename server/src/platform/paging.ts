import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PageOf, PageQuery } from '@zoo/contract';
import type { DbLike } from '../db/client';

export function pageOf<T>(records: T[], total: number, q: Pick<PageQuery, 'current' | 'size'>): PageOf<T> {
  return {
    records,
    total,
    size: q.size,
    current: q.current,
    pages: q.size > 0 ? Math.ceil(total / q.size) : 0,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    hitCount: false,
    countId: '',
    maxLimit: -1,
  };
}

/** One page of `table` under `where`, ordered, with its total. */
export async function selectPage<T extends PgTable>(
  db: DbLike,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  q: Pick<PageQuery, 'current' | 'size'>,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [{ n }] = (await db.select({ n: count() }).from(table as PgTable).where(where)) as [{ n: number }];
  if (n === 0) return { rows: [], total: 0 };
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return { rows: rows as T['$inferSelect'][], total: Number(n) };
}
