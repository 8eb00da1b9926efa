import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../db/columns';

/** Status of a storage or SMS configuration: 1 disabled, 2 enabled (at most one enabled per tenant). */
export const ENABLED = 2;
export const DISABLED = 1;

export const bladeOss = pgTable(
  'blade_oss',
  {
    id: idCol(),
    tenantId: tenantCol(),
    /** dict `oss`: 1 minio, 2 七牛, 3 阿里, 4 腾讯 (all spoken to as S3), 5 本地存储 */
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 32 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }).notNull().default(''),
    accessKey: varchar('access_key', { length: 255 }).notNull().default(''),
    secretKey: varchar('secret_key', { length: 255 }).notNull().default(''),
    bucketName: varchar('bucket_name', { length: 255 }).notNull().default(''),
    appId: varchar('app_id', { length: 255 }).notNull().default(''),
    region: varchar('region', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_oss_code_uq')
      .on(t.tenantId, t.ossCode)
      .where(sql`is_deleted = 0`),
    uniqueIndex('blade_oss_enabled_uq')
      .on(t.tenantId)
      .where(sql`status = 2 and is_deleted = 0`),
    tenantPolicy('blade_oss'),
  ],
);

export const bladeSms = pgTable(
  'blade_sms',
  {
    id: idCol(),
    tenantId: tenantCol(),
    /** dict `sms`: 1 云片, 2 七牛, 3 阿里, 4 腾讯, 5 日志输出 */
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    templateId: varchar('template_id', { length: 64 }).notNull().default(''),
    accessKey: varchar('access_key', { length: 255 }).notNull().default(''),
    secretKey: varchar('secret_key', { length: 255 }).notNull().default(''),
    regionId: varchar('region_id', { length: 255 }).notNull().default(''),
    signName: varchar('sign_name', { length: 255 }).notNull().default(''),
    /** Tencent SmsSdkAppId (BladeX 4.x column). */
    appId: varchar('app_id', { length: 255 }).notNull().default(''),
    /** Optional API address overriding the provider's public one (private gateways, proxies). */
    endpoint: varchar('endpoint', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_sms_code_uq')
      .on(t.tenantId, t.smsCode)
      .where(sql`is_deleted = 0`),
    uniqueIndex('blade_sms_enabled_uq')
      .on(t.tenantId)
      .where(sql`status = 2 and is_deleted = 0`),
    tenantPolicy('blade_sms'),
  ],
);

export const bladeAttach = pgTable(
  'blade_attach',
  {
    id: idCol(),
    tenantId: tenantCol(),
    link: varchar('link', { length: 1000 }).notNull(),
    domain: varchar('domain', { length: 500 }).notNull().default(''),
    /** Object name inside the storage (bucket key). */
    name: varchar('name', { length: 500 }).notNull().default(''),
    originalName: varchar('original_name', { length: 500 }).notNull().default(''),
    extension: varchar('extension', { length: 12 }).notNull().default(''),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull().default(0),
    /** The storage configuration that holds the object; null = the built-in local storage. */
    ossId: bigintStr('oss_id'),
    ...baseCols(),
  },
  (t) => [index('blade_attach_tenant_idx').on(t.tenantId, t.id), tenantPolicy('blade_attach')],
);
