import type { ModelPrototypeRecord } from '@zoo/contract';

/**
 * How one model field becomes generated code: its kind, its Drizzle column, its contract record and input schemas,
 * a sample value for the generated test and its form widget; with the naming and quoting helpers the templates share.
 */
export const camel = (s: string) => s.replace(/[_-]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
export const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());
export const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** Label of a column: its comment's first part, else its name. */
export const labelOf = (p: ModelPrototypeRecord) => (p.jdbcComment.split(/[:：,，(（\s]/)[0] || p.propertyName).slice(0, 30);

export type Kind = 'text' | 'longtext' | 'int' | 'bigint' | 'decimal' | 'bool' | 'date' | 'datetime';
export function kindOf(p: ModelPrototypeRecord): Kind {
  const t = p.jdbcType.toLowerCase();
  if (t === 'bool' || t === 'boolean' || p.propertyType === 'boolean') return 'bool';
  if (/^(int8|bigint)$/.test(t)) return 'bigint';
  if (/^(int2|int4|smallint|integer|int|mediumint|tinyint)$/.test(t)) return 'int';
  if (/^(numeric|decimal|float4|float8|real|double|double precision|float)$/.test(t) || p.propertyType === 'number') return 'decimal';
  if (/^(timestamp|timestamptz|datetime)$/.test(t)) return 'datetime';
  if (t === 'date') return 'date';
  if (/text$/.test(t) || t === 'json' || t === 'jsonb') return 'longtext';
  return 'text';
}

export const columnOf = (p: ModelPrototypeRecord, k: Kind): string => {
  const n = q(p.jdbcName);
  const req = p.isRequired ? '.notNull()' : '';
  switch (k) {
    case 'bool':
      return `boolean(${n})${p.isRequired ? '.notNull().default(false)' : ''}`;
    case 'bigint':
      return `bigintStr(${n})${req}`;
    case 'int':
      return `integer(${n})${req}`;
    case 'decimal':
      return `doublePrecision(${n})${req}`;
    case 'datetime':
      return `datetime(${n})${req}`;
    case 'date':
      return `date(${n}, { mode: 'string' })${req}`;
    case 'longtext':
      return `text(${n})${req}`;
    default:
      return `varchar(${n}, { length: 255 })${req}`;
  }
};

export const recordOf = (k: Kind): string =>
  k === 'bool' ? "z.union([z.boolean(), z.literal('')])" : k === 'int' || k === 'decimal' ? 'NumOut' : 'z.string()';

export function inputOf(p: ModelPrototypeRecord, k: Kind, label: string): string {
  const L = q(label);
  switch (k) {
    case 'bool':
      return p.isRequired ? 'z.boolean().default(false)' : 'z.boolean().optional()';
    case 'int':
      return p.isRequired
        ? `z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: ${q(`请输入${label}`)} }).int(${q(`${label}应为整数`)}))`
        : `optInt(${L}, -2147483648, 2147483647)`;
    case 'decimal':
      return p.isRequired
        ? `z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: ${q(`请输入${label}`)} }))`
        : `optNumber(${L}, -1e15, 1e15)`;
    case 'bigint':
      return p.isRequired ? `reqId(${L})` : `optId(${L})`;
    case 'date':
      return p.isRequired ? `dateIn(${L})` : `optDate(${L})`;
    case 'datetime':
      return p.isRequired ? 'DateTimeIn' : `z.preprocess((v) => (v === '' ? null : v), DateTimeIn.nullable().optional())`;
    case 'longtext':
      return p.isRequired ? `reqText(${L}, 20000)` : `optText(${L}, 20000)`;
    default:
      return p.isRequired ? `reqText(${L}, 255)` : `optText(${L}, 255)`;
  }
}

/** A value the generated API test can submit for a field. */
export function sampleOf(k: Kind, i: number): string {
  switch (k) {
    case 'bool':
      return 'true';
    case 'int':
      return String(10 + i);
    case 'decimal':
      return `${i}.5`;
    case 'bigint':
      return `'${1000 + i}'`;
    case 'date':
      return "'2024-05-01'";
    case 'datetime':
      return "'2024-05-01 08:30:00'";
    default:
      return `'样例${i}'`;
  }
}

export const widgetOf = (p: ModelPrototypeRecord, k: Kind): string | undefined => {
  if (k === 'bool') return 'switch';
  if (k === 'date') return 'date';
  if (k === 'datetime') return 'datetime';
  if (k === 'int' || k === 'decimal') return 'number';
  if (p.componentType === 'textarea' || k === 'longtext') return 'textarea';
  return undefined;
};
