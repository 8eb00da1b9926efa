/**
 * Statements PostgreSQL keeps per pool connection: a statement the server has seen before is parsed and planned
 * once per connection instead of on every call (parsing and planning were about 40 % of a stock movement's
 * PostgreSQL time). A statement is named on its second use, at most MAX_NAMES of them per process, so one-off
 * shapes (a long IN list) are not kept. Off when the pool goes through PgBouncer in transaction pooling
 * (DB_PREPARE=off): a statement prepared on one server connection is unknown on the next.
 */
const enabled = new WeakSet<object>();
/** Lets `pool`'s request transactions name their statements (db/client.ts openPostgres). */
export const prepareStatementsOn = (pool: object): void => void enabled.add(pool);
export const preparesStatements = (pool: object): boolean => enabled.has(pool);

const MAX_NAMES = 800;
const SEEN_LIMIT = 10_000;
const seen = new Set<string>();
const names = new Map<string, number>();
/** Texts PostgreSQL refused to prepare (a value whose type only a literal settles): always inlined. */
const refused = new Set<string>();

/** The statement's number once it is worth naming (used before, room left), else undefined. */
export function statementNumber(text: string): number | undefined {
  if (refused.has(text)) return undefined;
  const n = names.get(text);
  if (n !== undefined) return n;
  if (names.size >= MAX_NAMES) return undefined;
  if (!seen.has(text)) {
    if (seen.size >= SEEN_LIMIT) seen.clear();
    seen.add(text);
    return undefined;
  }
  seen.delete(text);
  names.set(text, names.size + 1);
  return names.size;
}

/** A text whose PREPARE failed: never named again. */
export const refusePreparing = (text: string): void => void refused.add(text);

const onConnection = new WeakMap<object, Set<number>>();
/** The statement numbers prepared (by SQL PREPARE) on one pool connection. */
export function preparedOn(client: object): Set<number> {
  let s = onConnection.get(client);
  if (!s) onConnection.set(client, (s = new Set()));
  return s;
}

/** SQLSTATEs of a PREPARE that cannot settle a value's type (indeterminate or ambiguous) or its mismatch. */
export const PREPARE_TYPE_ERRORS = new Set(['42P18', '42P08', '42804', '42725']);
