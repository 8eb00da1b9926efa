import type { ModelPrototypeRecord } from '@zoo/contract';

/**
 * Turns one code row + its model's field settings into a module in this project's own layout and conventions
 * (docs/ARCHITECTURE.md "A resource, end to end"): contract definition, Drizzle table, resourceRoutes, an API
 * test through startTestApp(), the web CRUD definition + page + zh/en labels, and the menu entry. Pure text:
 * nothing here touches the disk. Files the module must be registered in (schema list, module list, contract index,
 * page registry, i18n bundles, menu tree) are not rewritten: `wiring.json` says which line goes where, and the
 * module's README repeats it for a person.
 */
export interface CodeSpec {
  serviceName: string;
  codeName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  packageName: string;
  baseMode: number;
  apiPath: string;
  webPath: string;
}

export interface Wiring {
  file: string;
  /** The line is inserted after the first occurrence of `after`, or before the last occurrence of `before`, else appended. */
  after?: string;
  before?: string;
  text: string;
}

export interface GeneratedModule {
  root: string;
  files: Record<string, string>;
  wiring: Wiring[];
}

/** Columns every generated resource has from `idCol()` / `baseCols()` / `tenantCol()`. */
const OWN_COLUMNS = new Set(['id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted', 'tenant_id']);

