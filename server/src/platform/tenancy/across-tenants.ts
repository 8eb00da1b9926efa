import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Inside a request transaction, lets `fn` read every tenant's rows, then restores the caller's isolation.
 * Only for aggregates the product shows to every zoo (e.g. how many animals of a species each zoo holds):
 * `fn` must return counts, never another tenant's rows. Platform-administrator endpoints use `crossTenant`
 * on their descriptor instead. See docs/decisions/0007-species-distribution-across-zoos.md.
 */
export async function aggregateAcrossTenants<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const res = (await tx.execute(sql`select current_setting('role') as prev`)) as unknown as { rows: Array<{ prev: string | null }> };
  const prev = res.rows[0]?.prev || 'zoo_app';
  await tx.execute(sql`select set_config('role', 'none', true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`select set_config('role', ${prev}, true)`);
  }
}
