import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT } from '../auth/session';

export const serverHost = os.hostname();
/** First external IPv4 address of this instance (Blade's server_ip), '' when there is none. */
export const serverIp =
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '';

/** A log column's text: at most `n` characters, without U+0000 (PostgreSQL text cannot hold it; a batch would fail). */
export const clip = (s: unknown, n: number) =>
  String(s ?? '')
    .replaceAll('\u0000', '')
    .slice(0, n);

const SECRET_KEY = /password|secret|token|captcha|blade-auth|authorization/i;

/** Secrets never reach the logs: values of secret-looking keys are replaced, at any depth. */
export function maskParams(q: unknown): string {
  if (!q || typeof q !== 'object') return '';
  return JSON.stringify(mask(q));
}
function mask(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(mask);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) ? '******' : mask(x);
  return out;
}

/**
 * The request columns every log table shares. Unauthenticated requests are filed under the platform tenant:
 * a Tenant-Id header is the caller's claim, not a reason to write into that tenant's logs.
 */
export function requestLogCols(req: FastifyRequest) {
  const s = req.session;
  return {
    tenantId: s?.tenantId ?? PLATFORM_TENANT,
    serviceId: clip(req.url.split('/')[2] || 'zoo-server', 32),
    serverHost,
    serverIp,
    method: clip(req.method, 10),
    requestUri: clip(req.url.split('?')[0], 1000),
    userAgent: clip(req.headers['user-agent'], 1000),
    remoteIp: clip(req.ip, 255),
    params: clip(maskParams(req.query), 20000),
    createBy: clip(s?.account, 64),
    createUser: s?.userId || null,
  };
}
