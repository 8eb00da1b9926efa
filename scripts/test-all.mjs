#!/usr/bin/env node
// Runs every check and suite, then prints one closing line: `N passed, N failed` (CI reads that line).
// Typecheck and lint count as one check each; vitest suites report their test counts through JSON.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const summary = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...opts });
  return { ok: r.status === 0, secs: ((Date.now() - t0) / 1000).toFixed(0) };
}

function check(name, cmd, args) {
  if (only.length && !only.includes(name)) return;
  const r = run(name, cmd, args);
  if (r.ok) passed++;
  else failed++;
  summary.push(`${name}: ${r.ok ? 'ok' : 'FAILED'} (${r.secs}s)`);
}

function suite(name, workspace) {
  if (only.length && !only.includes(name)) return;
  const out = path.join(tmp, `${name}.json`);
  const r = run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { cwd: path.join(root, workspace) });
  let p = 0;
  let f;
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    p = j.numPassedTests;
    f = j.numFailedTests;
    // A suite that crashed before running its tests, or failed files with no test counted, still fails.
    if (!r.ok && f === 0) f = Math.max(1, j.numFailedTestSuites ?? 1);
  } else f = 1;
  passed += p;
  failed += f;
  summary.push(`${name}: ${p} passed, ${f} failed (${r.secs}s)`);
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
suite('server', 'server');
suite('web', 'web');
suite('e2e', 'e2e');

console.log('\n=== summary');
for (const s of summary) console.log(`  ${s}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
