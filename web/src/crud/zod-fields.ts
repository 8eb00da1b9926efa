import type { z } from 'zod';
import type { Widget } from './types';

type Schema = z.ZodType;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Strips optional/default/pipe wrappers to reach the type a widget should edit. */
export function baseType(schema: Schema | undefined): string | undefined {
  let s = schema as { type?: string; def?: { innerType?: Schema; in?: Schema; out?: Schema } } | undefined;
  for (let i = 0; s && i < 10; i++) {
    if (s.type && WRAPPERS.has(s.type)) s = s.def?.innerType as typeof s;
    // A preprocess (transform → schema, e.g. the contract's IntIn) edits what comes out of it;
    // a transform after a schema (x.transform(f)) edits what goes in.
    else if (s.type === 'pipe') s = ((s.def?.in as typeof s)?.type === 'transform' ? s.def?.out : s.def?.in) as typeof s;
    else return s.type;
  }
  return s?.type;
}

export function inferWidget(schema: Schema | undefined): Widget {
  const type = baseType(schema);
  if (type === 'number' || type === 'int' || type === 'bigint') return 'number';
  if (type === 'boolean') return 'switch';
  return 'input';
}

/** A field is required when the contract refuses "nothing" for it. */
export const isRequired = (schema: Schema | undefined): boolean => Boolean(schema) && !schema!.safeParse(undefined).success;

/** The contract's own display name (`.meta({ title })`), a fallback label. */
export const metaTitle = (schema: Schema | undefined): string | undefined => {
  const meta = schema?.meta() as { title?: unknown } | undefined;
  return typeof meta?.title === 'string' ? meta.title : undefined;
};

/** First message per field, verbatim from zod, keyed by the top-level field name. */
export function issuesByField(error: z.ZodError): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string') fields[key] ??= issue.message;
    else general.push(issue.message);
  }
  return { fields, general };
}
