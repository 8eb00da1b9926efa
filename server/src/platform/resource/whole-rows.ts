import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbLike, type Tx } from '../../db/client';

const dialect = new PgDialect();

/** A statement's text, which must hold no value: only the table's own names and constants go in once. */
function textOf(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length) throw new Error(`a statement kept as text holds a value: ${built.sql}`);
  return built.sql;
}

interface WholeRows {
  /** `select <every column> from <table>`. */
  head: string;
  /** A row keyed by column name → keyed by the table's keys, through each column's own decoder. */
  toRow: (r: Record<string, unknown>) => unknown;
}
const built = new WeakMap<PgTable, WholeRows>();

/**
 * A table's whole rows (`select()` with no fields), the column list's text built once per table. drizzle built
 * `select <every column> from …` anew on every call: for the animal's 29 columns that was 14 % of a warm detail's
 * CPU (decision 0039, seventh session). Values stay bind parameters; rows come back keyed by column name and are
 * mapped to the table's keys with each column's own decoder, as drizzle's select maps them (null stays null).
 */
function wholeRows(table: PgTable): WholeRows {
  let w = built.get(table);
  if (w) return w;
  const fields = Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([key, col]) => ({ key, name: col.name, col }));
  const toRow = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = r[f.name];
      out[f.key] = v === null || v === undefined ? null : f.col.mapFromDriverValue(v);
    }
    return out;
  };
  built.set(table, (w = { head: textOf(new QueryBuilder().select().from(table).getSQL()), toRow }));
  return w;
}

/** Whole rows of `table` matching `rest` (where, order, limit… as drizzle SQL with bind parameters). */
export async function selectWhole<Row>(db: DbLike, table: PgTable, rest: SQL): Promise<Row[]> {
  const w = wholeRows(table);
  return (await rowsOf<Record<string, unknown>>(db, sql`${sql.raw(w.head)} ${rest}`)).map(w.toRow) as Row[];
}

/** A resource's row by id (its detail, an update's locked read), the condition's text also built once. */
export function rowById<Row>(table: PgTable, idCol: PgColumn, live: SQL | undefined) {
  const where = textOf(sql`where ${idCol} = `);
  const tail = live ? textOf(sql` and ${live}`) : '';
  const locked = `${tail} for update`;
  return async (db: Tx, id: string, lock = false): Promise<Row | undefined> => {
    const [row] = await selectWhole<Row>(db, table, sql`${sql.raw(where)}${id}${sql.raw(lock ? locked : tail)}`);
    return row;
  };
}
