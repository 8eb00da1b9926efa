import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { tenantInfoEndpoint } from '@zoo/contract';
import { publicRoute } from '../../../platform/http/route';
import { bladeTenant } from '../../../platform/tenancy/tenancy.tables';

/** Lets the login page hide the tenant box when the site's domain belongs to one tenant. */
export function tenantInfoRoutes(app: FastifyInstance): void {
  publicRoute(app, tenantInfoEndpoint, async ({ query, sys }) => {
    const domain = (query.domain ?? '').trim();
    if (!domain) return {};
    const [t] = await sys
      .select({ tenantId: bladeTenant.tenantId, domain: bladeTenant.domain, backgroundUrl: bladeTenant.backgroundUrl })
      .from(bladeTenant)
      .where(and(eq(bladeTenant.domain, domain.slice(0, 255)), eq(bladeTenant.isDeleted, 0)))
      .limit(1);
    return t ?? {};
  });
}
