import type { FastifyInstance } from 'fastify';
import { logApi, logError, logUsual } from '@zoo/contract';
import { bladeLogApi, bladeLogError, bladeLogUsual } from '../../../platform/log/log.tables';
import { resourceRoutes } from '../../../platform/resource/resource-routes';

/**
 * /blade-log/{usual,api,error}/{list,detail}. Log tables only grow and their ids are time-ordered, so the
 * lists count in append-only mode: a page request does not pay a full count(*) (platform/resource/paging.ts).
 */
export function logRoutes(app: FastifyInstance): void {
  resourceRoutes(app, { def: logApi, table: bladeLogApi, count: 'appendOnly' });
  resourceRoutes(app, { def: logError, table: bladeLogError, count: 'appendOnly' });
  resourceRoutes(app, { def: logUsual, table: bladeLogUsual, count: 'appendOnly' });
}
