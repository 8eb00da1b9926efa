import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inTenant, runningTx } from './tenant-tx';

/**
 * Inside a request transaction, lets `fn` read every tenant's rows through `all`. Only for aggregates the product
 * shows to every zoo (e.g. how many animals of a species each zoo holds): `fn` must return counts, never another
 * tenant's rows. Platform-administrator endpoints use `crossTenant` on their descriptor instead. See
 * docs/decisions/0007-species-distribution-across-zoos.md.
 *
 * On PostgreSQL the request's connection cannot leave the restricted role (decision 0039): `fn` runs in a
 * read-only transaction of the owner's login beside it, and sees what is committed. On PGlite (one connection, the
 * owner's) and on a transaction already cross-tenant, it runs in the same transaction with the role switched off.
 */
export async function aggregateAcrossTenants<T>(tx: Tx, fn: (all: Tx) => Promise<T>): Promise<T> {
  const r = runningTx(tx);
  if (r?.conn && !r.scope.allTenants) return inTenant(r.owner, { tenantId: r.scope.tenantId, userId: r.scope.userId, allTenants: true, readOnly: true }, fn);
  const res = (await tx.execute(sql`select current_setting('role') as prev`)) as unknown as { rows: Array<{ prev: string | null }> };
  const prev = res.rows[0]?.prev || 'zoo_app';
  await tx.execute(sql`select set_config('role', 'none', true)`);
  try {
    return await fn(tx);
  } finally {
    await tx.execute(sql`select set_config('role', ${prev}, true)`);
  }
}
