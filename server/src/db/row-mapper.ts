import { Column, DrizzleQueryError, fillPlaceholders, is, noopDecoder, NoopLogger, SQL, Subquery } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';

/** A selected field as drizzle's prepared query keeps it: where the value goes in the row object, and its column. */
interface Field {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** What a node-postgres prepared query of drizzle holds (drizzle-orm/node-postgres/session.js). */
export interface PgPrepared {
  fields?: Field[];
  params: unknown[];
  queryConfig?: { text: string; rowMode?: 'array'; types?: unknown };
  logger?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}
/** The connection a request's statements go through (pg's client, pool or the request connection). */
export interface PgClient {
  query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }>;
}
/** How drizzle hands a statement to node-postgres: its text, array rows and its type parsers. */
export type PgQueryConfig = NonNullable<PgPrepared['queryConfig']>;
export type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** The decoder drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}
const passThrough = new Set<unknown>([Column.prototype.mapFromDriverValue, noopDecoder.mapFromDriverValue]);

/**
 * drizzle's row mapping (`mapResultRow`) compiled into one object literal per select: the same keys in the same
 * order, null kept, every other value through its column's decoder unless that decoder returns it unchanged.
 * mapResultRow works it out field by field for every row (an entity check and a path iterator per column): for a
 * 25-column animal row that was the largest part of drizzle's share of a detail or a list page. Undefined for a
 * nested select (`select({ a: table })`), which keeps drizzle's own mapping.
 */
export function compileRowMapper(fields: Field[]): RowMapper | undefined {
  if (fields.some((f) => f.path.length !== 1)) return undefined;
  const decoders = fields.map((f) => decoderOf(f.field));
  const props = fields.map((f, i) =>
    passThrough.has(decoders[i]!.mapFromDriverValue)
      ? `${JSON.stringify(f.path[0])}: r[${i}]`
      : `${JSON.stringify(f.path[0])}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`,
  );
  return new Function('d', `return (r) => ({ ${props.join(', ')} });`)(decoders) as RowMapper;
}

const mappers = new WeakMap<object, RowMapper | null>();

/**
 * The row mapper for a drizzle prepared query when it may skip drizzle's execute (node-postgres, no logger, no
 * custom mapping, a flat select); null when it must not. Kept per template.
 */
export function mapperFor(prepared: PgPrepared): RowMapper | null {
  let m = mappers.get(prepared);
  if (m === undefined) {
    const plain = is(prepared as object, NodePgPreparedQuery) && prepared.queryConfig && prepared.fields && !prepared.customResultMapper && (prepared.logger === undefined || is(prepared.logger, NoopLogger));
    m = (plain && compileRowMapper(prepared.fields!)) || null;
    mappers.set(prepared, m);
  }
  return m;
}

/**
 * Runs a drizzle select's statement on `client` and maps its rows with `mapper`: what drizzle's execute does for it,
 * without its tracing wrappers and its async layers (a failure is a DrizzleQueryError, as from drizzle).
 */
export function runMapped(client: PgClient, config: PgQueryConfig, params: unknown[], mapper: RowMapper): Promise<Record<string, unknown>[]> {
  return client.query(config, params).then(
    (r) => r.rows.map(mapper),
    (e: unknown) => {
      throw new DrizzleQueryError(config.text, params, e as Error);
    },
  );
}

/** `prepared`'s placeholders filled from `values` (drizzle's own fillPlaceholders). */
export const paramsOf = (prepared: PgPrepared, values: Record<string, unknown>): unknown[] => fillPlaceholders(prepared.params, values);
