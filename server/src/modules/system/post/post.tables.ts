import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { baseCols, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

export const bladePost = pgTable(
  'blade_post',
  {
    id: idCol(),
    tenantId: tenantCol(),
    category: integer('category').notNull().default(4),
    postCode: varchar('post_code', { length: 12 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('blade_post_tenant_idx').on(t.tenantId), tenantPolicy('blade_post')],
);
