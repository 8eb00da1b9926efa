import type { FastifyInstance } from 'fastify';
import { and, eq, or, sql } from 'drizzle-orm';
import { dept, TOP_PARENT_ID } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { checkParent, refuseIfChildren } from '../../../platform/resource/tree-parent';
import { bladeDept } from '../../../platform/identity/identity.tables';
import { deptRecords } from './dept.records';

export const deptTreeCols = { id: bladeDept.id, parentId: bladeDept.parentId, isDeleted: bladeDept.isDeleted };

/**
 * Departments keep `ancestors` (comma path of ids from "0" to the parent), which data scope "own department
 * and below" reads. The server computes it; moving a department rewrites its descendants' paths too.
 */
export function deptRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeDept,
    def: dept,
    toRecords: (rows, { db }) => deptRecords(app.zoo.cache, db, rows),
    beforeSave: async (input, { db }, existing) => {
      const parent = await checkParent(db, bladeDept, deptTreeCols, existing?.id, input.parentId, '上级机构不存在');
      const ancestors = parent ? `${parent.ancestors},${parent.id}` : TOP_PARENT_ID;
      if (existing && existing.ancestors !== ancestors) {
        const oldPrefix = `${existing.ancestors},${existing.id}`;
        const newPrefix = `${ancestors},${existing.id}`;
        // Same transaction as the row's own update: the subtree moves as one.
        await db
          .update(bladeDept)
          .set({ ancestors: sql`${newPrefix} || substr(${bladeDept.ancestors}, ${oldPrefix.length + 1})` })
          .where(and(eq(bladeDept.isDeleted, 0), or(eq(bladeDept.ancestors, oldPrefix), sql`${bladeDept.ancestors} like ${`${oldPrefix},%`}`)));
      }
      return { ancestors };
    },
    beforeRemove: (ids, { db }) => refuseIfChildren(db, bladeDept, deptTreeCols, ids),
    /** Saber patches the saved row in place from this answer (contract §5.5). */
    submitResult: async (id, { db }) => {
      const [row] = await db.select().from(bladeDept).where(eq(bladeDept.id, id));
      if (!row) throw new BizError('数据不存在或已被删除');
      const category = await systemDictLabels(app.zoo.cache, db, 'org_category');
      return { id: row.id, tenantId: row.tenantId, deptCategoryName: category(row.deptCategory) };
    },
  });
}
