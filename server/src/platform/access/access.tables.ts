import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../db/columns';

export const bladeMenu = pgTable(
  'blade_menu',
  {
    id: idCol(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }).notNull().default(''),
    path: varchar('path', { length: 255 }).notNull().default(''),
    source: varchar('source', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    category: integer('category').notNull().default(1),
    action: integer('action').notNull().default(0),
    isOpen: integer('is_open').notNull().default(1),
    component: varchar('component', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [
    index('blade_menu_parent_idx').on(t.parentId),
    uniqueIndex('blade_menu_code_uq')
      .on(t.code)
      .where(sql`is_deleted = 0`),
  ],
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

const scopeCols = () => ({
  id: idCol(),
  menuId: bigintStr('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull().default(''),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopeType: integer('scope_type').notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseCols(),
});

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

export const bladeScopeApi = pgTable(
  'blade_scope_api',
  {
    ...scopeCols(),
    scopePath: varchar('scope_path', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_scope_api_menu_idx').on(t.menuId)],
);
