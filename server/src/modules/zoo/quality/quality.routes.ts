import type { FastifyInstance } from 'fastify';
import { asc, desc } from 'drizzle-orm';
import { QUALITY_CHECKS, qualityEndpoints, qualityHistory } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { pageOf } from '../../../platform/resource/paging';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { listOffenders, runChecks, summary } from './quality.service';
import { zooQualityDay } from './quality.tables';

/** `/zoo/quality/*`: the board's summary, each check's offending records, the on-demand run and the kept history. */
export function qualityRoutes(app: FastifyInstance): void {
  route(app, qualityEndpoints.summary, async ({ db }) => summary(db));

  route(app, qualityEndpoints.list, async ({ db, query }) => {
    const { records, total } = await listOffenders(db, query.check, query, query);
    return pageOf(records, total, query);
  });

  route(app, qualityEndpoints.run, async ({ db, query }) => runChecks(db, query.check ? [query.check] : QUALITY_CHECKS, query));

  resourceRoutes(app, {
    table: zooQualityDay,
    def: qualityHistory,
    defaultOrder: () => [desc(zooQualityDay.day), asc(zooQualityDay.check)],
  });
}
