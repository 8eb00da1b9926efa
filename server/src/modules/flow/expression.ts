/**
 * The one evaluator of `${…}` expressions in deployed diagrams (sequence-flow conditions, assignees). A diagram
 * is user input, so nothing here runs code: a small JUEL-like grammar over the instance's variables — literals,
 * variable names and dotted paths of own properties, `! not - + * / % < <= > >= == != && || and or not eq ne lt
 * gt le ge empty`, parentheses. Anything else is an error that names the expression.
 */

export type Vars = Record<string, unknown>;

export class ExpressionError extends Error {}

type Tok = { t: 'num'; v: number } | { t: 'str'; v: string } | { t: 'id'; v: string } | { t: 'op'; v: string };

const WORD_OPS: Record<string, string> = { and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=' };
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        s += src[j];
        j++;
      }
      if (j >= src.length) throw new ExpressionError('字符串未结束');
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const id = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*/.exec(src.slice(i));
    if (id) {
      const w = id[0];
      if (Object.hasOwn(WORD_OPS, w)) out.push({ t: 'op', v: WORD_OPS[w]! });
      else if (w === 'empty') out.push({ t: 'op', v: 'empty' });
      else out.push({ t: 'id', v: w });
      i += w.length;
      continue;
    }
    const op = /^(&&|\|\||==|!=|<=|>=|[!<>+\-*/%()])/.exec(src.slice(i));
    if (op) {
      out.push({ t: 'op', v: op[0] });
      i += op[0].length;
      continue;
    }
    throw new ExpressionError(`不支持的字符「${c}」`);
  }
  return out;
}

const BINARY: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

function lookup(vars: Vars, path: string): unknown {
  if (path === 'true') return true;
  if (path === 'false') return false;
  if (path === 'null') return null;
  let cur: unknown = vars;
  for (const part of path.split('.')) {
    if (FORBIDDEN.has(part)) throw new ExpressionError(`不允许访问「${part}」`);
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : NaN);
// JUEL compares numbers numerically when both sides look numeric, else as strings.
const cmp = (a: unknown, b: unknown): number => {
  const x = num(a);
  const y = num(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a ?? '').localeCompare(String(b ?? ''));
};
const eq = (a: unknown, b: unknown) => {
  if (a === b) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) === Boolean(b) && a !== undefined && b !== undefined;
  const x = num(a);
  const y = num(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
  return (a ?? null) === (b ?? null) || String(a) === String(b);
};

function evaluateTokens(toks: Tok[], vars: Vars): unknown {
  let p = 0;
  const peek = () => toks[p];
  const expect = (v: string) => {
    const t = toks[p++];
    if (!t || t.t !== 'op' || t.v !== v) throw new ExpressionError(`缺少「${v}」`);
  };
  const unary = (): unknown => {
    const t = toks[p++];
    if (!t) throw new ExpressionError('表达式不完整');
    if (t.t === 'num' || t.t === 'str') return t.v;
    if (t.t === 'id') return lookup(vars, t.v);
    if (t.v === '!') return !unary();
    if (t.v === '-') return -num(unary());
    if (t.v === 'empty') return isEmpty(unary());
    if (t.v === '(') {
      const v = binary(0);
      expect(')');
      return v;
    }
    throw new ExpressionError(`意外的「${t.v}」`);
  };
  const binary = (min: number): unknown => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (!t || t.t !== 'op' || !Object.hasOwn(BINARY, t.v) || BINARY[t.v]! < min) break;
      p++;
      const prec = BINARY[t.v]!;
      // Both sides are evaluated: lookups cannot fail or run code, so no short-circuit is needed.
      const right = binary(prec + 1);
      switch (t.v) {
        case '||':
          left = Boolean(left) || Boolean(right);
          break;
        case '&&':
          left = Boolean(left) && Boolean(right);
          break;
        case '==':
          left = eq(left, right);
          break;
        case '!=':
          left = !eq(left, right);
          break;
        case '<':
          left = cmp(left, right) < 0;
          break;
        case '<=':
          left = cmp(left, right) <= 0;
          break;
        case '>':
          left = cmp(left, right) > 0;
          break;
        case '>=':
          left = cmp(left, right) >= 0;
          break;
        case '+':
          left = typeof left === 'string' || typeof right === 'string' ? `${String(left ?? '')}${String(right ?? '')}` : num(left) + num(right);
          break;
        case '-':
          left = num(left) - num(right);
          break;
        case '*':
          left = num(left) * num(right);
          break;
        case '/':
          left = num(left) / num(right);
          break;
        default:
          left = num(left) % num(right);
      }
    }
    return left;
  };
  const v = binary(0);
  if (p !== toks.length) throw new ExpressionError('表达式包含多余内容');
  return v;
}

const WHOLE = /^\s*\$\{([\s\S]*)\}\s*$/;
const PART = /\$\{([^}]*)\}/g;

/** Evaluates one expression body (without `${}`). */
export function evaluate(body: string, vars: Vars): unknown {
  if (body.length > 1000) throw new ExpressionError('表达式过长');
  return evaluateTokens(tokenize(body), vars);
}

/** A text with `${…}` parts: a whole expression keeps its type, embedded ones are joined into the text. */
export function resolve(text: string, vars: Vars): unknown {
  const whole = WHOLE.exec(text);
  if (whole && !whole[1]!.includes('${')) return evaluate(whole[1]!, vars);
  return text.replace(PART, (_, b: string) => String(evaluate(b, vars) ?? ''));
}

export const hasExpression = (text: unknown) => typeof text === 'string' && /\$\{[^}]*\}/.test(text);

/** Checks an expression parses (deploy time), without variables. */
export function checkExpression(text: string): string | null {
  try {
    for (const m of text.matchAll(PART)) tokenize(m[1]!);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
