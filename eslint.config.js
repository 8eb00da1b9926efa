import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Web boundaries: a feature (web/src/features/<area>/<entity>, or a flat features/<area>) imports no other
 * feature, only its area's `shared/`; crud/, lib/ and components/ import no feature and no app/.
 * Paths are read relative to this file (eslint may be started from a workspace folder) and the zones are
 * given relative to it through `basePath`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const featureRoot = 'web/src/features';
const dirs = (p) =>
  fs
    .readdirSync(path.join(here, p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = dirs(featureRoot).flatMap((area) => {
  const subs = dirs(`${featureRoot}/${area}`).filter((d) => d !== 'shared');
  return subs.length ? subs.map((s) => `${featureRoot}/${area}/${s}`) : [`${featureRoot}/${area}`];
});
const webZones = [
  ...features.map((f) => ({
    target: `./${f}`,
    from: `./${featureRoot}`,
    // Its own folder and its area's shared/ are allowed (except is relative to `from`).
    except: [`./${path.relative(featureRoot, f)}`, `./${f.split('/')[3]}/shared`],
    message: "A feature imports no other feature; lift what both need into the area's shared/ or into crud/, lib/, components/.",
  })),
  ...features.map((f) => ({ target: `./${f}`, from: './web/src/app', message: 'Features do not import the app shell.' })),
  {
    target: ['./web/src/crud', './web/src/lib', './web/src/components'],
    from: ['./web/src/features', './web/src/app'],
    message: 'crud/, lib/ and components/ import no feature and no app/.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'server/drizzle/**', '**/data/**', '**/.tmp/**', 'e2e/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // Tests may assemble several features and the app's providers.
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    plugins: { 'import-x': importX },
    // The rule only sees imports it can resolve: teach the node resolver TypeScript's extensions.
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: here, zones: webZones }] },
  },
  {
    // Tenant isolation is central (row-level security): module code never filters by tenant itself.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.test.ts', 'server/src/modules/**/*.tables.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name=/^(eq|ne|inArray)$/] > MemberExpression.arguments:first-child[property.name='tenantId']",
          message: 'Do not filter by tenantId in module code: row-level security applies the tenant (docs/ARCHITECTURE.md).',
        },
      ],
    },
  },
  {
    // Layers: platform/ enforces access over tables it owns; modules sit above it, the seed and schema list above both.
    files: ['server/src/platform/**/*.ts', 'server/src/db/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**', '**/modules'], message: 'platform/ and db/ must not import from modules/ (docs/ARCHITECTURE.md).' },
            { group: ['**/seed/**', '**/seed', '**/schema'], message: 'platform/ and db/ must not import the seed or the schema list.' },
          ],
        },
      ],
    },
  },
);
