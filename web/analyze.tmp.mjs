import { build } from 'vite';
import zlib from 'node:zlib';
const out = {};
await build({ logLevel: 'silent', build: { write: false }, plugins: [{ name: 'an', generateBundle(_o, bundle) {
  for (const [f, c] of Object.entries(bundle)) {
    if (c.type !== 'chunk') continue;
    const pk = {};
    for (const [id, m] of Object.entries(c.modules)) {
      const mm = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const k = mm ? mm[1] : id.includes('/web/src/') ? 'src:' + id.split('/web/src/')[1].split('/').slice(0, 3).join('/') : id.slice(-50);
      pk[k] = (pk[k] || 0) + m.renderedLength;
    }
    out[f] = { size: c.code.length, gz: zlib.gzipSync(c.code).length, imports: c.imports, dyn: c.dynamicImports.length, top: Object.entries(pk).sort((a, b) => b[1] - a[1]).slice(0, 25) };
  }
}}] });
const want = process.argv.slice(2);
for (const [f, v] of Object.entries(out)) if (want.some((w) => f.includes(w))) console.log(f, v.size, v.gz, 'imports', v.imports, '\n', v.top.map(([k, n]) => `${k}:${(n/1024).toFixed(0)}k`).join('  '));
