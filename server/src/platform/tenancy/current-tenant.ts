import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bladeTenant } from './tenancy.tables';

export type TenantRow = typeof bladeTenant.$inferSelect;

/**
 * The row of the transaction's own tenant (app.tenant_id), even in cross-tenant mode. `lock` serialises
 * writers that check a per-tenant limit (the account quota) until the transaction ends.
 */
export async function currentTenant(tx: Tx, opts: { lock?: boolean } = {}): Promise<TenantRow | undefined> {
  const q = tx
    .select()
    .from(bladeTenant)
    .where(and(eq(bladeTenant.isDeleted, 0), eq(bladeTenant.tenantId, sql`current_setting('app.tenant_id')`)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}