const camel = (s: string) => s.replace(/[_-]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** Label of a column: its comment's first part, else its name. */
const labelOf = (p: ModelPrototypeRecord) => (p.jdbcComment.split(/[:：,，(（\s]/)[0] || p.propertyName).slice(0, 30);

type Kind = 'text' | 'longtext' | 'int' | 'bigint' | 'decimal' | 'bool' | 'date' | 'datetime';
function kindOf(p: ModelPrototypeRecord): Kind {
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

const columnOf = (p: ModelPrototypeRecord, k: Kind): string => {
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

const recordOf = (k: Kind): string => (k === 'bool' ? "z.union([z.boolean(), z.literal('')])" : k === 'int' || k === 'decimal' ? 'NumOut' : 'z.string()');

function inputOf(p: ModelPrototypeRecord, k: Kind, label: string): string {
  const L = q(label);
  switch (k) {
    case 'bool':
      return p.isRequired ? 'z.boolean().default(false)' : 'z.boolean().optional()';
    case 'int':
      return p.isRequired ? `z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: ${q(`请输入${label}`)} }).int(${q(`${label}应为整数`)}))` : `optInt(${L}, -2147483648, 2147483647)`;
    case 'decimal':
      return p.isRequired ? `z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: ${q(`请输入${label}`)} }))` : `optNumber(${L}, -1e15, 1e15)`;
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
function sampleOf(k: Kind, i: number): string {
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

const widgetOf = (p: ModelPrototypeRecord, k: Kind): string | undefined => {
  if (k === 'bool') return 'switch';
  if (k === 'date') return 'date';
  if (k === 'datetime') return 'datetime';
  if (k === 'int' || k === 'decimal') return 'number';
  if (p.componentType === 'textarea' || k === 'longtext') return 'textarea';
  return undefined;
};

export function generateModule(spec: CodeSpec, prototypes: ModelPrototypeRecord[]): GeneratedModule {
  const area = spec.serviceName;
  const entity = spec.packageName;
  const file = entity.replace(/_/g, '-');
  const name = camel(entity);
  const Name = pascal(entity);
  const table = spec.tableName;
  const tenantScoped = prototypes.some((p) => p.jdbcName === 'tenant_id');
  const fields = prototypes
    .filter((p) => !OWN_COLUMNS.has(p.jdbcName) && p.jdbcName !== spec.pkName)
    .map((p, i) => ({ p, k: kindOf(p), label: labelOf(p), prop: camel(p.propertyName), i }));
  const formFields = fields.filter((f) => f.p.isForm);
  const tableVar = camel(table);
  const contractPath = `contract/src/${area}/${file}.ts`;
  const serverDir = `server/src/modules/${area}/${file}`;
  const webDir = `web/src/features/${area}/${file}`;
  const i18nKey = name;
  const files: Record<string, string> = {};

  // ---- contract
  const fieldImports = new Set<string>();
  const commonImports = new Set<string>(['Id', tenantScoped ? 'TenantRecord' : 'BaseRecord']);
  for (const f of formFields) {
    const s = inputOf(f.p, f.k, f.label);
    for (const fn of ['reqText', 'optText', 'optInt', 'optNumber', 'reqId', 'optId', 'dateIn', 'optDate']) if (s.includes(`${fn}(`)) fieldImports.add(fn);
    if (s.includes('DateTimeIn')) commonImports.add('DateTimeIn');
  }
  if (fields.some((f) => recordOf(f.k) === 'NumOut')) fieldImports.add('NumOut');
  const queryFields = fields.filter((f) => f.p.isQuery);
  files[contractPath] = [
    `import { z } from 'zod';`,
    `import { ${[...commonImports].sort().join(', ')} } from '../common';`,
    `import { defineCrud } from '../resource';`,
    ...(fieldImports.size ? [`import { ${[...fieldImports].sort().join(', ')} } from '../fields';`] : []),
    ``,
    `/** ${spec.codeName} (table ${table}): generated by 代码生成; edit freely. */`,
    `export const ${name} = defineCrud({`,
    `  name: ${q(entity)},`,
    `  base: ${q(spec.apiPath)},`,
    `  title: ${q(spec.codeName)},`,
    `  record: z.object({`,
    `    ...${tenantScoped ? 'TenantRecord' : 'BaseRecord'},`,
    ...fields.map((f) => `    ${f.prop}: ${recordOf(f.k)}.meta({ title: ${q(f.label)} }),`),
    `  }),`,
    `  input: z.object({`,
    `    id: Id.optional(),`,
    ...formFields.map((f) => `    ${f.prop}: ${inputOf(f.p, f.k, f.label)},`),
    `  }),`,
    `  filters: z.object({ ${queryFields.map((f) => `${f.p.queryType === 'like' || f.k === 'text' ? f.prop : `${f.prop}_equal`}: z.string().optional()`).join(', ')} }),`,
    `});`,
    ``,
  ].join('\n');

  // ---- server table
  const colImports = new Set<string>(['pgTable']);
  const helperImports = new Set<string>(['baseCols', 'idCol']);
  for (const f of fields) {
    const c = columnOf(f.p, f.k);
    for (const fn of ['boolean', 'integer', 'doublePrecision', 'date', 'text', 'varchar']) if (c.startsWith(`${fn}(`)) colImports.add(fn);
    if (c.startsWith('bigintStr(')) helperImports.add('bigintStr');
    if (c.startsWith('datetime(')) helperImports.add('datetime');
  }
  if (tenantScoped) helperImports.add('tenantCol').add('tenantPolicy');
  files[`${serverDir}/${file}.tables.ts`] = [
    `import { ${[...colImports].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    `import { ${[...helperImports].sort().join(', ')} } from '../../../db/columns';`,
    ``,
    `/** ${spec.codeName}. Update stamps and the audit trail attach themselves (db/conventions.ts). */`,
    `export const ${tableVar} = pgTable(`,
    `  ${q(table)},`,
    `  {`,
    `    id: idCol(),`,
    ...fields.map((f) => `    ${f.prop}: ${columnOf(f.p, f.k)},`),
    ...(tenantScoped ? ['    tenantId: tenantCol(),'] : []),
    `    ...baseCols(),`,
    `  },`,
    ...(tenantScoped ? [`  () => [tenantPolicy(${q(table)})],`] : []),
    `);`,
    ``,
  ].join('\n');

  files[`${serverDir}/${file}.routes.ts`] = [
    `import type { FastifyInstance } from 'fastify';`,
    `import { ${name} } from '@zoo/contract/${area}/${file}';`,
    `import { resourceRoutes } from '../../../platform/resource/resource-routes';`,
    `import { ${tableVar} } from './${file}.tables';`,
    ``,
    `/** ${spec.codeName}: list, detail, submit, remove (contract/src/${area}/${file}.ts). */`,
    `export function ${name}Routes(app: FastifyInstance): void {`,
    `  resourceRoutes(app, { table: ${tableVar}, def: ${name} });`,
    `}`,
    ``,
  ].join('\n');

  const sample = `{ ${formFields.map((f) => `${f.prop}: ${sampleOf(f.k, f.i)}`).join(', ')} }`;
  const firstRequired = formFields.find((f) => f.p.isRequired && (f.k === 'text' || f.k === 'longtext'));
  const shown = formFields.find((f) => f.k === 'text' || f.k === 'longtext');
  files[`${serverDir}/${file}.test.ts`] = [
    `import { afterAll, beforeAll, describe, expect, it } from 'vitest';`,
    `import { startTestApp, type TestApp } from '../../../../test/harness';`,
    ``,
    `let t: TestApp;`,
    `let admin: string;`,
    `beforeAll(async () => {`,
    `  t = await startTestApp();`,
    `  admin = await t.login();`,
    `});`,
    `afterAll(async () => t?.close());`,
    ``,
    `const base = ${q(spec.apiPath)};`,
    `const sample: Record<string, unknown> = ${sample};`,
    ``,
    `describe(${q(spec.codeName)}, () => {`,
    `  it('adds, lists, reads, updates and removes a row', async () => {`,
    `    const add = await t.request({ method: 'POST', url: \`\${base}/submit\`, token: admin, body: sample });`,
    `    expect(add.body).toMatchObject({ code: 200, success: true });`,
    `    const list = (await t.request({ url: \`\${base}/list\`, token: admin })).body.data;`,
    `    expect(list.total).toBe(1);`,
    `    const id = list.records[0].id as string;`,
    `    expect(id).toMatch(/^\\d+$/);`,
    `    const detail = (await t.request({ url: \`\${base}/detail\`, token: admin, query: { id } })).body.data;`,
    ...(shown ? [`    expect(detail.${shown.prop}).toBe(sample.${shown.prop});`] : [`    expect(detail.id).toBe(id);`]),
    `    const upd = await t.request({ method: 'POST', url: \`\${base}/submit\`, token: admin, body: { ...sample, id } });`,
    `    expect(upd.body.success).toBe(true);`,
    `    expect((await t.request({ method: 'POST', url: \`\${base}/remove\`, token: admin, query: { ids: id } })).body.success).toBe(true);`,
    `    expect((await t.request({ url: \`\${base}/list\`, token: admin })).body.data.total).toBe(0);`,
    `  });`,
    ...(firstRequired
      ? [
          ``,
          `  it('refuses a missing required field with its Chinese message', async () => {`,
          `    const res = await t.request({ method: 'POST', url: \`\${base}/submit\`, token: admin, body: { ...sample, ${firstRequired.prop}: '' } });`,
          `    expect(res.status).toBe(400);`,
          `    expect(res.body.msg).toBe(${q(`请输入${firstRequired.label}`)});`,
          `  });`,
        ]
      : []),
    ``,
    `  it('needs a token', async () => {`,
    `    expect((await t.request({ url: \`\${base}/list\` })).status).toBe(401);`,
    `  });`,
    `});`,
    ``,
  ].join('\n');

  // ---- web
  files[`${webDir}/${file}.crud.ts`] = [
    `import { ${name} } from '@zoo/contract/${area}/${file}';`,
    `import { defineCrudPage } from '../../../crud';`,
    ``,
    `/** ${spec.codeName}: columns, search and form from the model's field settings. */`,
    `export const ${name}Page = defineCrudPage({`,
    `  crud: ${name},`,
    `  i18n: ${q(i18nKey)},`,
    `  fields: {`,
    ...fields.map((f) => {
      const o: string[] = [];
      if (f.p.isQuery) o.push('search: true');
      if (!f.p.isList) o.push('table: false');
      if (!f.p.isForm) o.push('form: false');
      const w = widgetOf(f.p, f.k);
      if (w) o.push(`widget: '${w}'`);
      if (f.p.isRow || w === 'textarea') o.push('span: 24');
      return `    ${f.prop}: { ${o.join(', ')} },`;
    }),
    `  },`,
    `});`,
    ``,
  ].join('\n');
  files[`${webDir}/${file}.page.tsx`] = [
    `import { CrudPage } from '../../../crud';`,
    `import { ${name}Page } from './${file}.crud';`,
    ``,
    `export default function ${Name}Page() {`,
    `  return <CrudPage def={${name}Page} />;`,
    `}`,
    ``,
  ].join('\n');
  const zh = [`title: ${q(spec.codeName)}`, ...fields.map((f) => `${f.prop}: ${q(f.label)}`)].join(', ');
  const en = [`title: ${q(Name)}`, ...fields.map((f) => `${f.prop}: ${q(pascal(f.p.propertyName).replace(/([a-z])([A-Z])/g, '$1 $2'))}`)].join(', ');
  files[`${webDir}/${file}.i18n.ts`] = [
    `import type { I18nBundle } from '../../../lib/i18n';`,
    ``,
    `export const ${name}I18n: I18nBundle = {`,
    `  zh: { ${i18nKey}: { ${zh} } },`,
    `  en: { ${i18nKey}: { ${en} } },`,
    `};`,
    ``,
  ].join('\n');

  // ---- registration lines
  const top = spec.webPath.split('/')[1]!;
  const wiring: Wiring[] = [
    { file: 'contract/src/index.ts', text: `export * from './${area}/${file}';\n` },
    { file: 'server/src/schema.ts', text: `export * from './modules/${area}/${file}/${file}.tables';\n` },
    { file: 'server/src/modules/index.ts', after: "import type { FastifyInstance } from 'fastify';\n", text: `import { ${name}Routes } from './${area}/${file}/${file}.routes';\n` },
    { file: 'server/src/modules/index.ts', before: '];', text: `  ${name}Routes,\n` },
    { file: 'web/src/app/router/page-registry.ts', after: 'export const pageRegistry = {\n', text: `  ${q(spec.webPath)}: page(() => import('../../features/${area}/${file}/${file}.page')),\n` },
    { file: 'web/src/app/i18n-bundles.ts', after: "import type { I18nBundle } from '../lib/i18n';\n", text: `import { ${name}I18n } from '../features/${area}/${file}/${file}.i18n';\n` },
    { file: 'web/src/app/i18n-bundles.ts', before: '];', text: `  ${name}I18n,\n` },
    {
      file: 'contract/src/menus.ts',
      before: '] as const;',
      text: `  group(${q(`${entity}_menu`)}, ${q(spec.codeName)}, ${q(`/${top}`)}, 'AppstoreOutlined', [m(${q(entity)}, ${q(spec.codeName)}, ${q(spec.webPath)}, 'TableOutlined')]),\n`,
    },
  ];
  files[`codegen/${file}/README.md`] = [
    `# ${spec.codeName} (${entity})`,
    ``,
    `Generated from table \`${table}\`. Unpack at the repository root, then register the module (\`wiring.json\` holds the same lines):`,
    ``,
    ...wiring.map((w) => `- \`${w.file}\`: ${w.after ? `after \`${w.after.trim()}\`` : w.before ? `before the last \`${w.before}\`` : 'append'} → \`${w.text.trim()}\``),
    ``,
    `Then \`cd server && npx drizzle-kit generate --name ${file}\` for the table${tenantScoped ? ' (tenant-scoped: add the row-level-security SQL after the generated statements as in 0012_keeper-logs.sql, and a fixture in test/isolation-fixtures.ts)' : ''},`,
    `\`npm run typecheck\`, and \`cd server && npx vitest run src/modules/${area}/${file}\`.`,
    `Button codes: ${entity}_add, ${entity}_edit, ${entity}_delete, ${entity}_view (seeded from the menu entry).`,
    ``,
  ].join('\n');
  files[`codegen/${file}/wiring.json`] = `${JSON.stringify(wiring, null, 2)}\n`;
  return { root: file, files, wiring };
}

/** Applies wiring lines to a file's text (what the README tells a person to do). */
export function applyWiring(text: string, w: Wiring): string {
  if (w.after !== undefined) {
    const i = text.indexOf(w.after);
    if (i >= 0) return text.slice(0, i + w.after.length) + w.text + text.slice(i + w.after.length);
  }
  if (w.before !== undefined) {
    const i = text.lastIndexOf(w.before);
    if (i >= 0) return text.slice(0, i) + w.text + text.slice(i);
  }
  return text.endsWith('\n') || text === '' ? text + w.text : `${text}\n${w.text}`;
}
