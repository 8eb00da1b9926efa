import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { DbLike, Tx } from './client';
import { mapperFor, paramsOf, runMapped, type PgClient, type PgPrepared } from './row-mapper';

interface Preparable {
  prepare(name: string): object;
}
interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R[]>;
}

/**
 * A query whose SQL is built once. Drizzle builds a query's text on every execution, and building the same few
 * statements was about a fifth of a stock movement's server time. `build` makes the query with placeholders
 * (`sql.placeholder('id')`) on first use; later calls run its text, fields and row mapping on the caller's
 * transaction (drizzle's prepared query with the session's client swapped in). One template per session kind
 * (node-postgres or PGlite), since each builds its own.
 */
export function reusable<R, V extends Record<string, unknown> = Record<string, unknown>>(build: (db: Tx) => Preparable): (db: Tx, values: V) => Promise<R[]> {
  const templates = new Map<unknown, object>();
  return (db, values) => {
    const session = (db as unknown as { session: { client: unknown; constructor: unknown } }).session;
    let template = templates.get(session.constructor);
    // Unnamed: the request connection names statements itself (db/prepared.ts).
    if (!template) templates.set(session.constructor, (template = build(db).prepare(undefined as never)));
    // A flat select on node-postgres: its statement sent as drizzle sends it, its rows mapped by a compiled mapper.
    const mapper = mapperFor(template as PgPrepared);
    if (mapper) {
      const t = template as PgPrepared;
      return Promise.resolve().then(() => runMapped(session.client as PgClient, t.queryConfig!, paramsOf(t, values), mapper) as Promise<R[]>);
    }
    const query = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as object, template, { client: session.client }) as unknown;
    // Sent one promise job later, as an awaited drizzle query is: statements issued together keep the order they
    // were issued in (a move creates the target population before it locks the pair in the same message).
    return Promise.resolve().then(() => (query as Executable<R>).execute(values));
  };
}

/**
 * The same for a raw statement (`sql` with placeholders): its text is built once, its rows come back as
 * PostgreSQL sends them. Runs on a request transaction or on the database itself.
 */
export function reusableSql<R>(query: SQL): (db: DbLike, values: Record<string, unknown>) => Promise<R[]> {
  let built: { sql: string; params: unknown[] } | undefined;
  return (db, values) => {
    const { session, dialect } = db as unknown as { session: RawSession; dialect: PgDialect };
    built ??= dialect.sqlToQuery(query);
    const prepared = session.prepareQuery(built, undefined, undefined, false);
    return Promise.resolve()
      .then(() => prepared.execute(values))
      .then((r) => r.rows);
  };
}

interface RawSession {
  prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: undefined, arrayMode: false): { execute(v: Record<string, unknown>): Promise<{ rows: never[] }> };
}
