import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '../datetime';
import { clip, requestLogCols } from './log-row';

/**
 * Requests that are not logged: reading the logs themselves (otherwise every look at the API log would add to
 * it, and a page would grow while being read) and object downloads (every <img> of an avatar would be a row).
 */
const SKIP: Array<(method: string, url: string) => boolean> = [
  (m, u) => m === 'GET' && u.startsWith('/api/blade-log/'),
  (m, u) => m === 'GET' && u.startsWith('/api/blade-resource/oss/endpoint/file/'),
  (_m, u) => u === '/api/openapi.json',
  // Probed by load balancers every few seconds (decision 0055).
  (_m, u) => u === '/api/health',
];

/** type: 1 success, 2 refused (4xx), 3 server error (5xx). */
const typeOf = (status: number) => (status >= 500 ? '3' : status >= 400 ? '2' : '1');

/**
 * One blade_log_api row per API request, taken in the onResponse hook (after the reply is sent) and written in
 * batches by `app.zoo.logs.api`. Unmatched URLs (404) are not logged.
 */
export function apiLogPlugin(app: FastifyInstance): void {
  if (!app.zoo.config.apiLog) return;
  // A callback hook (no promise per request); nothing in it waits.
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    try {
      const route = req.routeOptions.url;
      if (!route || !route.startsWith('/api/') || SKIP.some((s) => s(req.method, route))) return done();
      const elapsed = reply.elapsedTime;
      app.zoo.logs.api.push({
        ...requestLogCols(req),
        type: typeOf(reply.statusCode),
        title: clip(req.routeOptions.schema?.summary, 255),
        methodClass: clip(route.split('/')[2], 255),
        methodName: clip(route, 255),
        time: String(Math.round(elapsed)),
        createTime: formatDateTime(new Date(Date.now() - elapsed), app.zoo.config.timeZone),
      });
    } catch (e) {
      req.log.warn({ err: e }, 'api log entry skipped');
    }
    done();
  });
}
