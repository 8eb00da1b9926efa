import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BizError } from './errors';

export const NUL_MSG = '请求参数不能包含空字符 (U+0000)';

/** Whether a parsed query, body or header value holds U+0000 in any string or key, at any depth. */
export function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (!v || typeof v !== 'object' || depth > 32) return false;
  if (Array.isArray(v)) return v.some((x) => hasNul(x, depth + 1));
  if (Buffer.isBuffer(v)) return false;
  for (const [k, x] of Object.entries(v)) if (k.includes('\u0000') || hasNul(x, depth + 1)) return true;
  return false;
}

const headersHaveNul = (req: FastifyRequest) => Object.values(req.headers).some((h) => hasNul(h));

/**
 * One rule for every endpoint, whatever its schema (raw public bodies too): PostgreSQL text cannot hold U+0000,
 * so a string carrying one is refused here with a 400 instead of failing in the database with a 500. It runs
 * after the route's authentication (onRequest) and body parsing, before schema validation.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    done(hasNul(req.query) || hasNul(req.params) || hasNul(req.body) || headersHaveNul(req) ? new BizError(NUL_MSG) : undefined);
  });
}
