import type { z } from 'zod';
import type { AnyCrudPageDef, FieldDef, Widget } from './types';
import { inferWidget, isRequired } from './zod-fields';

/** A field with everything derived from the contract worked out once. */
export interface ResolvedField {
  key: string;
  def: FieldDef;
  widget: Widget;
  /** Schema in the contract's submit input (absent for read-only fields). */
  input?: z.ZodType;
  /** Schema in the contract's record (for the meta title). */
  record?: z.ZodType;
  required: boolean;
}

const cache = new WeakMap<AnyCrudPageDef, ResolvedField[]>();

export function resolveFields(def: AnyCrudPageDef): ResolvedField[] {
  const hit = cache.get(def);
  if (hit) return hit;
  const inputShape = def.crud.input.shape as Record<string, z.ZodType>;
  const recordShape = def.crud.record.shape as Record<string, z.ZodType>;
  const fields = Object.entries(def.fields as Record<string, FieldDef>).map(([key, f]): ResolvedField => {
    const input = inputShape[key];
    const widget = f.widget ?? (f.dict ? 'dict' : f.options ? 'select' : f.tree ? 'tree-select' : inferWidget(input ?? recordShape[key]));
    return { key, def: f, widget, input, record: recordShape[key], required: isRequired(input) };
  });
  cache.set(def, fields);
  return fields;
}

export const tableFields = (def: AnyCrudPageDef) => resolveFields(def).filter((f) => f.def.table !== false);
export const searchFields = (def: AnyCrudPageDef) => resolveFields(def).filter((f) => f.def.search);

/** The form shows fields the contract accepts on submit, unless told otherwise. */
export const formFields = (def: AnyCrudPageDef, mode: 'add' | 'edit' | 'view') =>
  resolveFields(def).filter((f) => (mode === 'view' ? f.def.view !== false : (f.def.form ?? Boolean(f.input))));

export const searchKey = (f: ResolvedField): string => (typeof f.def.search === 'object' && f.def.search.key) || f.key;

/**
 * Prefix of a screen's form names (and so of its control ids): the resource, plus the list call when it is not
 * the resource's own, so two tables of one resource on a page (dictionaries and their entries) stay apart.
 */
export const formPrefix = (def: AnyCrudPageDef): string => (def.list ? `${def.crud.name}-${def.list.path.split('/').pop()}` : def.crud.name);
