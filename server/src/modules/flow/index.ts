import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin.routes';
import { eventRoutes } from './event.routes';
import { incidentRoutes } from './incident.routes';
import { leaveRoutes } from './leave.routes';
import { processRoutes } from './process.routes';
import { flowTimerScheduler } from './timer-scheduler';
import { workRoutes } from './work.routes';

/** Workflow (contract §7): BPMN definitions on bpmn-engine, work lists, admin, the leave process, the timer scheduler. */
export const flowModules: Array<(app: FastifyInstance) => void> = [
  workRoutes,
  processRoutes,
  adminRoutes,
  incidentRoutes,
  eventRoutes,
  leaveRoutes,
  flowTimerScheduler,
];
