#!/usr/bin/env node
// Builds what `npm start` runs, each part only when its sources changed since its last build:
//   web/dist            (vite)     from web/src, web/index.html, web config, contract/src, the lock file
//   server/dist/main.js (esbuild)  from server/src, contract/src, the lock file
// A part's stamp (web/dist/.stamp, server/dist/.stamp) holds the hash of its inputs at its last build.
// `node scripts/build.mjs --force` rebuilds both.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...p) => path.join(root, ...p);
const force = process.argv.includes('--force');

/** Hash of the paths and contents of every file under `inputs` (sorted, so the order of the walk is irrelevant). */
function hashOf(inputs) {
  const files = [];
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    else files.push(p);
  };
  inputs.forEach((i) => walk(at(i)));
  const h = crypto.createHash('sha256');
  for (const f of files.sort()) h.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  return h.digest('hex');
}

function buildIfChanged(name, inputs, stampFile, build) {
  const hash = hashOf(inputs);
  const stamp = at(stampFile);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) {
    console.log(`${name}: up to date`);
    return;
  }
  const t0 = Date.now();
  build();
  fs.writeFileSync(stamp, hash);
  console.log(`${name}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const shared = ['contract/src', 'contract/package.json', 'package-lock.json'];

buildIfChanged(
  'web',
  ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/precompress.ts', 'web/package.json', 'web/tsconfig.json', ...shared],
  'web/dist/.stamp',
  () => {
    // NODE_ENV=test (inherited from a test runner) would hand the browser React's development build.
    const r = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], {
      cwd: at('web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('web build failed');
  },
);

buildIfChanged('server', ['server/src', 'server/package.json', ...shared], 'server/dist/.stamp', () => {
  // One ES module for node, with the contract's TypeScript compiled in; every npm dependency stays external
  // (loaded from node_modules as in development), so native and wasm packages (argon2, PGlite) are untouched.
  const pkg = JSON.parse(fs.readFileSync(at('server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@zoo/'));
  const esbuild = createRequire(at('server/package.json'))('esbuild');
  fs.rmSync(at('server/dist'), { recursive: true, force: true });
  esbuild.buildSync({
    entryPoints: [at('server/src/main.ts')],
    outfile: at('server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
});
