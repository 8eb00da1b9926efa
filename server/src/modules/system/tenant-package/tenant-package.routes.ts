import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { tenantPackage, tenantPackageEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { bladeTenant, bladeTenantPackage } from '../../../platform/tenancy/tenancy.tables';

/** Product packages: the menu set a tenant may use (enforced by platform/menu-access.ts). Administrator only. */
export function tenantPackageRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeTenantPackage,
    def: tenantPackage,
    // A deleted package must not keep limiting (or stop limiting) the tenants bound to it.
    beforeRemove: async (ids, { db }) => {
      const bound = await db
        .select({ name: bladeTenant.tenantName })
        .from(bladeTenant)
        .where(and(inArray(bladeTenant.packageId, ids), eq(bladeTenant.isDeleted, 0)))
        .limit(3);
      if (bound.length) throw new BizError(`产品包已被租户使用(${bound.map((b) => b.name).join('、')}),请先解除绑定`);
    },
  });

  route(app, tenantPackageEndpoints.select, async ({ db }) =>
    db
      .select({ id: bladeTenantPackage.id, packageName: bladeTenantPackage.packageName })
      .from(bladeTenantPackage)
      .where(eq(bladeTenantPackage.isDeleted, 0))
      .orderBy(asc(bladeTenantPackage.id)),
  );
}
