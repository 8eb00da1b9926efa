import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export interface TxScope {
  tenantId: string;
  userId?: string;
  deptId?: string;
  /** Cross-tenant mode: row-level security lets every tenant's rows through. */
  allTenants?: boolean;
  /** Access-token id that must still be live (checked in the same round trip as the settings). */
  liveJti?: string;
}

export class RevokedTokenError extends Error {}

/**
 * Runs `fn` in one transaction as the restricted role, with the tenant and user settings the row-level
 * security policies and column defaults read. This is the one place tenant isolation is applied.
 */
export async function inTenant<T>(db: Db, scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const live = scope.liveJti
      ? sql`exists(select 1 from sys_token where jti = ${scope.liveJti} and revoke_time is null and expire_time > localtimestamp(0))`
      : sql`true`;
    // One round trip: token still live (logout/rotation revoke it) + the settings RLS and defaults read.
    const res = (await tx.execute(sql`select ${live} as live,
      set_config('app.tenant_id', ${scope.tenantId}, true),
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.dept_id', ${(scope.deptId ?? '').split(',')[0] ?? ''}, true),
      set_config('app.all_tenants', ${scope.allTenants ? 'on' : 'off'}, true),
      set_config('role', 'zoo_app', true)`)) as unknown as { rows: Array<{ live: boolean }> };
    if (!res.rows[0]?.live) throw new RevokedTokenError();
    return fn(tx);
  });
}

/**
 * Inside an open request transaction, acts as another tenant for `fn` (e.g. bootstrapping a new tenant's
 * role, department and admin), then restores the caller's tenant. Stays in the same transaction, so the whole
 * operation commits or rolls back as one.
 */
export async function asTenant<T>(tx: Tx, tenantId: string, fn: () => Promise<T>): Promise<T> {
  const res = (await tx.execute(sql`select current_setting('app.tenant_id', true) as prev`)) as unknown as { rows: Array<{ prev: string | null }> };
  const prev = res.rows[0]?.prev;
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`select set_config('app.tenant_id', ${prev ?? ''}, true)`);
  }
}
