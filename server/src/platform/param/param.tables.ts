import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, idCol } from '../../db/columns';

export const bladeParam = pgTable(
  'blade_param',
  {
    id: idCol(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_param_key_uq')
      .on(t.paramKey)
      .where(sql`is_deleted = 0`),
  ],
);
