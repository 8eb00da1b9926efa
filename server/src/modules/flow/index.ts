import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin.routes';
import { leaveRoutes } from './leave.routes';
import { processRoutes } from './process.routes';
import { workRoutes } from './work.routes';

/** Workflow (contract §7): BPMN definitions on bpmn-engine, work lists, admin, the leave process. */
export const flowModules: Array<(app: FastifyInstance) => void> = [workRoutes, processRoutes, adminRoutes, leaveRoutes];
