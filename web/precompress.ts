import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) twin of every text file of the build, so the
 * server sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
 * Files under 1 KB are left alone: compression would not pay for its headers.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zoo-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const body = await fs.promises.readFile(file);
          if (body.length < 1024) return;
          const br = zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          await fs.promises.writeFile(`${file}.br`, br);
          await fs.promises.writeFile(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        }),
      );
    },
  };
}
