import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/** Feedback from the zoo's staff (suggestions, problems) and the answer given. */
export const zooFeedback = pgTable(
  'zoo_feedback',
  {
    id: idCol(),
    tenantId: tenantCol(),
    feedbackType: integer('feedback_type').notNull().default(1),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 30 }).notNull().default(''),
    handleState: integer('handle_state').notNull().default(1),
    reply: varchar('reply', { length: 2000 }).notNull().default(''),
    replyUser: bigintStr('reply_user'),
    replyTime: datetime('reply_time'),
    ...baseCols(),
  },
  (t) => [index('zoo_feedback_state_idx').on(t.tenantId, t.handleState), tenantPolicy('zoo_feedback')],
);
