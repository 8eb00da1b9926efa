#!/usr/bin/env node
// Runs every check and suite, then prints one closing line: `N passed, N failed` (CI reads that line).
// Typecheck and lint count as one check each; vitest suites report their test counts through JSON.
// Skipped tests are listed by name; a test file may skip only for a reason listed in SKIP_REASONS, any other
// skipped test counts as failed. Each stage's time is printed in the summary.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-test-'));
// `node scripts/test-all.mjs server -- test/pgbouncer.test.ts`: the stages to run, then files handed to vitest.
const argv = process.argv.slice(2);
const only = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
const files = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];
/** Test files (from the repository root) allowed to skip, and why: what the machine lacks. */
const SKIP_REASONS = {
  'server/test/pgbouncer.test.ts': 'the pgbouncer binary is not installed (apt-get install -y pgbouncer; .ci/run installs it)',
};
const t00 = Date.now();
let passed = 0;
let failed = 0;
const summary = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...opts });
  return { ok: r.status === 0, secs: ((Date.now() - t0) / 1000).toFixed(0) };
}

function suite(name, workspace) {
  if (only.length && !only.includes(name)) return;
  const out = path.join(tmp, `${name}.json`);
  const r = run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files], {
    cwd: path.join(root, workspace),
  });
  let p = 0;
  let f;
  const skipped = [];
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    p = j.numPassedTests;
    f = j.numFailedTests;
    // A suite that crashed before running its tests, or failed files with no test counted, still fails.
    if (!r.ok && f === 0) f = Math.max(1, j.numFailedTestSuites ?? 1);
    for (const file of j.testResults ?? [])
      for (const a of file.assertionResults ?? [])
        if (a.status !== 'passed' && a.status !== 'failed')
          skipped.push({ file: path.relative(root, file.name), test: a.fullName ?? a.title, status: a.status });
  } else f = 1;
  const unexplained = skipped.filter((s) => !SKIP_REASONS[s.file]);
  for (const s of skipped)
    console.log(
      `${SKIP_REASONS[s.file] ? 'skipped' : 'SKIPPED WITHOUT A LISTED REASON'} (${s.status}): ${s.file} › ${s.test}${SKIP_REASONS[s.file] ? ` — ${SKIP_REASONS[s.file]}` : ''}`,
    );
  f += unexplained.length;
  passed += p;
  failed += f;
  summary.push(
    `${name}: ${p} passed, ${f} failed, ${skipped.length} skipped${unexplained.length ? ` (${unexplained.length} without a listed reason, counted as failed)` : ''} (${r.secs}s)`,
  );
  const byFile = new Map();
  for (const s of skipped) byFile.set(s.file, (byFile.get(s.file) ?? 0) + 1);
  for (const [file, n] of byFile)
    summary.push(`    skipped: ${file}, ${n} test(s) — ${SKIP_REASONS[file] ?? 'NO REASON LISTED in scripts/test-all.mjs SKIP_REASONS'}`);
}

/**
 * Typecheck (one `tsc -p` per workspace, as `npm run typecheck`) and lint (`npm run lint`'s eslint and prettier)
 * are single-threaded: their parts run two at a time (the machine's cores), each part's output printed whole when
 * it ends. Each of the two still counts as one check.
 */
async function checksTogether(checks) {
  const jobs = checks.filter((c) => !only.length || only.includes(c.name)).flatMap((c) => c.parts.map((args) => ({ check: c.name, args })));
  const t0 = Date.now();
  const failedChecks = new Set();
  const runJob = (job) =>
    new Promise((resolve) => {
      const child = spawn('npx', job.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        console.log(`\n=== ${job.check}: npx ${job.args.join(' ')} (${code === 0 ? 'ok' : `exit ${code}`})\n${out}`);
        if (code !== 0) failedChecks.add(job.check);
        resolve();
      });
    });
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: Math.min(2, queue.length) }, async () => {
      while (queue.length) await runJob(queue.shift());
    }),
  );
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  for (const name of new Set(jobs.map((j) => j.check))) {
    const ok = !failedChecks.has(name);
    if (ok) passed++;
    else failed++;
    summary.push(`${name}: ${ok ? 'ok' : 'FAILED'} (together: ${secs}s)`);
  }
}

// The same commands as `npm run typecheck` and `npm run lint` (package.json), split into their parts.
const typecheckParts = ['contract', 'server', 'web', 'e2e', 'bench'].map((w) => ['tsc', '-p', w]);
await checksTogether([
  { name: 'typecheck', parts: typecheckParts },
  {
    name: 'lint',
    parts: [
      ['eslint', '.', '--max-warnings=0'],
      ['prettier', '--check', '.'],
    ],
  },
]);
suite('server', 'server');
suite('web', 'web');
suite('e2e', 'e2e');

console.log('\n=== summary');
for (const s of summary) console.log(`  ${s}`);
console.log(`  total: ${((Date.now() - t00) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
