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
    uniqueIndex('blade_user_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    tenantPolicy('blade_user'),
  ],
);

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

export const bladeRole = pgTable(
  'blade_role',
  {
    id: idCol(),
    tenantId: tenantCol(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId), tenantPolicy('blade_role')],
);

export const bladeRoleMenu = pgTable(
  'blade_role_menu',
  {
    id: idCol(),
    tenantId: tenantCol(),
    menuId: bigintStr('menu_id').notNull(),
    roleId: bigintStr('role_id').notNull(),
  },
  (t) => [
    index('blade_role_menu_role_idx').on(t.tenantId, t.roleId),
    uniqueIndex('blade_role_menu_uq').on(t.tenantId, t.roleId, t.menuId),
    tenantPolicy('blade_role_menu'),
  ],
);

export const bladeRoleScope = pgTable(
  'blade_role_scope',
  {
    id: idCol(),
    tenantId: tenantCol(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: bigintStr('scope_id').notNull(),
    roleId: bigintStr('role_id').notNull(),
  },
  (t) => [
    index('blade_role_scope_role_idx').on(t.tenantId, t.roleId),
    uniqueIndex('blade_role_scope_uq').on(t.tenantId, t.roleId, t.scopeCategory, t.scopeId),
    tenantPolicy('blade_role_scope'),
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

const scopeCols = () => ({
  id: idCol(),
  menuId: bigintStr('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull().default(''),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopeType: integer('scope_type').notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseCols(),
});

/**
 * Data scopes: a typed rule (all / own / own dept / dept and children / custom condition stored as JSON in
 * scope_value), never raw SQL. Platform-wide, bound to a menu and a resource code.
 */
export const bladeScopeData = pgTable(
  'blade_scope_data',
  {
    ...scopeCols(),
    scopeField: varchar('scope_field', { length: 255 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 500 }).notNull().default(''),
    scopeColumn: varchar('scope_column', { length: 255 }).notNull().default(''),
    scopeValue: text('scope_value').notNull().default(''),
  },
  (t) => [index('blade_scope_data_menu_idx').on(t.menuId), index('blade_scope_data_resource_idx').on(t.resourceCode)],
);

/** API scopes: an Ant-style path pattern (`/blade-system/param/**`) a role may call once it has any. */
export const bladeScopeApi = pgTable(
  'blade_scope_api',
  {
    ...scopeCols(),
    scopePath: varchar('scope_path', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_scope_api_menu_idx').on(t.menuId)],
);
