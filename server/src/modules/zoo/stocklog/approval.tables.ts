import { index, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/** Stock movements waiting for (or decided by) the zoo's approval process; applied to stock only when approved. */
export const zooStockApproval = pgTable(
  'zoo_stock_approval',
  {
    id: idCol(),
    tenantId: tenantCol(),
    /** export | die | cancel | transfer */
    movement: varchar('movement', { length: 20 }).notNull(),
    /** the validated movement body, applied as-is */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending | approved | rejected | cancelled */
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    reason: varchar('reason', { length: 1000 }).notNull().default(''),
    processInstanceId: bigintStr('process_instance_id'),
    stockLogIds: jsonb('stock_log_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    decidedTime: datetime('decided_time'),
    ...baseCols(),
  },
  (t) => [index('zoo_stock_approval_state_idx').on(t.tenantId, t.state), tenantPolicy('zoo_stock_approval')],
);
