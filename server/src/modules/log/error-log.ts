import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bladeLogError } from './log.tables';
import type { Session } from '../../platform/session';

const host = os.hostname();
const clip = (s: unknown, n: number) => String(s ?? '').slice(0, n);

/** Secrets never reach the logs. */
export function maskParams(q: unknown): string {
  if (!q || typeof q !== 'object') return '';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) out[k] = /password|secret|token|captcha|blade-auth/i.test(k) ? '******' : v;
  return JSON.stringify(out);
}

/** One error-log row for an unhandled server error (kept out of the failed request's transaction). */
export async function recordError(app: FastifyInstance, req: FastifyRequest, e: Error, id: string): Promise<void> {
  const s = req.session;
  const frame = /\((.*):(\d+):\d+\)/.exec(e.stack ?? '');
  await app.zoo.database.db.insert(bladeLogError).values({
    tenantId: s?.tenantId ?? '000000',
    serverHost: host,
    method: req.method,
    requestUri: clip(req.url.split('?')[0], 1000),
    userAgent: clip(req.headers['user-agent'], 1000),
    remoteIp: req.ip,
    params: maskParams(req.query),
    createBy: s?.account ?? '',
    createUser: s?.userId || null,
    stackTrace: clip(e.stack, 20000),
    exceptionName: clip(e.name, 255),
    message: `[${id}] ${clip(e.message, 4000)}`,
    fileName: clip(frame?.[1], 1000),
    lineNumber: clip(frame?.[2], 32),
  });
}

export interface ClientLogEntry {
  type?: string;
  url?: string;
  message?: string;
  stack?: string;
  info?: string;
  time?: string;
}

/** The front end's captured errors, uploaded through POST oauth/logout (contract §8.9). */
export async function recordClientLogs(app: FastifyInstance, req: FastifyRequest, s: Session, logs: ClientLogEntry[]): Promise<number> {
  if (logs.length === 0) return 0;
  await app.zoo.database.db.insert(bladeLogError).values(
    logs.map((l) => ({
      tenantId: s.tenantId,
      serviceId: 'saber-web',
      serverHost: host,
      method: 'CLIENT',
      requestUri: clip(l.url, 1000),
      userAgent: clip(req.headers['user-agent'], 1000),
      remoteIp: req.ip,
      params: clip(JSON.stringify({ info: l.info ?? '', time: l.time ?? '' }), 4000),
      createBy: s.account,
      createUser: s.userId,
      stackTrace: clip(l.stack, 20000),
      exceptionName: clip(l.type ?? 'error', 255),
      message: clip(l.message, 4000),
    })),
  );
  return logs.length;
}
