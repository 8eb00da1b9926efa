import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

export const bladeUserExt = pgTable(
  'blade_user_ext',
  {
    id: idCol(),
    tenantId: tenantCol(),
    userId: bigintStr('user_id').notNull(),
    userType: integer('user_type').notNull().default(1),
    userExt: text('user_ext').notNull().default(''),
  },
  (t) => [uniqueIndex('blade_user_ext_uq').on(t.tenantId, t.userId, t.userType), tenantPolicy('blade_user_ext')],
);
