import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

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
