import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseCols, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * 数据质量 counts kept over time (decision 0047): one row per zoo, day and check, written by the nightly run and
 * replaced by a later run the same day (upsert on the unique index), so a day keeps its last count. `param` is the
 * check's parameter of that run (days without a keeper log, days ahead for permits; 0 when the check has none).
 */
export const zooQualityDay = pgTable(
  'zoo_quality_day',
  {
    id: idCol(),
    tenantId: tenantCol(),
    day: date('day', { mode: 'string' }).notNull(),
    check: varchar('check_code', { length: 32 }).notNull(),
    count: integer('count').notNull(),
    param: integer('param').notNull().default(0),
    runTime: datetime('run_time').notNull().default(nowDefault),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_quality_day_uq').on(t.tenantId, t.day, t.check),
    index('zoo_quality_day_day_idx').on(t.tenantId, t.day),
    tenantPolicy('zoo_quality_day'),
  ],
);
