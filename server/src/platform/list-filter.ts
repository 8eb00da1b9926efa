import { and, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, ne, notIlike, sql, type SQL, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FILTER_SUFFIXES, type FilterSuffix } from '@zoo/contract';

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'Blade-Auth']);
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const dayStart = (v: string) => sql`${v.slice(0, 10)}::date`;

function condition(col: PgColumn, suffix: FilterSuffix | '', v: string): SQL | undefined {
  switch (suffix) {
    case '':
    case '_like':
      return ilike(col, `%${escapeLike(v)}%`);
    case '_likeleft':
      return ilike(col, `%${escapeLike(v)}`);
    case '_likeright':
      return ilike(col, `${escapeLike(v)}%`);
    case '_notlike':
      return notIlike(col, `%${escapeLike(v)}%`);
    case '_equal':
      return eq(col, v);
    case '_notequal':
      return ne(col, v);
    case '_ge':
      return gte(col, v);
    case '_le':
      return lte(col, v);
    case '_gt':
      return gt(col, v);
    case '_lt':
      return lt(col, v);
    case '_datege':
      return gte(col, dayStart(v));
    case '_dategt':
      return gt(col, v.length > 10 ? v : sql`${dayStart(v)} + 1`);
    case '_dateequal':
      return and(gte(col, dayStart(v)), lt(col, sql`${dayStart(v)} + 1`));
    case '_datelt':
      return lt(col, v.length > 10 ? v : dayStart(v));
    case '_datele':
      return lt(col, sql`${dayStart(v)} + 1`);
    case '_null':
      return isNull(col);
    case '_notnull':
      return isNotNull(col);
    case '_ignore':
      return undefined;
  }
}

const LIKE_SUFFIXES = new Set<FilterSuffix | ''>(['', '_like', '_likeleft', '_likeright', '_notlike']);
const isText = (col: PgColumn) => /^(varchar|text|char|character)/.test(col.getSQLType());

/**
 * A bare (LIKE) key on a number column means equality, as MySQL's implicit cast made it for Saber
 * (`category=1`); on other non-text columns it matches the column's text form.
 */
function nonTextLike(col: PgColumn, suffix: FilterSuffix | '', v: string): SQL | undefined {
  if (/^(integer|smallint|bigint|numeric)/.test(col.getSQLType())) {
    if (!/^-?\d{1,18}$/.test(v)) return sql`false`;
    return suffix === '_notlike' ? ne(col, v) : eq(col, v);
  }
  return condition(sql`${col}::text` as unknown as PgColumn, suffix, v);
}

const DATE_SUFFIX = /_date(ge|gt|equal|lt|le)$/;
const VALID_DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * Turns a `Map` list query into conditions (blade-tool SqlKeyword): `<field><suffix>=value`, a bare key meaning
 * LIKE. Only the allowed fields of the table are honoured; anything else is ignored, never interpolated.
 */
export function mapFilters(table: PgTable, query: Record<string, unknown>, allowed: readonly string[]): SQL[] {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const out: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined || raw === null) continue;
    const value = String(raw);
    const suffix = (FILTER_SUFFIXES.find((s) => key.endsWith(s)) ?? '') as FilterSuffix | '';
    const field = suffix ? key.slice(0, -suffix.length) : key;
    if (!allowed.includes(field) || !cols[field]) continue;
    if (value === '' && suffix !== '_null' && suffix !== '_notnull') continue;
    if (DATE_SUFFIX.test(suffix) && !VALID_DATE.test(value)) continue;
    const c = isText(cols[field]) || !LIKE_SUFFIXES.has(suffix) ? condition(cols[field], suffix, value) : nonTextLike(cols[field], suffix, value);
    if (c) out.push(c);
  }
  return out;
}

/** `ascs`/`descs` column lists, restricted to real columns (camel or snake case accepted). */
export function orderBy(table: PgTable, ascs: string | undefined, descs: string | undefined): SQL[] {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map<string, PgColumn>();
  for (const [k, c] of Object.entries(cols)) {
    byName.set(k, c);
    byName.set(c.name, c);
  }
  const pick = (list: string | undefined, dir: 'asc' | 'desc') =>
    (list ?? '')
      .split(',')
      .map((s) => byName.get(s.trim()))
      .filter((c): c is PgColumn => Boolean(c))
      .map((c) => (dir === 'asc' ? sql`${c} asc` : sql`${c} desc`));
  return [...pick(ascs, 'asc'), ...pick(descs, 'desc')];
}
