import { bigint, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { tenantCol, tenantPolicy } from '../../db/columns';

/**
 * Live rows (is_deleted = 0) per tenant of the tables whose lists count this way (CountMode 'counted'), kept by
 * statement-level triggers in the writing transaction (migration 0014, `count_live_rows()`). `version` grows with
 * every write statement, so a filtered count cached under it is never served after a write that could change it.
 */
export const sysRowCount = pgTable(
  'sys_row_count',
  {
    tenantId: tenantCol(),
    tableName: varchar('table_name', { length: 64 }).notNull(),
    live: bigint('live', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tableName] }), tenantPolicy('sys_row_count')],
);

// sys_table_version (migration 0026) holds the write versions of platform-wide lookup tables (the species
// catalogue). It is read by raw SQL only (platform/resource/lookup-cache.ts) and kept out of this schema: the
// migration snapshots the code generator diffs against predate it.
