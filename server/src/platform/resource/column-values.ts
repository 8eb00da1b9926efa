import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Columns the server sets from the session, the clock or the delete call: never from a request body. */
const SERVER_OWNED = new Set(['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'isDeleted']);

/**
 * The default input → row mapping of the resource builder: every input key that names a column is copied.
 * `null` — a form's cleared value, the one meaning the contract's field builders give "" and null — writes the
 * column's default (NULL for a nullable column without one); arrays are stored comma-joined, as Blade stores
 * multi-valued fields. With `fields` (the contract input's keys, given on an update) a field the request left
 * out counts as cleared too: a form saves the whole record. A resource's `beforeSave` returns only what its rules
 * derive, which wins over this mapping.
 */
export function columnValues(table: PgTable, input: Record<string, unknown>, fields?: readonly string[]): Record<string, unknown> {
  const cols = getTableColumns(table);
  const out: Record<string, unknown> = {};
  for (const key of new Set([...(fields ?? []), ...Object.keys(input)])) {
    if (SERVER_OWNED.has(key) || !(key in cols)) continue;
    const v = input[key] ?? (fields?.includes(key) ? null : undefined);
    if (v === undefined) continue;
    out[key] = v === null ? sql`default` : Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}
