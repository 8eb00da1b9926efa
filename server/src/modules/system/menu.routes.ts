import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { menu } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { systemDictLabels } from '../../platform/dict-cache';
import { BizError } from '../../platform/errors';
import { MENU_CACHE } from '../../platform/menu-access';
import { parentNames } from '../../platform/parent-names';
import { checkParent, refuseIfChildren } from '../../platform/tree-parent';
import { menuRecord } from './menu.tree';
import { bladeMenu } from './system.tables';

export const menuTreeCols = { id: bladeMenu.id, parentId: bladeMenu.parentId, isDeleted: bladeMenu.isDeleted };
const live = eq(bladeMenu.isDeleted, 0);

/** Menu CRUD (platform administrator). Every write drops the cached menu tree on every instance. */
export function menuRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: bladeMenu,
    def: menu,
    toRecord: (row) => menuRecord(row),
    detailRecord: async (row, { db }) => {
      const parent = await parentNames(db, bladeMenu, { id: bladeMenu.id, name: bladeMenu.name }, [row]);
      // One after another: the request transaction is a single connection.
      const category = await systemDictLabels(app.zoo.cache, db, 'menu_category');
      const action = await systemDictLabels(app.zoo.cache, db, 'button_func');
      const yesNo = await systemDictLabels(app.zoo.cache, db, 'yes_no');
      return { ...menuRecord(row), parentName: parent(row.parentId), categoryName: category(row.category), actionName: action(row.action), isOpenName: yesNo(row.isOpen) };
    },
    beforeSave: async (input, { db }, existing) => {
      await checkParent(db, bladeMenu, menuTreeCols, existing?.id, input.parentId, '上级菜单不存在');
      const other = existing ? ne(bladeMenu.id, existing.id) : undefined;
      const [code] = await db.select({ id: bladeMenu.id }).from(bladeMenu).where(and(live, eq(bladeMenu.code, input.code), other)).limit(1);
      if (code) throw new BizError('菜单编号已存在!');
      const [name] = await db
        .select({ id: bladeMenu.id })
        .from(bladeMenu)
        .where(and(live, eq(bladeMenu.parentId, input.parentId), eq(bladeMenu.name, input.name), other))
        .limit(1);
      if (name) throw new BizError('同级菜单名称已存在!');
      return {
        parentId: input.parentId,
        code: input.code,
        name: input.name,
        alias: input.alias,
        path: input.path ?? '',
        source: input.source ?? '',
        sort: input.sort,
        category: input.category,
        action: input.action ?? 0,
        isOpen: input.isOpen ?? 1,
        component: input.component ?? '',
        remark: input.remark ?? '',
      };
    },
    beforeRemove: (ids, { db }) => refuseIfChildren(db, bladeMenu, menuTreeCols, ids),
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, MENU_CACHE),
    submitResult: async (id) => ({ id }),
  });
}
