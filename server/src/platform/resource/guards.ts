import { and, eq, getTableName, ne, type SQL } from 'drizzle-orm';
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
 * indexes still hold under concurrency; this gives the user the resource's own message first, and remembers it
 * for the transaction: when a twin submitted at the same moment passes this check too, the unique index refuses
 * one of them, and `route()` answers that one with the same message (`duplicateRuleMessage`), not a generic one.
 *
 * `kept`: the row being updated already holds the value (an edit that does not rename). With a unique index on
 * the value no other live row can hold it, so nothing is read — an update runs while it holds its row's lock,
 * and this read was a round trip to the server inside that lock (decision 0039, sixth session).
 */
export async function refuseDuplicate<T extends Live>(
  db: Tx,
  table: T,
  where: SQL,
  existing: { id: string } | undefined,
  msg: string,
  kept = false,
): Promise<void> {
  noteDuplicateRule(db, getTableName(table as PgTable), msg);
  if (existing && kept) return;
  if (await anyLive(db, table, and(where, existing ? ne(table.id, existing.id) : undefined))) throw new BizError(msg);
}

/** The duplicate rules each transaction checked: table → message (null when one table had two different rules). */
const checkedRules = new WeakMap<object, Map<string, string | null>>();

function noteDuplicateRule(db: object, tableName: string, msg: string): void {
  let rules = checkedRules.get(db);
  if (!rules) checkedRules.set(db, (rules = new Map()));
  const before = rules.get(tableName);
  rules.set(tableName, before === undefined || before === msg ? msg : null);
}

/**
 * The message of the duplicate rule this transaction checked on the table a unique violation names (PostgreSQL's
 * error field `table`, on the driver's error or the ORM's wrapper's cause); undefined for any other error, or
 * when the table had several rules and the violated one cannot be told.
 */
export function duplicateRuleMessage(db: object | undefined, e: unknown): string | undefined {
  const err = e as { code?: string; table?: string; cause?: { code?: string; table?: string } } | undefined;
  const pgErr = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  if (!db || !pgErr?.table) return undefined;
  return checkedRules.get(db)?.get(pgErr.table) ?? undefined;
}
