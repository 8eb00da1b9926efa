import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseCols, bigintStr, datetime, idCol, tenantPolicy } from '../../db/columns';

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
