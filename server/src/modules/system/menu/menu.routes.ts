import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { menu } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { MENU_CACHE } from '../../../platform/access/menu-access';
import { parentNames } from '../../../platform/resource/parent-names';
import { checkParent, refuseIfChildren } from '../../../platform/resource/tree-parent';
import { menuRecord } from './menu.tree';
import { bladeMenu } from '../../../platform/access/access.tables';

export const menuTreeCols = { id: bladeMenu.id, parentId: bladeMenu.parentId, isDeleted: bladeMenu.isDeleted };

/** Menu CRUD (platform administrator). Every write drops the cached menu tree on every instance. */
export function menuRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeMenu,
    def: menu,
    toRecord: (row) => menuRecord(row),
    detailRecord: async (row, { db }) => {
      const parent = await parentNames(db, bladeMenu, { id: bladeMenu.id, name: bladeMenu.name }, [row]);
      // One after another: the request transaction is a single connection.
      const category = await systemDictLabels(app.zoo.cache, db, 'menu_category');
      const action = await systemDictLabels(app.zoo.cache, db, 'button_func');
      const yesNo = await systemDictLabels(app.zoo.cache, db, 'yes_no');
      return {
        ...menuRecord(row),
        parentName: parent(row.parentId),
        categoryName: category(row.category),
        actionName: action(row.action),
        isOpenName: yesNo(row.isOpen),
      };
    },
    beforeSave: async (input, { db }, existing) => {
      await checkParent(db, bladeMenu, menuTreeCols, existing?.id, input.parentId, '上级菜单不存在');
      await refuseDuplicate(db, bladeMenu, eq(bladeMenu.code, input.code), existing, '菜单编号已存在!');
      await refuseDuplicate(db, bladeMenu, and(eq(bladeMenu.parentId, input.parentId), eq(bladeMenu.name, input.name))!, existing, '同级菜单名称已存在!');
    },
    beforeRemove: (ids, { db }) => refuseIfChildren(db, bladeMenu, menuTreeCols, ids),
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, MENU_CACHE),
    submitResult: async (id) => ({ id }),
  });
}
