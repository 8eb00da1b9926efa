import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { role, roleEndpoints, isIdText } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { forTenant } from '../../../platform/tenancy/for-tenant';
import { route } from '../../../platform/http/route';
import { SCOPE_CACHE } from '../../../platform/access/scope-cache';
import { ADMIN, ADMINISTRATOR, isAdmin, isPlatformAdministrator } from '../../../platform/auth/session';
import { aliasRefusal } from '../../../platform/access/privilege';
import { nodeForest, subtreeIds } from '../../../platform/resource/tree';
import { checkParent, refuseIfChildren } from '../../../platform/resource/tree-parent';
import { bladeRole, bladeRoleMenu, bladeRoleScope } from '../../../platform/access/access.tables';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { roleRecords, type RoleRow } from './role.records';

const live = eq(bladeRole.isDeleted, 0);
const treeCols = { id: bladeRole.id, parentId: bladeRole.parentId, isDeleted: bladeRole.isDeleted };
const toForest = (rows: RoleRow[]) => nodeForest(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.roleName, sort: r.sort })));

export function roleRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeRole,
    def: role,
    toRecords: (rows, { db }) => roleRecords(db, rows),
    beforeSave: async (input, { db, session }, existing) => {
      // Only the platform administrator may create (or rename into) the platform's super-admin role.
      if (input.roleAlias === ADMINISTRATOR && !isPlatformAdministrator(session) && existing?.roleAlias !== ADMINISTRATOR)
        throw new BizError('无权限创建超管角色!');
      // Nobody makes a role an admin role, or edits one, without being an admin themselves (privilege rule).
      for (const alias of [input.roleAlias, existing?.roleAlias]) {
        const refused = alias ? aliasRefusal(session, alias) : null;
        if (refused) throw new BizError(refused, 403);
      }
      const parent = await checkParent(db, bladeRole, treeCols, existing?.id, input.parentId, '上级角色不存在');
      // The platform administrator sees every tenant's roles here; a role and its parent stay in one tenant.
      if (parent && parent.tenantId !== (existing?.tenantId ?? session.tenantId)) throw new BizError('上级角色不属于同一租户');
    },
    beforeRemove: async (ids, { db, session }) => {
      await refuseIfChildren(db, bladeRole, treeCols, ids);
      const doomed = await db
        .select({ alias: bladeRole.roleAlias })
        .from(bladeRole)
        .where(and(inArray(bladeRole.id, ids), live));
      if (doomed.some((r) => r.alias === ADMINISTRATOR)) throw new BizError('不可删除超管角色!');
      for (const r of doomed) {
        const refused = aliasRefusal(session, r.alias);
        if (refused) throw new BizError(refused, 403);
      }
      // A removed role's grants must not keep working for users whose tokens still carry it.
      await db.delete(bladeRoleMenu).where(inArray(bladeRoleMenu.roleId, ids));
      await db.delete(bladeRoleScope).where(inArray(bladeRoleScope.roleId, ids));
    },
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, SCOPE_CACHE),
  });

  /** Non-admin users do not see the admin roles in pickers (Blade's RoleServiceImpl.tree). */
  route(app, roleEndpoints.tree, async (call) => {
    const hidden = isAdmin(call.session) ? [] : [ADMIN, ADMINISTRATOR];
    const rows = await forTenant(call, call.query.tenantId, () =>
      call.db
        .select()
        .from(bladeRole)
        .where(and(live, hidden.length ? notInArray(bladeRole.roleAlias, hidden) : undefined)),
    );
    return toForest(rows);
  });

  route(app, roleEndpoints.treeById, async ({ db, query }) => {
    const rows = await db.select().from(bladeRole).where(live);
    const ids = subtreeIds(rows, query.roleId);
    return toForest(rows.filter((r) => ids.has(r.id)));
  });

  route(app, roleEndpoints.select, async ({ db, query }) => {
    let ids: string[] | undefined;
    if (query.userId) {
      const [u] = await db
        .select({ roleId: bladeUser.roleId })
        .from(bladeUser)
        .where(and(eq(bladeUser.id, query.userId), eq(bladeUser.isDeleted, 0)));
      ids = (u?.roleId ?? '').split(',');
    } else if (query.roleId) ids = query.roleId.split(',');
    ids = ids?.map((x) => x.trim()).filter((x) => isIdText(x));
    if (ids && ids.length === 0) return [];
    const rows = await db
      .select()
      .from(bladeRole)
      .where(and(live, ids ? inArray(bladeRole.id, ids) : undefined))
      .orderBy(asc(bladeRole.sort), asc(bladeRole.id));
    return roleRecords(db, rows);
  });
}
