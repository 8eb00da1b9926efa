import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol } from '../../db/columns';

/**
 * 研发工具 (contract §4 blade_datasource, blade_model, blade_model_prototype, blade_code). Platform-wide tables (no
 * tenant column, like BladeX): only the platform tenant writes or reads them (modules/tool/platform-only.ts).
 */
export const bladeDatasource = pgTable('blade_datasource', {
  id: idCol(),
  name: varchar('name', { length: 100 }).notNull(),
  driverClass: varchar('driver_class', { length: 100 }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  username: varchar('username', { length: 100 }).notNull(),
  /** AES-256-GCM ciphertext (modules/tool/datasource/secret-box.ts); the audit trail masks it by name. */
  password: varchar('password', { length: 1000 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseCols(),
});

export const bladeModel = pgTable(
  'blade_model',
  {
    id: idCol(),
    datasourceId: bigintStr('datasource_id').notNull(),
    modelName: varchar('model_name', { length: 100 }).notNull(),
    modelCode: varchar('model_code', { length: 100 }).notNull(),
    modelTable: varchar('model_table', { length: 64 }).notNull(),
    modelClass: varchar('model_class', { length: 100 }).notNull().default(''),
    modelRemark: varchar('model_remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_model_code_uq')
      .on(t.modelCode)
      .where(sql`is_deleted = 0`),
  ],
);

export const bladeModelPrototype = pgTable(
  'blade_model_prototype',
  {
    id: idCol(),
    modelId: bigintStr('model_id').notNull(),
    jdbcName: varchar('jdbc_name', { length: 64 }).notNull(),
    jdbcType: varchar('jdbc_type', { length: 64 }).notNull(),
    jdbcComment: varchar('jdbc_comment', { length: 255 }).notNull().default(''),
    propertyType: varchar('property_type', { length: 20 }).notNull(),
    propertyEntity: varchar('property_entity', { length: 255 }).notNull().default(''),
    propertyName: varchar('property_name', { length: 64 }).notNull(),
    isList: integer('is_list').notNull().default(1),
    isForm: integer('is_form').notNull().default(1),
    isRow: integer('is_row').notNull().default(0),
    componentType: varchar('component_type', { length: 20 }).notNull().default('input'),
    dictCode: varchar('dict_code', { length: 100 }).notNull().default(''),
    isRequired: integer('is_required').notNull().default(0),
    isQuery: integer('is_query').notNull().default(0),
    queryType: varchar('query_type', { length: 20 }).notNull().default('equal'),
    ...baseCols(),
  },
  (t) => [index('blade_model_prototype_model_idx').on(t.modelId)],
);

export const bladeCode = pgTable('blade_code', {
  id: idCol(),
  modelId: bigintStr('model_id').notNull(),
  serviceName: varchar('service_name', { length: 30 }).notNull(),
  codeName: varchar('code_name', { length: 50 }).notNull(),
  tableName: varchar('table_name', { length: 64 }).notNull(),
  tablePrefix: varchar('table_prefix', { length: 30 }).notNull().default(''),
  pkName: varchar('pk_name', { length: 64 }).notNull().default('id'),
  packageName: varchar('package_name', { length: 40 }).notNull(),
  baseMode: integer('base_mode').notNull().default(1),
  wrapMode: integer('wrap_mode').notNull().default(2),
  apiPath: varchar('api_path', { length: 200 }).notNull(),
  webPath: varchar('web_path', { length: 200 }).notNull(),
  ...baseCols(),
});
