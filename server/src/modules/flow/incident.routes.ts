import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { flowServiceEndpoints, type FlowIncident } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { route } from '../../platform/http/route';
import { flowIncident } from './flow-incident.tables';
import { retryIncident } from './service-calls';
import { configureServices } from './services';

/** Open incidents per instance, for the 流程跟踪 list. */
export async function openIncidentCounts(db: Tx, instanceIds: string[]): Promise<Map<string, number>> {
  if (!instanceIds.length) return new Map();
  const rows = await db
    .select({ id: flowIncident.instanceId, n: sql<number>`count(*)::int` })
    .from(flowIncident)
    .where(and(inArray(flowIncident.instanceId, instanceIds), isNull(flowIncident.resolvedTime)))
    .groupBy(flowIncident.instanceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** /blade-flow/follow: an instance's failed service calls, and their retry (decision 0050). */
export function incidentRoutes(app: FastifyInstance): void {
  configureServices(app.zoo.config.flowWebhookOrigins, app.zoo.config.allowPrivateEndpoints);

  route(app, flowServiceEndpoints.incidentList, async ({ db, query }) => {
    const rows = await db
      .select()
      .from(flowIncident)
      .where(eq(flowIncident.instanceId, query.processInstanceId))
      .orderBy(asc(flowIncident.createTime), asc(flowIncident.id));
    return rows.map((r): FlowIncident => ({
      id: r.id,
      processInstanceId: r.instanceId,
      activityId: r.activityId,
      activityName: r.activityName,
      service: r.service,
      message: r.message,
      attempts: r.attempts,
      createTime: r.createTime,
      updateTime: r.updateTime,
      resolved: r.resolvedTime !== null,
    }));
  });

  route(app, flowServiceEndpoints.incidentRetry, async ({ db, query }) => retryIncident(db, query.incidentId));
}
