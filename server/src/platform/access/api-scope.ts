import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bladeRoleScope, bladeScopeApi } from './access.tables';
import type { Cache } from '../cache';
import { antPattern, stripApi } from './ant-path';
import { BizError } from '../http/errors';
import { isAdministrator, type Session } from '../auth/session';
import { SCOPE_CACHE } from './scope-cache';

export const API_SCOPE_CATEGORY = 2;
export const API_DENIED = '接口权限不足,无法访问该接口';

/**
 * What a signed-in client needs before any screen: its menu routes, buttons and top menu (the gateway's
 * token-free list, contract §2.7) and its own auth calls. API scopes never lock a user out of these.
 */
const ALWAYS_ALLOWED = ['/blade-system/menu/routes', '/blade-system/menu/buttons', '/blade-system/menu/top-menu', '/blade-auth/**'].map(antPattern);

async function grantedPatterns(cache: Cache, db: Tx, s: Session): Promise<RegExp[]> {
  const roles = [...s.roleIds].sort();
  return cache.get(`${SCOPE_CACHE}api:${s.tenantId}:${roles.join(',')}`, 300_000, async () => {
    const rows = await db
      .selectDistinct({ path: bladeScopeApi.scopePath })
      .from(bladeScopeApi)
      .innerJoin(bladeRoleScope, and(eq(bladeRoleScope.scopeId, bladeScopeApi.id), eq(bladeRoleScope.scopeCategory, API_SCOPE_CATEGORY)))
      .where(and(inArray(bladeRoleScope.roleId, roles), eq(bladeScopeApi.isDeleted, 0)));
    return rows.map((r) => antPattern(r.path));
  });
}

/**
 * API scopes (contract §4 blade_scope_api): once the caller's roles were granted any API scope, only the paths
 * matching one of them may be called (403 otherwise). Roles without API scopes are not limited; the
 * administrator never is.
 */
export async function enforceApiScope(cache: Cache, db: Tx, s: Session, path: string): Promise<void> {
  if (isAdministrator(s) || s.roleIds.length === 0) return;
  const p = stripApi(path);
  if (ALWAYS_ALLOWED.some((re) => re.test(p))) return;
  const patterns = await grantedPatterns(cache, db, s);
  if (patterns.length > 0 && !patterns.some((re) => re.test(p))) throw new BizError(API_DENIED, 403);
}
