import { escapeLike } from './like';
import { and, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, ne, notIlike, sql, type SQL, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FILTER_SUFFIXES, INT32_MAX, INT32_MIN, isDateTimeText, isIdText, type FilterSuffix } from '@zoo/contract';
import { BizError } from '../http/errors';

const DATE_SUFFIX = /_date(ge|gt|equal|lt|le)$/;

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'Blade-Auth']);
const dayStart = (v: string) => sql`${v.slice(0, 10)}::date`;

const NUMERIC_TYPE = /^(smallint|integer|bigint|numeric|real|double)/;
const TEXT_TYPE = /^(text|varchar|character|char)/;
const TIME_TYPE = /^(timestamp|date)/;
const LIKE_SUFFIXES = new Set(['', '_like', '_likeleft', '_likeright', '_notlike']);
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;

/** Whether `v` is a value of the column's type: an integer within its range, a number, a real date. */
function fits(col: PgColumn, v: string): boolean {
  const type = col.getSQLType();
  if (type.startsWith('smallint')) return /^-?\d{1,5}$/.test(v) && Math.abs(+v) <= 32767;
  if (type.startsWith('integer')) return /^-?\d{1,10}$/.test(v) && +v >= INT32_MIN && +v <= INT32_MAX;
  if (type.startsWith('bigint')) return isIdText(v.replace(/^-/, ''));
  if (NUMERIC_TYPE.test(type)) return DECIMAL.test(v);
  if (TIME_TYPE.test(type)) return isDateTimeText(v);
  return true;
}

/** A value the column cannot hold is the caller's mistake (400 naming the key), not a database error (500). */
function checkValue(col: PgColumn, key: string, suffix: FilterSuffix | '', v: string): void {
  // A bare key on a number column means equality (below): its value must be a number of the column's range.
  if ((suffix === '' || suffix === '_like') && NUMERIC_TYPE.test(col.getSQLType()) && !fits(col, v)) throw new BizError(`参数 ${key}: 请求参数类型错误`);
  if (LIKE_SUFFIXES.has(suffix) || suffix === '_null' || suffix === '_notnull' || suffix === '_ignore') return;
  if (DATE_SUFFIX.test(suffix)) {
    if (!TIME_TYPE.test(col.getSQLType())) throw new BizError(`参数 ${key}: 只有日期字段可按日期筛选`);
    if (!isDateTimeText(v)) throw new BizError(`参数 ${key}: 日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
    return;
  }
  if (!fits(col, v)) throw new BizError(`参数 ${key}: 请求参数类型错误`);
}

function condition(column: PgColumn, suffix: FilterSuffix | '', v: string): SQL | undefined {
  const numeric = NUMERIC_TYPE.test(column.getSQLType());
  // LIKE on a number, date or other non-text column compares its text form (`createTime=2024-05` works).
  const text = TEXT_TYPE.test(column.getSQLType()) ? column : sql`${column}::text`;
  const col = column;
  switch (suffix) {
    case '':
    case '_like':
      // A bare key on an id, dictionary key or count means equality (`parkId=…`, `sex=1`), checked by checkValue.
      if (numeric) return eq(col, v);
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
    checkValue(cols[field], key, suffix, value);
    const c = condition(cols[field], suffix, value);
    if (c) out.push(c);
  }
  return out;
}

/** `ascs`/`descs` column lists, restricted to real columns (camel or snake case accepted). */
const columnsByName = new WeakMap<PgTable, Map<string, PgColumn>>();

export function orderBy(table: PgTable, ascs: string | undefined, descs: string | undefined): SQL[] {
  if (!ascs && !descs) return [];
  let byName = columnsByName.get(table);
  if (!byName) {
    byName = new Map<string, PgColumn>();
    for (const [k, c] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
      byName.set(k, c);
      byName.set(c.name, c);
    }
    columnsByName.set(table, byName);
  }
  const names = byName;
  const pick = (list: string | undefined, dir: 'asc' | 'desc') =>
    (list ?? '')
      .split(',')
      .map((s) => names.get(s.trim()))
      .filter((c): c is PgColumn => Boolean(c))
      .map((c) => (dir === 'asc' ? sql`${c} asc` : sql`${c} desc`));
  return [...pick(ascs, 'asc'), ...pick(descs, 'desc')];
}
