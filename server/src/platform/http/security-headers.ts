import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy the built web app satisfies (e2e/specs/every-screen.spec.ts walks every screen and
 * fails on any violation; csp-screens.spec.ts the login page and /myiframe). Why each source:
 * - script-src 'self': Vite emits no inline script; no eval anywhere (ECharts draws on canvas).
 * - style-src 'unsafe-inline': antd writes its CSS-in-JS into <style> elements at run time and React sets
 *   style attributes; neither can carry a hash. Scripts stay locked, which is what stops injected code.
 * - img-src data: blob: https:: the captcha is a data: URL, previews of picked files are blob: URLs, object
 *   storage (OSS) may hand out links on its own https origin.
 * - media-src/worker-src blob:: camera and media pages record into blob: URLs; hls.js plays through a blob:
 *   MediaSource. Camera streams on other hosts: only the origins an operator listed in MEDIA_ORIGINS, in
 *   media-src (MP4 played directly) and connect-src (HLS playlists and segments fetched by hls.js).
 * - frame-src: only the origins an operator listed in FRAME_ORIGINS (the /myiframe page reads this header).
 * - frame-ancestors 'none' (and X-Frame-Options DENY for old browsers): nobody frames the admin UI.
 */
export function contentSecurityPolicy(frameOrigins: readonly string[], mediaOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...mediaOrigins],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': frameOrigins.length ? [...frameOrigins] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/**
 * The headers helmet sets for `options`, computed once: they depend on nothing in the request, and helmet's
 * fastify plugin rebuilt them (CSP parsing included) on every request — 4 % of a cached read's CPU.
 */
export function staticHelmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every response (helmet), and `Cache-Control: no-store` on API answers that did not choose
 * their own caching: tokens and personal data must not be kept by browsers or proxies (RFC 6749 §5.1). A route may
 * still replace one (stored files set their own CSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, frameOrigins: readonly string[], mediaOrigins: readonly string[] = []): Promise<void> {
  const headers = staticHelmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(frameOrigins, mediaOrigins) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HTTPS is the reverse proxy's business: HSTS from a plain-HTTP LAN install would lock browsers out of it.
    strictTransportSecurity: false,
    // Object-storage images and downloads may be opened from other origins (links in exports, mails).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Callback hooks, not async ones: these run on every request, and an async hook costs a promise and a microtask.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
