import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { BizError } from '../http/errors';

type Live = PgTable & { id: PgColumn; isDeleted: PgColumn };

/** The live row of `table` by id. */
export function liveById<T extends Live>(table: T): (db: Tx, v: { id: string }) => Promise<Array<T['$inferSelect']>> {
  return (db, { id }) =>
    db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), eq(table.isDeleted, 0)))
      .limit(1) as Promise<Array<T['$inferSelect']>>;
}

/** The live row with `id` in `table` (row-level security limits tenant tables to the caller's tenant), or a 400. */
export async function mustExist<T extends Live>(db: Tx, table: T, id: string, msg: string, extra?: SQL): Promise<T['$inferSelect']> {
  const [row] = extra
    ? await db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), eq(table.isDeleted, 0), extra))
        .limit(1)
    : await liveById(table)(db, { id });
  if (!row) throw new BizError(msg);
  return row as T['$inferSelect'];
}

/** Whether a live row matches `where` (uniqueness and "still in use" refusals). */
export async function anyLive<T extends Live>(db: Tx, table: T, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.isDeleted, 0), where))
    .limit(1);
  return rows.length > 0;
}

/**
 * Refuses a write whose unique value another live row already holds (the row being updated excepted). Unique
 * indexes still hold under concurrency; this gives the user the resource's own message first.
 */
export async function refuseDuplicate<T extends Live>(db: Tx, table: T, where: SQL, existing: { id: string } | undefined, msg: string): Promise<void> {
  if (await anyLive(db, table, and(where, existing ? ne(table.id, existing.id) : undefined))) throw new BizError(msg);
}
