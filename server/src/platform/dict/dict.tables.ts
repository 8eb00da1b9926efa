import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintStr, idCol, tenantCol, tenantPolicy } from '../../db/columns';

const dictCols = () => ({
  id: idCol(),
  parentId: bigintStr('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  /** The English label; '' falls back to dict_value (decision 0049). */
  dictValueEn: varchar('dict_value_en', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  isSealed: integer('is_sealed').notNull().default(0),
  isDeleted: integer('is_deleted').notNull().default(0),
});

export const bladeDict = pgTable('blade_dict', dictCols(), (t) => [
  index('blade_dict_code_idx').on(t.code),
  uniqueIndex('blade_dict_key_uq')
    .on(t.code, t.dictKey)
    .where(sql`is_deleted = 0`),
]);

export const bladeDictBiz = pgTable('blade_dict_biz', { ...dictCols(), tenantId: tenantCol() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code),
  uniqueIndex('blade_dict_biz_key_uq')
    .on(t.tenantId, t.code, t.dictKey)
    .where(sql`is_deleted = 0`),
  tenantPolicy('blade_dict_biz'),
]);
