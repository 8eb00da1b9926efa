import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bladeTenant, bladeTenantPackage } from '../modules/system/system.tables';

/**
 * The menu ids the current tenant's package allows, or null when the tenant has no package (all menus).
 * Row-level security limits the tenant lookup to the transaction's tenant.
 */
export async function packageMenuIds(tx: Tx): Promise<string[] | null> {
  const rows = await tx
    .select({ menuId: bladeTenantPackage.menuId })
    .from(bladeTenant)
    .innerJoin(bladeTenantPackage, eq(bladeTenantPackage.id, bladeTenant.packageId))
    .where(and(eq(bladeTenant.isDeleted, 0), eq(bladeTenant.tenantId, sql`current_setting('app.tenant_id')`)))
    .limit(1);
  if (rows.length === 0) return null;
  return rows[0]!.menuId.split(',').filter((x) => /^\d+$/.test(x));
}
