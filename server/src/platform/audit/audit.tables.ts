import { index, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintStr, datetime, nowDefault, partIdCol, partitionPk, tenantPolicy } from '../../db/columns';

/**
 * The permanent audit trail: one row per create / update / delete of any audited table, written by the database
 * trigger `audit_row()` in the writing transaction (docs/decisions/0011-audit-trail.md). Append-only: the
 * request role may insert and read its tenant's rows, never update, delete or truncate them. Partitioned by month
 * of create_time (migration 0052, decision 0056); kept forever unless an operator sets a retention.
 */
export const sysAudit = pgTable(
  'sys_audit',
  {
    id: partIdCol(),
    /** Tenant of the changed record (the writer's tenant for platform tables). */
    tenantId: varchar('tenant_id', { length: 12 })
      .notNull()
      .default(sql`current_setting('app.tenant_id')`),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 8 }).notNull(),
    userId: bigintStr('user_id'),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
    deptId: bigintStr('dept_id'),
    actorTenantId: varchar('actor_tenant_id', { length: 12 }).notNull().default(''),
    clientIp: varchar('client_ip', { length: 64 }).notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    /** `{column: [before, after]}` of the changed columns; secrets masked. */
    changes: jsonb('changes').notNull(),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [
    partitionPk('sys_audit', t.id, t.createTime),
    index('sys_audit_record_idx').on(t.tenantId, t.tableName, t.recordId, t.id),
    index('sys_audit_time_idx').on(t.tenantId, t.id),
    // Changes and removals only (creations are most of the trail): an animal's timeline reads the changes of its
    // medical records by table from here, a range as small as the zoo's edits (decision 0038).
    index('sys_audit_change_idx')
      .on(t.tenantId, t.tableName, t.recordId)
      .where(sql`action <> 'create'`),
    tenantPolicy('sys_audit'),
  ],
);
