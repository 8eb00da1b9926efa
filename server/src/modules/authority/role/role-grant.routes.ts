import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { roleEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { API_SCOPE_CATEGORY } from '../../../platform/access/api-scope';
import { DATA_SCOPE_CATEGORY } from '../../../platform/access/data-scope';
import { BizError } from '../../../platform/http/errors';
import { GRANT_BEYOND_OWN, grantableMenuIds } from '../../../platform/access/menu-access';
import { route } from '../../../platform/http/route';
import { SCOPE_CACHE } from '../../../platform/access/scope-cache';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { aliasRefusal, assertGrantWithinScopes } from '../../../platform/access/privilege';
import { bladeRole, bladeRoleMenu, bladeRoleScope, bladeScopeApi, bladeScopeData } from '../../../platform/access/access.tables';

/**
 * Scope ids of one kind among the checked keys. The grant dialog's scope trees hang scopes under their menus,
 * so checked menu nodes arrive too and are dropped; anything else is refused. A scope is grantable only when
 * its menu is.
 */
async function scopeIds(db: Tx, table: typeof bladeScopeData | typeof bladeScopeApi, keys: string[], menus: Set<string>, all: Set<string>): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: table.id, menuId: table.menuId })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.isDeleted, 0)));
  const found = new Set(rows.map((r) => r.id));
  const strays = unique.filter((k) => !found.has(k) && !all.has(k));
  if (strays.length) throw new BizError(`权限不存在或已被删除: ${strays.join(',')}`);
  if (rows.some((r) => !menus.has(r.menuId))) throw new BizError(GRANT_BEYOND_OWN, 403);
  return rows.map((r) => r.id);
}

export function roleGrantRoutes(app: FastifyInstance): void {
  /** Replaces the roles' menus, data scopes and API scopes in the request transaction (all or nothing). */
  route(app, roleEndpoints.grant, async ({ db, session, body }) => {
    const roleIds = [...new Set(body.roleIds)];
    const roles = await db
      .select()
      .from(bladeRole)
      .where(and(inArray(bladeRole.id, roleIds), eq(bladeRole.isDeleted, 0)));
    if (roles.length !== roleIds.length) throw new BizError('角色不存在或已被删除');
    for (const r of roles) {
      const refused = aliasRefusal(session, r.roleAlias);
      if (refused) throw new BizError(refused, 403);
    }

    const { all, ids: grantable } = await grantableMenuIds(app.zoo.cache, db, session);
    const allIds = new Set(all.map((m) => m.id));
    const menuIds = [...new Set(body.menuIds)];
    const unknown = menuIds.filter((m) => !allIds.has(m));
    if (unknown.length) throw new BizError(`菜单不存在或已被删除: ${unknown.join(',')}`);
    if (menuIds.some((m) => !grantable.has(m))) throw new BizError(GRANT_BEYOND_OWN, 403);
    const dataIds = await scopeIds(db, bladeScopeData, body.dataScopeIds, grantable, allIds);
    const apiIds = await scopeIds(db, bladeScopeApi, body.apiScopeIds, grantable, allIds);
    await assertGrantWithinScopes(db, session, { menuIds, dataScopeIds: dataIds, apiScopeIds: apiIds });

    // The platform administrator may grant any tenant's roles: each tenant's rows are written as that tenant.
    const byTenant = new Map<string, string[]>();
    for (const r of roles) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r.id]);
    for (const [tenantId, ids] of byTenant) {
      await asTenant(db, tenantId, async () => {
        await db.delete(bladeRoleMenu).where(inArray(bladeRoleMenu.roleId, ids));
        await db.delete(bladeRoleScope).where(inArray(bladeRoleScope.roleId, ids));
        const menuRows = ids.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId })));
        if (menuRows.length) await db.insert(bladeRoleMenu).values(menuRows);
        const scopeRows = ids.flatMap((roleId) => [
          ...dataIds.map((scopeId) => ({ roleId, scopeId, scopeCategory: DATA_SCOPE_CATEGORY })),
          ...apiIds.map((scopeId) => ({ roleId, scopeId, scopeCategory: API_SCOPE_CATEGORY })),
        ]);
        if (scopeRows.length) await db.insert(bladeRoleScope).values(scopeRows);
      });
    }
    await app.zoo.cache.invalidate(db, SCOPE_CACHE);
    return {};
  });
}
