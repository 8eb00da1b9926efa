import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../db/columns';

export const bladeUser = pgTable(
  'blade_user',
  {
    id: idCol(),
    tenantId: tenantCol(),
    code: varchar('code', { length: 12 }).notNull().default(''),
    userType: integer('user_type').notNull().default(1),
    account: varchar('account', { length: 45 }).notNull(),
    /** argon2id of the md5 hex digest the client sends; never sha1. */
    password: varchar('password', { length: 255 }).notNull(),
    name: varchar('name', { length: 20 }).notNull().default(''),
    realName: varchar('real_name', { length: 10 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    email: varchar('email', { length: 45 }).notNull().default(''),
    phone: varchar('phone', { length: 45 }).notNull().default(''),
    birthday: datetime('birthday'),
    sex: integer('sex'),
    roleId: varchar('role_id', { length: 1000 }).notNull().default(''),
    deptId: varchar('dept_id', { length: 1000 }).notNull().default(''),
    postId: varchar('post_id', { length: 1000 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_user_account_uq')
      .on(t.tenantId, t.account)
      .where(sql`is_deleted = 0`),
    tenantPolicy('blade_user'),
  ],
);

export const bladeDept = pgTable(
  'blade_dept',
  {
    id: idCol(),
    tenantId: tenantCol(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    ancestors: text('ancestors').notNull().default('0'),
    deptCategory: integer('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [index('blade_dept_tenant_idx').on(t.tenantId, t.parentId), tenantPolicy('blade_dept')],
);
