import { TOP_PARENT_ID } from '@zoo/contract';
import dayjs from 'dayjs';
import type { ResolvedField } from './resolve-fields';
import type { AnyRow } from './types';

/** Wire formats of contract §1.1. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const switchValues = (f: ResolvedField) => f.def.switchValues ?? [1, 0];

/** Wire value → what the antd control holds (dayjs, boolean, array). */
export function toFormValue(f: ResolvedField, value: unknown): unknown {
  if (f.widget === 'date' || f.widget === 'datetime') return value ? dayjs(String(value)) : undefined;
  if (f.widget === 'switch') return value === switchValues(f)[0];
  // Dictionary keys are strings; numeric columns (Blade's int flags) hold them as numbers.
  if (f.widget === 'dict' && typeof value === 'number') return String(value);
  // A root's parent id "0" is no node of the picker: the picker shows it as empty.
  if (f.widget === 'tree-select' && value === TOP_PARENT_ID) return undefined;
  if (f.def.multiple && typeof value === 'string') return value ? value.split(',') : [];
  return value;
}

/** Control value → wire value; null (a cleared control) means "not given". */
export function fromFormValue(f: ResolvedField, value: unknown): unknown {
  if (value === null) return undefined;
  if (dayjs.isDayjs(value)) return value.format(f.widget === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT);
  if (f.widget === 'switch') return value ? switchValues(f)[0] : switchValues(f)[1];
  if (f.def.multiple && Array.isArray(value)) return value.join(',');
  return value;
}

export function toFormValues(fields: readonly ResolvedField[], row: AnyRow): AnyRow {
  return Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, row[f.key])]));
}

export function fromFormValues(fields: readonly ResolvedField[], values: AnyRow): AnyRow {
  const out: AnyRow = {};
  for (const f of fields) if (f.key in values) out[f.key] = fromFormValue(f, values[f.key]);
  return out;
}
