import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

// A stand-in for web/dist as the build leaves it: hashed assets, index.html, and their .br/.gz twins.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-dist-'));
const html = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>';
const js = 'export const x = 1;'.repeat(50);
function write(rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
  fs.writeFileSync(path.join(dist, rel), body);
  fs.writeFileSync(path.join(dist, `${rel}.br`), zlib.brotliCompressSync(body));
  fs.writeFileSync(path.join(dist, `${rel}.gz`), zlib.gzipSync(body));
}
write('index.html', html);
write('assets/index-AbC123.js', js);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: dist, FRAME_ORIGINS: 'https://bi.example.org, http://10.0.0.5:8080' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web delivery and security headers', () => {
  it('serves a client route as index.html, brotli when accepted, revalidated on every visit, with the security headers', async () => {
    const res = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://bi.example.org http://10.0.0.5:8080');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The /myiframe page reads the allowed origins from HEAD / (web/src/app/pages/frame-origins.ts).
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(String(head.headers['content-security-policy'])).toContain('frame-src https://bi.example.org http://10.0.0.5:8080');
  });

  it('caches hashed assets for a year; gzip for clients without brotli, plain for the rest', async () => {
    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    const root = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ url: '/assets/nope-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('forbids storing API answers, tokens and API 404s (RFC 6749 §5.1)', async () => {
    const captcha = await t.app.inject({ url: '/api/blade-auth/oauth/captcha' });
    expect(captcha.headers['cache-control']).toBe('no-store');
    const token = await t.login();
    const me = await t.app.inject({ url: '/api/blade-system/menu/routes', headers: { 'blade-auth': `bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['x-content-type-options']).toBe('nosniff');
    const c = await t.captcha();
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: '21232f297a57a5a743894a0e4a801fc3', grant_type: 'captcha', scope: 'all', type: 'account' },
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
        'captcha-key': c.key,
        'captcha-code': c.code,
      },
    });
    expect(grant.json().access_token).toBeTruthy();
    expect(grant.headers['cache-control']).toBe('no-store');
    const notFound = await t.app.inject({ url: '/api/nowhere' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['cache-control']).toBe('no-store');
  });

  it('refuses a frame origin that is not a plain http(s) origin', async () => {
    const { loadConfig, ConfigError } = await import('../../config');
    expect(() => loadConfig({ FRAME_ORIGINS: 'https://ok.example.org,javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ FRAME_ORIGINS: 'https://a.example.org/path' })).toThrow(ConfigError);
    expect(loadConfig({ FRAME_ORIGINS: 'https://a.example.org:8443' }).frameOrigins).toEqual(['https://a.example.org:8443']);
  });
});
