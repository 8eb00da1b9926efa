type Def = Record<string, any>;
type Schema = { _zod: { def: Def } };

/**
 * The neutral value of a contract type, as the server writes an empty column: '' for text, 0 for numbers, null
 * where the contract allows it, the first member of an enum or literal, an empty list. Optional fields stay out.
 */
function neutral(schema: Schema): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'nullable':
      return null;
    case 'optional':
      return undefined;
    case 'default':
    case 'prefault':
      return typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return neutral(def.innerType);
    case 'pipe':
      return neutral(def.in);
    case 'lazy':
      return neutral(def.getter());
    case 'string':
      return '';
    case 'number':
    case 'int':
      return 0;
    case 'bigint':
      return 0n;
    case 'boolean':
      return false;
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'object':
      return fill(schema, {});
    case 'union':
      return neutral(def.options[0]);
    default:
      return null;
  }
}

/** Every field of an object schema the value leaves out, at its neutral value; the value's own fields kept. */
function fill(schema: Schema, value: Record<string, unknown>): Record<string, unknown> {
  const shape = schema._zod.def.shape as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(shape)) {
    const v = k in value ? value[k] : neutral(field);
    if (v !== undefined) out[k] = v;
  }
  for (const [k, v] of Object.entries(value)) if (!(k in shape)) out[k] = v;
  return out;
}

/** The record schema inside an endpoint's data: a page's records, a list's element, or the data itself. */
function recordSchema(data: Schema): Schema {
  let s = data;
  for (;;) {
    const def = s._zod.def;
    if (['optional', 'nullable', 'readonly', 'default', 'prefault', 'nonoptional'].includes(def.type)) s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else if (def.type === 'array') s = def.element;
    else if (def.type === 'object' && (def.shape as Record<string, Schema>).records) s = (def.shape as Record<string, Schema>).records;
    else return s;
  }
}

/**
 * A whole record as the endpoint's contract describes it ("GET /api/zoo-animal/animal/list": one of its page's
 * records): a test names the fields it reads, the rest take neutral values. The stubbed network (fetch-stub.ts)
 * parses the whole reply with the endpoint's schema: a field a test gives with a wrong name or type fails it, and
 * so does a reply written without this (a record missing fields).
 */
export function contractRow<T extends Record<string, unknown>>(endpoint: { data: unknown }, given: T): T & Record<string, unknown> {
  const schema = recordSchema(endpoint.data as Schema);
  if (schema._zod.def.type !== 'object') throw new Error('contractRow: the endpoint answers no record');
  return fill(schema, given) as T & Record<string, unknown>;
}
