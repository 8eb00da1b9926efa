import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bladeLogError } from './log.tables';
import { clip, requestLogCols } from './log-row';
import type { Session } from '../auth/session';

export { maskParams } from './log-row';

const SERVER_PATH = /(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}/g;

/**
 * What went wrong, without SQL text, bound parameters or server paths: a failed query's message is the
 * database's own (not the query), on one line, paths elided. The full story stays in the stack trace, which only
 * the platform administrator reads (see errorRecordFor); `message` is also a list filter, so it must not hide
 * anything a LIKE probe could dig out.
 */
export function errorSummary(e: Error): string {
  const cause = (e as { cause?: unknown }).cause;
  const text = /^Failed query:/.test(e.message) ? (cause instanceof Error ? cause.message : '数据库操作失败') : e.message;
  return (text.split('\n')[0] ?? '').replace(SERVER_PATH, '…');
}

/** One error-log row for an unhandled server error (kept out of the failed request's transaction). */
export async function recordError(app: FastifyInstance, req: FastifyRequest, e: Error, id: string): Promise<void> {
  const frame = /\((.*):(\d+):\d+\)/.exec(e.stack ?? '');
  const cause = (e as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? `\nCaused by: ${cause.stack ?? cause.message}` : '';
  await app.zoo.database.db.insert(bladeLogError).values({
    ...requestLogCols(req),
    stackTrace: clip(`${e.stack ?? e.message}${causeText}`, 20000),
    exceptionName: clip(e.name, 255),
    message: `[${id}] ${clip(errorSummary(e), 4000)}`,
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

/** Server errors as a tenant's administrator sees them: what and when, not the code's insides. */
export function errorRecordFor<
  T extends { method: string | null; message: string | null; stackTrace: string | null; fileName: string | null; lineNumber: string | null },
>(row: T, platform: boolean): T {
  // The front end's own errors (method CLIENT) are the tenant's browser's; the platform administrator sees all.
  if (platform || row.method === 'CLIENT') return row;
  const id = /^\[[0-9a-f-]{36}\]/.exec(row.message ?? '')?.[0];
  return { ...row, message: `${id ? `${id} ` : ''}服务器内部错误`, stackTrace: '', fileName: '', lineNumber: '' };
}
