import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import {} from '../../../db/columns';

const regionCol = (name: string, length: number) => varchar(name, { length }).notNull().default('');

export const bladeRegion = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 32 }).notNull(),
    provinceCode: regionCol('province_code', 12),
    provinceName: regionCol('province_name', 32),
    cityCode: regionCol('city_code', 12),
    cityName: regionCol('city_name', 32),
    districtCode: regionCol('district_code', 12),
    districtName: regionCol('district_name', 32),
    townCode: regionCol('town_code', 12),
    townName: regionCol('town_name', 32),
    villageCode: regionCol('village_code', 12),
    villageName: regionCol('village_name', 32),
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode, t.code)],
);
