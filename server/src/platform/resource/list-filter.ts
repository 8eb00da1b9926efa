import { escapeLike } from './like';
import { and, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, ne, notIlike, sql, type SQL, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FILTER_SUFFIXES, type FilterSuffix } from '@zoo/contract';
import { BizError } from '../http/errors';

const DATE_SUFFIX = /_date(ge|gt|equal|lt|le)$/;
const VALID_DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'Blade-Auth']);
const dayStart = (v: string) => sql`${v.slice(0, 10)}::date`;

const NUMERIC_TYPE = /^(smallint|integer|bigint|numeric|real|double)/;
const LIKE_SUFFIXES = new Set(['', '_like', '_likeleft', '_likeright', '_notlike']);

/** A value the column cannot hold is the caller's mistake (400), not a database error (500). */
function checkValue(col: PgColumn, suffix: FilterSuffix | '', v: string): void {
  if (LIKE_SUFFIXES.has(suffix) || suffix === '_null' || suffix === '_notnull' || suffix === '_ignore' || DATE_SUFFIX.test(suffix)) return;
  if (NUMERIC_TYPE.test(col.getSQLType()) && !/^-?\d+(\.\d+)?$/.test(v)) throw new BizError('请求参数类型错误');
  if (col.getSQLType().startsWith('timestamp') && !VALID_DATE.test(v)) throw new BizError('请求参数类型错误');
}

function condition(column: PgColumn, suffix: FilterSuffix | '', v: string): SQL | undefined {
  const numeric = NUMERIC_TYPE.test(column.getSQLType());
  // LIKE on a number column compares its text form.
  const text = numeric ? sql`${column}::text` : column;
  const col = column;
  switch (suffix) {
    case '':
    case '_like':
      // A bare key on an id, dictionary key or count means equality (`parkId=…`, `sex=1`); a non-number matches nothing.
      if (numeric) return /^-?\d+(\.\d+)?$/.test(v) ? eq(col, v) : sql`false`;
      return ilike(text, `%${escapeLike(v)}%`);
    case '_likeleft':
      return ilike(text, `%${escapeLike(v)}`);
    case '_likeright':
      return ilike(text, `${escapeLike(v)}%`);
    case '_notlike':
      return notIlike(text, `%${escapeLike(v)}%`);
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


/**
 * Turns a `Map` list query into conditions (blade-tool SqlKeyword): `<field><suffix>=value`, a bare key meaning
 * LIKE (or equality for entity-bound lists, `mode: 'entity'`). Only the allowed fields of the table are honoured;
 * anything else is ignored, never interpolated.
 */
export function mapFilters(table: PgTable, query: Record<string, unknown>, allowed: readonly string[], mode: 'map' | 'entity' = 'map'): SQL[] {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const out: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined || raw === null) continue;
    const value = String(raw);
    const found = (FILTER_SUFFIXES.find((s) => key.endsWith(s)) ?? '') as FilterSuffix | '';
    const field = found ? key.slice(0, -found.length) : key;
    const suffix: FilterSuffix | '' = found || (mode === 'entity' ? '_equal' : '');
    // A declared key with its suffix (`releaseTime_datege`) allows exactly that filter.
    if (!(allowed.includes(field) || allowed.includes(key)) || !cols[field]) continue;
    if (value === '' && suffix !== '_null' && suffix !== '_notnull') continue;
    if (DATE_SUFFIX.test(suffix) && !VALID_DATE.test(value)) continue;
    checkValue(cols[field], suffix, value);
    const c = condition(cols[field], suffix, value);
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
