import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { baseCols, datetime, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

export const bladeNotice = pgTable(
  'blade_notice',
  {
    id: idCol(),
    tenantId: tenantCol(),
    title: varchar('title', { length: 255 }).notNull(),
    /** dict `notice` 1..6 */
    category: integer('category').notNull(),
    releaseTime: datetime('release_time').notNull(),
    content: text('content').notNull().default(''),
    /** Role aliases the notice is for, comma-separated; '' = everyone in the zoo (decision 0051). */
    audienceRoles: varchar('audience_roles', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('blade_notice_release_idx').on(t.tenantId, t.releaseTime), tenantPolicy('blade_notice')],
);
