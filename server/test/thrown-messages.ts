import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every Chinese message the code can answer, read from the source (decision 0049), for the test that each has its
 * English: texts thrown (`BizError`, `fail`, `OAuthError`, any `throw`), zod messages (`message`/`error`, the
 * refinement and bound methods), an import row's `reason` and a job's `msg`, the `*MSG*` constant tables; and the labels the contract's field builders are
 * called with (`reqText('笼舍名称', 50)`), which the glossary must name.
 *
 * A template literal becomes one text per variant of its simple conditionals, each other `${…}` a sample: a form
 * field's name (a glossary word) where the expression names one (`label`, `what`, `role`…), else `12`.
 */
export interface ThrownMessage {
  file: string;
  text: string;
}

const CJK = /[\u3400-\u9fff]/;
const ZOD_METHODS = new Set([
  'refine',
  'min',
  'max',
  'regex',
  'length',
  'email',
  'int',
  'nonempty',
  'positive',
  'nonnegative',
  'lte',
  'gte',
  'lt',
  'gt',
  'url',
]);
/** Helpers that refuse with the message they are given (`fail`, `refuse`, `refuseDuplicate(…, '报表「…」已存在')`, `mustExist`). */
const REFUSING = /^(fail|refuse\w*|must\w*|assert\w*)$/;
/** Start-up, command-line and database-operator texts: they never reach an API caller. */
const NOT_ANSWERS = [
  /^server\/src\/platform\/i18n\//,
  /^server\/src\/seed\//,
  /^server\/src\/config\.ts$/,
  /^server\/src\/paths\.ts$/,
  /^server\/src\/platform\/tenancy\/request-role\.ts$/,
];
/** Expressions that hold a field's name: the contract's `label`, the server's `what`, `role`, name tables, `zh`. */
const FIELD_EXPRESSION = { contract: /\b(label|what|title|zh)\b/, server: /\b(what|role|record|zh)\b|NAMES?\b|LABELS/ };
export const FIELD_SAMPLE = '物种';

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of ['server/src', 'contract/src']) walk(join(root, dir));
  return out.filter((f) => !NOT_ANSWERS.some((re) => re.test(relative(root, f))));
}

/** Inside a message: the first call on the way up decides (a builder's label inside a refinement is not one). */
function inMessagePosition(node: ts.Node): boolean {
  for (let a: ts.Node | undefined = node.parent; a; a = a.parent) {
    if (ts.isNewExpression(a)) return ts.isIdentifier(a.expression) && /^(BizError|OAuthError)$/.test(a.expression.text);
    if (ts.isCallExpression(a)) {
      const e = a.expression;
      return (ts.isIdentifier(e) && REFUSING.test(e.text)) || (ts.isPropertyAccessExpression(e) && ZOD_METHODS.has(e.name.text));
    }
    if (ts.isPropertyAssignment(a) && ts.isIdentifier(a.name) && /^(message|error|reason|msg)$/.test(a.name.text)) return true;
    if (ts.isThrowStatement(a)) return true;
    if (ts.isVariableDeclaration(a) && ts.isIdentifier(a.name) && /MSG/.test(a.name.text)) return true;
    if (ts.isFunctionLike(a) || ts.isStatement(a)) return false;
  }
  return false;
}

/**
 * The file's constant texts, by the expression that reads them: `const HINT = '…'`, `const MSG = { key: '…' }`,
 * and local ones (`const doc = \`许可证「${no}」\``, `const level = a ? '国家一级' : …`).
 */
function constants(src: ts.SourceFile): Map<string, ts.Expression> {
  const out = new Map<string, ts.Expression>();
  const text = (e: ts.Expression): boolean =>
    ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) || (ts.isConditionalExpression(e) && text(e.whenTrue));
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) {
      if (text(n.initializer)) out.set(n.name.text, n.initializer);
      if (ts.isObjectLiteralExpression(n.initializer))
        for (const p of n.initializer.properties)
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && text(p.initializer)) out.set(`${n.name.text}.${p.name.text}`, p.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** The texts a string or template expression can be, conditionals expanded, constants read, other parts sampled. */
function variants(node: ts.Expression, src: ts.SourceFile, known: Map<string, ts.Expression>): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return variants(node.expression, src, known);
  const constant = known.get(node.getText(src));
  if (constant) return variants(constant, src, known);
  if (ts.isConditionalExpression(node)) {
    const a = variants(node.whenTrue, src, known);
    const b = variants(node.whenFalse, src, known);
    if (a.length && b.length) return [...a, ...b];
  }
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const inner = variants(span.expression, src, known);
      const field = FIELD_EXPRESSION[src.fileName.includes('/contract/') ? 'contract' : 'server'].test(span.expression.getText(src));
      const parts = inner.length ? inner : [field ? FIELD_SAMPLE : '12'];
      out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
    }
    return out;
  }
  return [];
}

/** The messages and builder labels of the code under `root` (the repository). */
export function thrownMessages(root: string): { messages: ThrownMessage[]; labels: ThrownMessage[] } {
  const sources = sourceFiles(root).map((f) => ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true));
  // Field builders: functions whose first parameter is the field's `label`.
  const builders = new Set<string>();
  const findBuilders = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isArrowFunction(n.initializer)) {
      const p = n.initializer.parameters[0];
      if (p && ts.isIdentifier(p.name) && p.name.text === 'label') builders.add(n.name.text);
    }
    if (ts.isFunctionDeclaration(n) && n.name) {
      const p = n.parameters[0];
      if (p && ts.isIdentifier(p.name) && p.name.text === 'label') builders.add(n.name.text);
    }
    ts.forEachChild(n, findBuilders);
  };
  sources.forEach(findBuilders);

  const messages = new Map<string, ThrownMessage>();
  const labels = new Map<string, ThrownMessage>();
  for (const src of sources) {
    const file = relative(root, src.fileName);
    const known = constants(src);
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && builders.has(n.expression.text)) {
        const a = n.arguments[0];
        if (a && (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) && CJK.test(a.text)) labels.set(a.text, { file, text: a.text });
      }
      const literal = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);
      if (literal && inMessagePosition(n))
        for (const text of variants(n as ts.Expression, src, known)) if (CJK.test(text) && !messages.has(text)) messages.set(text, { file, text });
      if (!ts.isTemplateExpression(n)) ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return { messages: [...messages.values()], labels: [...labels.values()] };
}
