import { fillPlaceholders, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import { reusableSql } from '../../../db/reusable';
import { finalText } from '../../../platform/tenancy/tenant-tx';

/**
 * A call of one of the ledger's PostgreSQL functions (migration 0027) with named arguments, its text built once:
 * `final` sends it as the handler's last statement, with COMMIT in the same message; otherwise an ordinary
 * statement of the transaction (a transfer's arrival, an approved disposition). Returns the function's one row.
 */
export function ledgerFunction<R, A extends string = string>(name: string, args: readonly A[]) {
  const query = sql`select * from ${sql.raw(name)}(${sql.join(
    args.map((a) => sql.placeholder(a)),
    sql`, `,
  )})`;
  const run = reusableSql<R>(query);
  let built: { sql: string; params: unknown[] } | undefined;
  return async (db: Tx, values: Record<A, unknown>, final: boolean): Promise<R> => {
    if (!final) return (await run(db, values))[0]!;
    built ??= (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return (await finalText<R>(db, built.sql, fillPlaceholders(built.params, values)))[0]!;
  };
}
