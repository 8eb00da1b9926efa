import type { FastifyInstance } from 'fastify';
import { logApi, logError, logUsual, type ReadonlyDefinition } from '@zoo/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import { readonlyRoutes } from '../../platform/list-routes';
import { bladeLogApi, bladeLogError, bladeLogUsual } from './log.tables';

/**
 * /blade-log/{usual,api,error}/{list,detail}. Log tables only grow and their ids are time-ordered, so the
 * lists count in append-only mode: a page request does not pay a full count(*) (platform/paging.ts).
 */
export function logRoutes(app: FastifyInstance): void {
  const logs: Array<[ReadonlyDefinition, PgTable]> = [
    [logApi, bladeLogApi],
    [logError, bladeLogError],
    [logUsual, bladeLogUsual],
  ];
  for (const [def, table] of logs) readonlyRoutes(app, def.endpoints, { table, filters: Object.keys(def.filters.shape), count: 'appendOnly' });
}
