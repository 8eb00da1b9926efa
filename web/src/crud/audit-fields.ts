import * as contract from '@zoo/contract';
import type { AuditChange } from '@zoo/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { metaTitle } from './zod-fields';

type Shape = Record<string, Parameters<typeof metaTitle>[0]>;

let shapes: Map<string, Shape> | undefined;

/** Every contract resource's record shape by resource name (built once, on first use). */
function recordShapes(): Map<string, Shape> {
  if (shapes) return shapes;
  shapes = new Map();
  for (const value of Object.values(contract) as unknown[]) {
    const def = value as { name?: unknown; record?: unknown; endpoints?: unknown } | null;
    if (typeof def?.name !== 'string' || !(def.record instanceof z.ZodObject) || !def.endpoints) continue;
    if (!shapes.has(def.name)) shapes.set(def.name, def.record.shape as Shape);
  }
  return shapes;
}

/**
 * The label of a changed field in an audit row: the screen's own label (`<i18n>.<field>`) when the caller knows
 * the screen, else the resource's record title (`.meta({ title })`) from the contract, else the record key
 * itself (columns without a record field, e.g. internal flags).
 */
export function useAuditFieldLabel(i18nPrefix?: string): (resource: string | undefined, field: string) => string {
  const { t, i18n } = useTranslation();
  return (resource, field) => {
    const key = i18nPrefix ? `${i18nPrefix}.${field}` : '';
    if (key && i18n.exists(key)) return t(key);
    return (resource && metaTitle(recordShapes().get(resource)?.[field])) || field;
  };
}

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?$/;

/**
 * A before/after value as text: "" and null stay empty, timestamps as the wire writes them (`yyyy-MM-dd HH:mm:ss`,
 * the trail stores PostgreSQL's JSON form), structured values as JSON.
 */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  const m = ISO_TIME.exec(text);
  return m ? `${m[1]} ${m[2]}` : text;
}

/**
 * The changes worth showing: the ones whose value really moved (a create lists its filled fields only), without
 * the record's own id (the screen already names the record).
 */
export const visibleChanges = (changes: readonly AuditChange[]): AuditChange[] =>
  changes.filter((c) => c.field !== 'id' && auditValue(c.before) !== auditValue(c.after));
