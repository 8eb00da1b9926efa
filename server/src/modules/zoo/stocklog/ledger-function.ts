import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { finalStatement } from '../../../platform/tenancy/tenant-tx';

/**
 * A call of one of the ledger's PostgreSQL functions (migration 0027) with named arguments, each a bind parameter:
 * `final` sends it as the handler's last statement, its COMMIT pipelined right behind it; otherwise an ordinary
 * statement of the transaction (a transfer's arrival, an approved disposition). Returns the function's one row.
 */
export function ledgerFunction<R, A extends string = string>(name: string, args: readonly A[]) {
  const fn = sql.raw(name);
  return async (db: Tx, values: Record<A, unknown>, final: boolean): Promise<R> => {
    const query = sql`select * from ${fn}(${sql.join(
      args.map((a) => sql`${sql.param(values[a])}`),
      sql`, `,
    )})`;
    const rows = final ? await finalStatement<R>(db, query) : await rowsOf<R>(db, query);
    return rows[0]!;
  };
}
