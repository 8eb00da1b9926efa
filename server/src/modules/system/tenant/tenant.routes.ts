import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { tenant, tenantEndpoints } from '@zoo/contract';
import { resourceRoutes, NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { PLATFORM_TENANT } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { getIntParam } from '../../../platform/param/param';
import { bladeTenant, bladeTenantPackage } from '../../../platform/tenancy/tenancy.tables';
import { bootstrapTenant, newTenantCode, packageMenus } from './tenant.bootstrap';

const live = eq(bladeTenant.isDeleted, 0);

/**
 * Tenants are the platform administrator's (cross-tenant) resource; a tenant admin may list and read only its
 * own row, which row-level security gives for free.
 */
export function tenantRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeTenant,
    def: tenant,
    defaultOrder: (c) => [asc(c.tenantId!)],
    beforeSave: async (input, { db }, existing) => {
      // The package is chosen when the tenant is created; later changes go through package-setting.
      if (existing) return { packageId: existing.packageId };
      const tenantId = await newTenantCode(db);
      const packageId = input.packageId || null;
      await bootstrapTenant(app, db, { tenantId, tenantName: input.tenantName, packageId });
      return { tenantId, packageId, accountNumber: await getIntParam(app, 'tenant.default.accountNumber', 100, db) };
    },
    beforeRemove: async (ids, { db }) => {
      const rows = await db.select({ code: bladeTenant.tenantId }).from(bladeTenant).where(inArray(bladeTenant.id, ids));
      if (rows.some((r) => r.code === PLATFORM_TENANT)) throw new BizError('不可删除管理租户!');
    },
  });

  route(app, tenantEndpoints.select, async ({ db }) =>
    db
      .select({ id: bladeTenant.id, tenantId: bladeTenant.tenantId, tenantName: bladeTenant.tenantName })
      .from(bladeTenant)
      .where(live)
      .orderBy(asc(bladeTenant.tenantId)),
  );

  route(app, tenantEndpoints.setting, async ({ db, query }) => {
    const rows = await db
      .update(bladeTenant)
      .set({ accountNumber: query.accountNumber, expireTime: query.expireTime || null })
      .where(and(inArray(bladeTenant.id, query.ids), live))
      .returning({ id: bladeTenant.id });
    if (rows.length === 0) throw new BizError(NOT_FOUND);
    return {};
  });

  // Addressed by tenant code: acting as that tenant, row-level security leaves exactly its row.
  route(app, tenantEndpoints.datasource, async ({ db, query }) => {
    // Only a datasource that exists (研发工具 › 数据源管理) may be bound; blank unbinds.
    if (query.datasourceId) {
      const found = (await db.execute(sql`select 1 from blade_datasource where id = ${query.datasourceId} and is_deleted = 0`)) as unknown as {
        rows: unknown[];
      };
      if (found.rows.length === 0) throw new BizError('数据源不存在或已被删除');
    }
    const rows = await asTenant(db, query.tenantId, () =>
      db
        .update(bladeTenant)
        .set({ datasourceId: query.datasourceId || null })
        .where(live)
        .returning({ id: bladeTenant.id }),
    );
    if (rows.length === 0) throw new BizError(NOT_FOUND);
    return {};
  });

  route(app, tenantEndpoints.packageDetail, async ({ db, query }) => {
    const [row] = await db
      .select({ id: bladeTenantPackage.id, packageName: bladeTenantPackage.packageName, menuId: bladeTenantPackage.menuId })
      .from(bladeTenant)
      .innerJoin(bladeTenantPackage, and(eq(bladeTenantPackage.id, bladeTenant.packageId), eq(bladeTenantPackage.isDeleted, 0)))
      .where(and(eq(bladeTenant.id, query.tenantId), live));
    return row ?? {};
  });

  route(app, tenantEndpoints.packageSetting, async ({ db, query }) => {
    const [t] = await db
      .select({ code: bladeTenant.tenantId })
      .from(bladeTenant)
      .where(and(eq(bladeTenant.id, query.tenantId), live));
    if (!t) throw new BizError(NOT_FOUND);
    // The platform tenant's administrator sees every menu; a package there would hide the platform's own screens.
    if (t.code === PLATFORM_TENANT && query.packageId) throw new BizError('不可为管理租户设置产品包');
    if (query.packageId) await packageMenus(db, query.packageId);
    await db
      .update(bladeTenant)
      .set({ packageId: query.packageId || null })
      .where(eq(bladeTenant.id, query.tenantId));
    return {};
  });
}
