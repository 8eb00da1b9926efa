import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthEndpoints } from '@zoo/contract';
import { publicRoute } from '../../../platform/http/route';
import { replicasOf } from '../../../platform/tenancy/read-replicas';

/**
 * For load balancers and operators: the primary answers, and each hot standby's state and lag as this instance
 * last polled it (decision 0055). A primary that does not answer fails the call (500), which is the signal.
 */
export function healthRoutes(app: FastifyInstance): void {
  publicRoute(app, healthEndpoints.health, async ({ sys }) => {
    await sys.execute(sql`select 1`);
    return { database: app.zoo.database.kind, replicas: replicasOf(sys)?.status() ?? [] };
  });
}
