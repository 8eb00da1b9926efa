import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { err } from './envelope';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Document-only headers (they govern a page, not a script or style sheet); dropped from assets to save bytes. */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app: Vite's content-hashed files under /assets/ are cached for a year, everything else
 * (index.html above all, which names the current hashes) is revalidated on every visit. The build writes .br and
 * .gz twins of every text file, sent to browsers that accept them (no compression work per request).
 * Client-side routes (/login, /wel/index, …) all answer index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One `/*` route that looks files up per request: a route per built file (wildcard: false) was a quarter of
      // a cold start, spent registering some 800 GET/HEAD routes. Unknown paths fall through to the handler below.
      wildcard: true,
      // Dot files (the build stamp) and parent segments are not served; they answer the JSON 404 below instead of
      // the static server's own English 403.
      allowedPath: (p) => !/(^|[\\/])\.|%2e/i.test(p),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = path.relative(webDist, file).startsWith(`assets${path.sep}`);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
        if (hashed) for (const h of DOCUMENT_ONLY) res.removeHeader(h);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0]!;
    if (hasWeb && req.method === 'GET' && !p.startsWith('/api/') && !path.extname(p)) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(err(404, `未找到请求的资源: ${req.method} ${p}`));
  });
}
