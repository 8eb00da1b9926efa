import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTable, QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type DbLike, type Tx } from '../../db/client';

const dialect = new PgDialect();

/** A statement's text, which must hold no value: only the table's own names and constants go in once. */
function textOf(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length) throw new Error(`a statement kept as text holds a value: ${built.sql}`);
  return built.sql;
}

export interface WholeRows {
  /** `select <every column>[, <extra columns>] from <table>`. */
  head: string;
  /** A row keyed by column name → keyed by the table's keys, through each column's own decoder. */
  toRow: (r: Record<string, unknown>) => unknown;
}
const plain = new WeakMap<PgTable, WholeRows>();

/**
 * A table's whole rows (`select()` with no fields), the column list's text built once. drizzle built `select
 * <every column> from …` anew on every call: for the animal's 29 columns that was 14 % of a warm detail's CPU
 * (decision 0039, seventh session). Values stay bind parameters; rows come back keyed by column name and are
 * mapped to the table's keys with each column's own decoder, as drizzle's select maps them (null stays null).
 * `extra` columns (SQL holding no value) come after them under their keys, as the driver parsed them.
 */
export function wholeRows(table: PgTable, extra: Record<string, SQL> = {}): WholeRows {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fields = Object.entries(columns).map(([key, col]) => ({ key, name: col.name, col }));
  const extraKeys = Object.keys(extra);
  const toRow = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = r[f.name];
      out[f.key] = v === null || v === undefined ? null : f.col.mapFromDriverValue(v);
    }
    for (const k of extraKeys) out[k] = r[k];
    return out;
  };
  const aliased = Object.fromEntries(Object.entries(extra).map(([k, q]) => [k, q.as(k)]));
  return {
    head: textOf(
      new QueryBuilder()
        .select({ ...columns, ...aliased })
        .from(table)
        .getSQL(),
    ),
    toRow,
  };
}

/** Whole rows of `table` (or as `rows` were built) matching `rest`: where, order, limit… with bind parameters. */
export async function selectWhole<Row>(db: DbLike, rows: PgTable | WholeRows, rest: SQL): Promise<Row[]> {
  let w: WholeRows | undefined;
  if (!is(rows, PgTable)) w = rows;
  else if (!(w = plain.get(rows))) plain.set(rows, (w = wholeRows(rows)));
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
