import type { FastifyInstance } from 'fastify';
import { reportRoutes } from './report.routes';

/** Report management (报表管理): saved report designs over the zoo's data sets. */
export const reportModules: Array<(app: FastifyInstance) => void> = [reportRoutes];
