import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../db/columns';

/**
 * What waiting instances listen for (decision 0050): one row per waiting message or signal catch (intermediate,
 * boundary, receive task), rewritten after every step from the engine's waiting activities. `process/message`
 * and `process/signal` find their receivers here, then lock the instance: a delivery consumes the row in the
 * same transaction, so of two servers delivering one message exactly one reaches the instance.
 */
export const flowEventSub = pgTable(
  'flow_event_sub',
  {
    id: idCol(),
    tenantId: tenantCol(),
    instanceId: bigintStr('instance_id').notNull(),
    /** message | signal */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** the message or signal name callers use */
    name: varchar('name', { length: 200 }).notNull(),
    /** the bpmn:message / bpmn:signal element id the engine is signalled with */
    ref: varchar('ref', { length: 255 }).notNull(),
    activityId: varchar('activity_id', { length: 255 }).notNull(),
    executionId: varchar('execution_id', { length: 255 }).notNull(),
    /** the instance's business key, for correlation */
    businessKey: varchar('business_key', { length: 120 }).notNull().default(''),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [
    uniqueIndex('flow_event_sub_execution_uq').on(t.instanceId, t.executionId),
    index('flow_event_sub_name_idx').on(t.tenantId, t.kind, t.name),
    tenantPolicy('flow_event_sub'),
  ],
);
