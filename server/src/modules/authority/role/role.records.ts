import type { RoleRecord } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { parentNames } from '../../../platform/resource/parent-names';
import { bladeRole } from '../../../platform/access/access.tables';

export type RoleRow = typeof bladeRole.$inferSelect;

/** RoleVO: the role columns plus `parentName`. */
export async function roleRecords(db: DbLike, rows: RoleRow[]): Promise<RoleRecord[]> {
  const name = await parentNames(db, bladeRole, { id: bladeRole.id, name: bladeRole.roleName }, rows, new Map(rows.map((r) => [r.id, r.roleName])));
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    parentId: r.parentId,
    roleName: r.roleName,
    roleAlias: r.roleAlias,
    sort: r.sort,
    isDeleted: r.isDeleted,
    parentName: name(r.parentId),
  }));
}
