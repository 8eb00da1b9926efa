import type { FastifyInstance, FastifyRequest } from 'fastify';
import { usualLog } from '../../../platform/log/usual-log';

/**
 * Every refused federated sign-in (unknown source, replayed or forged state, reused code, redirect URI not on the
 * list, disabled provider…) leaves a WARN row in the usual log, beside the request's API-log row: who tried what
 * from where. Never the code, state or verifier themselves.
 */
export function auditRefusal(app: FastifyInstance, req: FastifyRequest, kind: string, detail: Record<string, unknown>): void {
  usualLog(app, req, 'WARN', 'federated-login', { kind, ip: req.ip, ...detail });
}
