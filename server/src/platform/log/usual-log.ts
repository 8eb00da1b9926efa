import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime } from '../datetime';
import { clip, requestLogCols, serverHost, serverIp } from './log-row';
import { PLATFORM_TENANT } from '../auth/session';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/**
 * Writes one usual-log row (blade_log_usual): a business event worth keeping, e.g. a message sent by the log-only
 * SMS provider. Buffered like the API log; `data` is stored as text (objects as JSON). Without a request the row
 * belongs to the platform tenant.
 */
export function usualLog(app: FastifyInstance, req: FastifyRequest | undefined, level: LogLevel, id: string, data: unknown): void {
  const cols = req ? requestLogCols(req) : { tenantId: PLATFORM_TENANT, serverHost, serverIp };
  app.zoo.logs.usual.push({
    ...cols,
    logLevel: level,
    logId: clip(id, 100),
    logData: clip(typeof data === 'string' ? data : JSON.stringify(data), 20000),
    createTime: formatDateTime(new Date(), app.zoo.config.timeZone),
  });
}
