import { DATASETS } from '@zoo/contract';
import { FIELDS_EN } from './field-names-en';
import { TEMPLATES_EN } from './message-templates-en';

type Translate = (msg: string) => string | undefined;
type Rule = (msg: string, again: Translate) => string | undefined;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** `Stock date` → `stock date` for the middle of a sentence; `IUCN category` stays. */
const uncap = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/**
 * The glossary, and the report catalogue's own names (data sets, their columns and parameters carry `zh` and `en`):
 * report messages name them (`请选择「物种」的筛选值`).
 */
const TERMS: ReadonlyMap<string, string> = new Map([
  ...DATASETS.flatMap((d) => [d, ...d.columns, ...d.params].map((t) => [t.zh, uncap(t.en)] as const)),
  ...Object.entries(FIELDS_EN),
]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{(\w+)\}/g;
/** Placeholders that hold a number match only digits, so `本次{field}{n}只` splits `输出3只` where it should. */
const NUMERIC = new Set(['n', 'left', 'have', 'want', 'pending', 'stock', 'min', 'max']);

/**
 * What a placeholder's captured text becomes in English, by its name: `{field…}` is a form field translated by the
 * glossary (`{Field…}` capitalised), `{msg…}` another message translated again; any other name (ids, numbers,
 * names people typed) is copied. Undefined when a field or message has no English: the whole message then stays
 * Chinese rather than mixing languages.
 */
function fill(name: string, value: string, again: Translate): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith('field')) {
    const en = TERMS.get(value);
    return en === undefined ? undefined : name[0] === 'F' ? cap(en) : en;
  }
  if (lower.startsWith('msg')) return /[\u3400-\u9fff]/.test(value) ? again(value) : value;
  return value;
}

/**
 * One rule per catalogue template, its regex built once from the Chinese text: literal parts escaped, each `{name}`
 * a lazy group, anchored at both ends. Templates with more literal text are tried first, so a specific shape wins
 * over a general one (`{field}候选格式不正确` before `{field}格式不正确`); a rule whose field is unknown passes the
 * message on to the next.
 */
function compile(zh: string, en: string): { literal: number; rule: Rule } {
  const names: string[] = [];
  const source = zh
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), NUMERIC.has(part) ? '(-?\\d+(?:\\.\\d+)?)' : '(.+?)') : escape(part)))
    .join('');
  const re = new RegExp(`^${source}$`, 's');
  return {
    literal: zh.replace(PLACEHOLDER, '').length,
    rule: (msg, again) => {
      const m = re.exec(msg);
      if (!m) return undefined;
      const values = new Map(names.map((n, i) => [n.toLowerCase(), m[i + 1]!]));
      let missing = false;
      const out = en.replace(PLACEHOLDER, (_, name: string) => {
        const v = values.get(name.toLowerCase());
        const text = v === undefined ? undefined : fill(name, v, again);
        if (text === undefined) missing = true;
        return text ?? '';
      });
      return missing ? undefined : out;
    },
  };
}

/** The error handler's prefix for messages that do not name their field: the rest is translated, or said generally. */
const parameterPrefix: Rule = (msg, again) => {
  const m = /^参数 ([\w.[\]]+): (.+)$/s.exec(msg);
  return m ? `Parameter ${m[1]}: ${again(m[2]!) ?? 'invalid value'}` : undefined;
};

export const RULES: readonly Rule[] = [
  ...Object.entries(TEMPLATES_EN)
    .map(([zh, en]) => compile(zh, en))
    .sort((a, b) => b.literal - a.literal)
    .map((c) => c.rule),
  parameterPrefix,
];
