import { escapeLike } from '../resource/like';
import { and, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DataScopeCondition } from '@zoo/contract';
import { BizError } from '../http/errors';
import type { Session } from '../auth/session';

/** The columns a data scope may name for one resource: record fields that are real table columns. */
export type ScopeColumns = Map<string, PgColumn>;

const NUMERIC = /^(smallint|integer|bigint|numeric|real|double)/;
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const PLACEHOLDER = /\$\{(userId|deptId)\}/g;

/** Finds a column by its record key (camelCase) or its SQL name (snake_case). */
export function resolveColumn(cols: ScopeColumns, name: string): PgColumn | undefined {
  const k = name.trim();
  if (cols.has(k)) return cols.get(k);
  for (const c of cols.values()) if (c.name === k) return c;
  return undefined;
}

const fill = (v: string, s: Pick<Session, 'userId' | 'deptId'>) =>
  v.replace(PLACEHOLDER, (_m, k: string) => (k === 'userId' ? s.userId : (s.deptId.split(',')[0] ?? '')));

function typed(col: PgColumn, raw: string, what: string): string {
  const t = col.getSQLType();
  if (NUMERIC.test(t) && !/^-?\d+(\.\d+)?$/.test(raw)) throw new BizError(`自定义规则的值 ${what} 应为数字`);
  if (t.startsWith('timestamp') && !DATE.test(raw)) throw new BizError(`自定义规则的值 ${what} 应为 yyyy-MM-dd HH:mm:ss`);
  return raw;
}

/**
 * Parses and checks a custom rule (scope type 5) against the resource's columns: unknown columns, operators
 * or values the column cannot hold are refused with a message. Never produces SQL from text.
 */
export function parseRule(text: string, cols: ScopeColumns): DataScopeCondition[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BizError('自定义规则应为 JSON, 例如 {"column":"status","op":"eq","value":"1"}');
  }
  // Each condition on its own, so the message names what is wrong (a union would only say "invalid").
  const items = Array.isArray(json) ? json : [json];
  if (items.length === 0) throw new BizError('自定义规则不能为空');
  const conds = items.map((item) => {
    const parsed = DataScopeCondition.safeParse(item);
    if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '自定义规则格式错误');
    return parsed.data;
  });
  const probe = { userId: '1', deptId: '1' };
  for (const c of conds) {
    const col = resolveColumn(cols, c.column);
    if (!col) throw new BizError(`自定义规则的字段 ${c.column} 不可用于该资源 (可用: ${[...cols.keys()].join(', ')})`);
    if (c.op === 'null' || c.op === 'notnull') continue;
    if (c.value === undefined || c.value === '') throw new BizError(`自定义规则缺少值 value (${c.column})`);
    const values = valueList(c);
    if ((c.op === 'in' || c.op === 'notin') && values.length === 0) throw new BizError(`自定义规则缺少值 value (${c.column})`);
    if (c.op !== 'in' && c.op !== 'notin' && Array.isArray(c.value)) throw new BizError(`运算符 ${c.op} 只接受单个值`);
    if (c.op !== 'like' && c.op !== 'notlike') for (const v of values) typed(col, fill(v, probe), v);
  }
  return conds;
}

function valueList(c: DataScopeCondition): string[] {
  if (Array.isArray(c.value)) return c.value.map(String);
  const v = String(c.value ?? '');
  return c.op === 'in' || c.op === 'notin'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [v];
}

/** The condition of a (checked) rule for this caller; every part must hold. */
export function ruleCondition(conds: DataScopeCondition[], cols: ScopeColumns, s: Pick<Session, 'userId' | 'deptId'>): SQL {
  const parts = conds.map((c) => {
    const col = resolveColumn(cols, c.column)!;
    const values = valueList(c).map((v) => fill(v, s));
    const v = values[0] ?? '';
    switch (c.op) {
      case 'eq':
        return eq(col, v);
      case 'ne':
        return ne(col, v);
      case 'gt':
        return gt(col, v);
      case 'ge':
        return gte(col, v);
      case 'lt':
        return lt(col, v);
      case 'le':
        return lte(col, v);
      case 'like':
        return ilike(sql`${col}::text`, `%${escapeLike(v)}%`);
      case 'notlike':
        return not(ilike(sql`${col}::text`, `%${escapeLike(v)}%`));
      case 'in':
        return inArray(col, values);
      case 'notin':
        return notInArray(col, values);
      case 'null':
        return isNull(col);
      case 'notnull':
        return isNotNull(col);
    }
  });
  return and(...parts) ?? sql`true`;
}
