import type { FastifyInstance } from 'fastify';
import { flowEventEndpoints } from '@zoo/contract';
import { route } from '../../platform/http/route';
import { broadcastSignal, correlateMessage } from './events';

/** /blade-flow/process/message and /signal (decision 0050). */
export function eventRoutes(app: FastifyInstance): void {
  route(app, flowEventEndpoints.message, async ({ db, session, body }) => correlateMessage(db, session, body));
  route(app, flowEventEndpoints.signal, async ({ db, session, body }) => broadcastSignal(db, session, body.signalName, body.variables ?? {}));
}
