import { index, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ReportDesign } from '@zoo/contract';
import { baseCols, idCol, tenantCol, tenantPolicy } from '../../db/columns';

/**
 * Saved report designs of a zoo (报表列表). `design` holds catalogue keys only (contract/src/report): the SQL is
 * the server's, built from those keys when the report runs.
 */
export const bladeReport = pgTable(
  'blade_report',
  {
    id: idCol(),
    tenantId: tenantCol(),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    dataset: varchar('dataset', { length: 64 }).notNull(),
    design: jsonb('design').$type<ReportDesign>().notNull(),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_report_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`is_deleted = 0`),
    index('blade_report_dataset_idx').on(t.tenantId, t.dataset),
    tenantPolicy('blade_report'),
  ],
);
