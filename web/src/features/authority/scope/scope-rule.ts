import { DataScopeCondition, type DataScopeOp } from '@zoo/contract';

/** One condition row of the rule editor; values stay text (a list is comma-joined, as the server reads it). */
export interface RuleRow {
  column: string;
  op: DataScopeOp;
  value: string;
}

export const NO_VALUE_OPS: readonly DataScopeOp[] = ['null', 'notnull'];

/** The stored JSON rule → editor rows; text that is no rule gives no rows. */
export function parseRule(text: string | undefined): RuleRow[] {
  if (!text?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  return (Array.isArray(json) ? json : [json]).flatMap((item) => {
    const c = DataScopeCondition.safeParse(item);
    if (!c.success) return [];
    const v = c.data.value;
    return [{ column: c.data.column, op: c.data.op, value: Array.isArray(v) ? v.join(',') : String(v ?? '') }];
  });
}

/** Editor rows → the JSON the server stores: all conditions must hold. Blank rows are left out. */
export function serializeRule(rows: readonly RuleRow[]): string {
  const kept = rows.filter((r) => r.column.trim() || r.value.trim());
  if (kept.length === 0) return '';
  return JSON.stringify(
    kept.map((r) => (NO_VALUE_OPS.includes(r.op) ? { column: r.column.trim(), op: r.op } : { column: r.column.trim(), op: r.op, value: r.value.trim() })),
  );
}
