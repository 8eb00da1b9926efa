import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../db/columns';

/**
 * A service call that failed (Camunda's incident): the service or send task stays waiting, the instance shows the
 * failure on 流程跟踪, and a retry from there runs the call again. One open incident per waiting execution.
 */
export const flowIncident = pgTable(
  'flow_incident',
  {
    id: idCol(),
    tenantId: tenantCol(),
    instanceId: bigintStr('instance_id').notNull(),
    activityId: varchar('activity_id', { length: 255 }).notNull(),
    activityName: varchar('activity_name', { length: 200 }).notNull().default(''),
    executionId: varchar('execution_id', { length: 255 }).notNull(),
    service: varchar('service', { length: 60 }).notNull(),
    message: varchar('message', { length: 1000 }).notNull(),
    /** failed calls so far (the first included) */
    attempts: integer('attempts').notNull().default(1),
    createTime: datetime('create_time').notNull().default(nowDefault),
    updateTime: datetime('update_time').notNull().default(nowDefault),
    /** set when a retry succeeded (or the instance ended): the incident is history */
    resolvedTime: datetime('resolved_time'),
  },
  (t) => [
    uniqueIndex('flow_incident_open_uq')
      .on(t.instanceId, t.executionId)
      .where(sql`resolved_time is null`),
    index('flow_incident_instance_idx').on(t.tenantId, t.instanceId),
    tenantPolicy('flow_incident'),
  ],
);
