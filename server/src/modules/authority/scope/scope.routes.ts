import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { apiScope, dataScope } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { validateDataScope } from '../../../platform/access/data-scope';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { BizError } from '../../../platform/http/errors';
import { SCOPE_CACHE } from '../../../platform/access/scope-cache';
import { bladeMenu, bladeScopeApi, bladeScopeData } from '../../../platform/access/access.tables';

/** The scope's menu must exist (checked either way); its code is the default resource code (menu codes equal resource names). */
async function menuCode(db: DbLike, menuId: string): Promise<string> {
  const [m] = await db
    .select({ code: bladeMenu.code })
    .from(bladeMenu)
    .where(and(eq(bladeMenu.id, menuId), eq(bladeMenu.isDeleted, 0)));
  if (!m) throw new BizError('菜单不存在或已被删除');
  return m.code;
}

/**
 * The platform's catalogue of data scopes and API scopes, bound to menus; roles receive them through role
 * grant. A data scope is checked against its resource here, so enforcement never meets a rule it cannot apply.
 */
export function scopeRoutes(app: FastifyInstance): void {
  const invalidate = ({ db }: { db: DbLike }) => app.zoo.cache.invalidate(db, SCOPE_CACHE);
  const withTypeName =
    (dictCode: string) =>
    async <R extends { scopeType: number }>(rows: R[], { db }: { db: DbLike }) => {
      const label = await systemDictLabels(app.zoo.cache, db, dictCode);
      return rows.map((r) => ({ ...r, scopeTypeName: label(r.scopeType) }));
    };

  resourceRoutes(app, {
    table: bladeScopeData,
    def: dataScope,
    toRecords: withTypeName('data_scope_type'),
    beforeSave: async (input, { db }) => {
      const resourceCode = input.resourceCode || (await menuCode(db, input.menuId));
      if (input.resourceCode) await menuCode(db, input.menuId);
      validateDataScope({ resourceCode, scopeType: input.scopeType, scopeColumn: input.scopeColumn, scopeValue: input.scopeValue });
      return { resourceCode, scopeField: input.scopeField || '*' };
    },
    afterWrite: invalidate,
  });

  resourceRoutes(app, {
    table: bladeScopeApi,
    def: apiScope,
    toRecords: withTypeName('api_scope_type'),
    beforeSave: async (input, { db }) => {
      const code = await menuCode(db, input.menuId);
      return { resourceCode: input.resourceCode || code };
    },
    afterWrite: invalidate,
  });
}
