import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../db/columns';

export const bladeTenant = pgTable(
  'blade_tenant',
  {
    id: idCol(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    backgroundUrl: varchar('background_url', { length: 1000 }).notNull().default(''),
    linkman: varchar('linkman', { length: 20 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: datetime('expire_time'),
    packageId: bigintStr('package_id'),
    datasourceId: bigintStr('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('blade_tenant_code_uq').on(t.tenantId), tenantPolicy('blade_tenant')],
);

export const bladeTenantPackage = pgTable('blade_tenant_package', {
  id: idCol(),
  packageName: varchar('package_name', { length: 50 }).notNull(),
  menuId: text('menu_id').notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseCols(),
});

export const bladeClient = pgTable(
  'blade_client',
  {
    id: idCol(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }).notNull().default(''),
    scope: varchar('scope', { length: 256 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }).notNull().default(''),
    authorities: varchar('authorities', { length: 256 }).notNull().default(''),
    accessTokenValidity: integer('access_token_validity').notNull(),
    refreshTokenValidity: integer('refresh_token_validity').notNull(),
    additionalInformation: varchar('additional_information', { length: 4096 }).notNull().default(''),
    autoapprove: varchar('autoapprove', { length: 256 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('blade_client_uq').on(t.clientId).where(sql`is_deleted = 0`)],
);

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
  (t) => [uniqueIndex('blade_param_key_uq').on(t.paramKey).where(sql`is_deleted = 0`)],
);

const dictCols = () => ({
  id: idCol(),
  parentId: bigintStr('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  isSealed: integer('is_sealed').notNull().default(0),
  isDeleted: integer('is_deleted').notNull().default(0),
});

/** `code + dictKey` is unique among live entries ("当前字典键值已存在!"); the index holds it under concurrency. */
export const bladeDict = pgTable('blade_dict', dictCols(), (t) => [
  index('blade_dict_code_idx').on(t.code),
  uniqueIndex('blade_dict_key_uq').on(t.code, t.dictKey).where(sql`is_deleted = 0`),
]);

export const bladeDictBiz = pgTable('blade_dict_biz', { ...dictCols(), tenantId: tenantCol() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code),
  uniqueIndex('blade_dict_biz_key_uq').on(t.tenantId, t.code, t.dictKey).where(sql`is_deleted = 0`),
  tenantPolicy('blade_dict_biz'),
]);

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
  (t) => [index('blade_menu_parent_idx').on(t.parentId), uniqueIndex('blade_menu_code_uq').on(t.code).where(sql`is_deleted = 0`)],
);

export const bladeTopMenu = pgTable(
  'blade_top_menu',
  {
    id: idCol(),
    tenantId: tenantCol(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    source: varchar('source', { length: 255 }).notNull().default(''),
    path: varchar('path', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...baseCols(),
  },
  (t) => [index('blade_top_menu_tenant_idx').on(t.tenantId), tenantPolicy('blade_top_menu')],
);

export const bladeTopMenuSetting = pgTable(
  'blade_top_menu_setting',
  {
    id: idCol(),
    tenantId: tenantCol(),
    topMenuId: bigintStr('top_menu_id').notNull(),
    menuId: bigintStr('menu_id').notNull(),
  },
  (t) => [
    index('blade_top_menu_setting_idx').on(t.tenantId, t.topMenuId),
    uniqueIndex('blade_top_menu_setting_uq').on(t.tenantId, t.topMenuId, t.menuId),
    tenantPolicy('blade_top_menu_setting'),
  ],
);
