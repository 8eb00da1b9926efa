import http from 'node:http';
import https from 'node:https';
import type { Egress } from './egress';

/**
 * A `fetch` for libraries that take one (openid-client's customFetch) whose every connection goes through the
 * egress rule's agents: a provider URL a tenant administrator typed cannot reach this server's own network.
 * Redirects are not followed; bodies are capped.
 */
export function egressFetch(egress: Egress, o: { timeoutMs?: number; maxBytes?: number } = {}) {
  const max = o.maxBytes ?? 1024 * 1024;
  return (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    let u: URL;
    try {
      u = egress.check(url);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    const lib = u.protocol === 'https:' ? https : http;
    const agent = u.protocol === 'https:' ? egress.httpsAgent : egress.httpAgent;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body =
      init.body == null ? undefined : typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : undefined;
    if (init.body != null && body === undefined) return Promise.reject(new Error('unsupported request body'));
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = lib.request(u, { method: init.method ?? 'GET', headers, agent, timeout: o.timeoutMs ?? 10_000 }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > max) req.destroy(new Error('answer too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: h }));
        });
        res.on('error', reject);
      });
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  };
}
