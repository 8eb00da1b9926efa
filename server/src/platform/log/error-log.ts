import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bladeLogError } from './log.tables';
import { clip, requestLogCols } from './log-row';
import type { Session } from '../auth/session';

export { maskParams } from './log-row';

/** One error-log row for an unhandled server error (kept out of the failed request's transaction). */
export async function recordError(app: FastifyInstance, req: FastifyRequest, e: Error, id: string): Promise<void> {
  const frame = /\((.*):(\d+):\d+\)/.exec(e.stack ?? '');
  await app.zoo.database.db.insert(bladeLogError).values({
    ...requestLogCols(req),
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
  const base = requestLogCols(req);
  await app.zoo.database.db.insert(bladeLogError).values(
    logs.map((l) => ({
      ...base,
      tenantId: s.tenantId,
      serviceId: 'saber-web',
      method: 'CLIENT',
      requestUri: clip(l.url, 1000),
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
