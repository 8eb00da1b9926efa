import type { FastifyInstance } from 'fastify';
import { logApi, logError, logUsual } from '@zoo/contract';
import { bladeLogApi, bladeLogError, bladeLogUsual } from '../../../platform/log/log.tables';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { errorRecordFor } from '../../../platform/log/error-log';
import { isAdministrator } from '../../../platform/auth/session';

/**
 * /blade-log/{usual,api,error}/{list,detail}. Log tables only grow and their ids are time-ordered, so the
 * lists count in append-only mode: a page request does not pay a full count(*) (platform/resource/paging.ts).
 */
export function logRoutes(app: FastifyInstance): void {
  resourceRoutes(app, { def: logApi, table: bladeLogApi, count: 'appendOnly' });
  // Stack traces, file names and lines are the platform administrator's; a zoo's admin sees what and when.
  resourceRoutes(app, {
    def: logError,
    table: bladeLogError,
    count: 'appendOnly',
    toRecord: (row, { session }) => errorRecordFor(row, isAdministrator(session)) as never,
  });
  resourceRoutes(app, { def: logUsual, table: bladeLogUsual, count: 'appendOnly' });
}
