import type { DeptRecord } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import type { Cache } from '../../../platform/cache';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { parentNames } from '../../../platform/resource/parent-names';
import { bladeDept } from '../../../platform/identity/identity.tables';

export type DeptRow = typeof bladeDept.$inferSelect;

/** DeptVO: the dept columns plus `parentName` and `deptCategoryName` (dict org_category). */
export async function deptRecords(cache: Cache, db: DbLike, rows: DeptRow[]): Promise<DeptRecord[]> {
  const name = await parentNames(db, bladeDept, { id: bladeDept.id, name: bladeDept.deptName }, rows, new Map(rows.map((r) => [r.id, r.deptName])));
  const category = await systemDictLabels(cache, db, 'org_category');
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    parentId: r.parentId,
    ancestors: r.ancestors,
    deptCategory: r.deptCategory,
    deptName: r.deptName,
    fullName: r.fullName,
    sort: r.sort,
    remark: r.remark,
    isDeleted: r.isDeleted,
    parentName: name(r.parentId),
    deptCategoryName: category(r.deptCategory),
  }));
}
