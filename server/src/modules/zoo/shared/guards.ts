import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/errors';
import { DENIED } from '../../../platform/permissions';
import { isPlatformAdministrator, type Session } from '../../../platform/session';

/**
 * Platform tables (taxonomy, species library) and licence scopes are written by the platform's administrator
 * only: the `administrator` role alias alone is not enough, it must be tenant 000000's.
 */
export function requirePlatformAdmin(s: Session): void {
  if (!isPlatformAdministrator(s)) throw new BizError(DENIED, 403);
}

/** The live row with `id` in `table` (row-level security limits tenant tables to the caller's zoo), or a 400. */
export async function mustExist<T extends PgTable & { id: PgColumn; isDeleted: PgColumn }>(db: Tx, table: T, id: string, msg: string, extra?: SQL): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.isDeleted, 0), extra))
    .limit(1);
  if (!row) throw new BizError(msg);
  return row as T['$inferSelect'];
}

/** Whether a live row matches `where` (used for uniqueness and "still in use" refusals). */
export async function anyLive<T extends PgTable & { id: PgColumn; isDeleted: PgColumn }>(db: Tx, table: T, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.isDeleted, 0), where))
    .limit(1);
  return rows.length > 0;
}

/** A LIKE pattern matching `v` anywhere, with LIKE wildcards in `v` taken literally. */
export const contains = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
