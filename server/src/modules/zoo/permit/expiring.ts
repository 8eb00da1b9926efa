import { asc, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { zooPermit } from './permit.tables';

/**
 * Permits in force whose last day falls within the next `days` days, soonest first (licences included: they are
 * mirrored as kind-1 permits). One query for every reader — the `expiring` endpoint, the home card, the reminder
 * job and any board that lists expiring licences — so that "expiring" means the same everywhere. Reads the
 * caller's tenant (row-level security) or every tenant in cross-tenant mode.
 */
export async function expiringPermits(db: Tx, days: number, limit = 200): Promise<Array<typeof zooPermit.$inferSelect>> {
  return db.select().from(zooPermit).where(expiringWithin(days)).orderBy(asc(zooPermit.validTo), asc(zooPermit.id)).limit(limit);
}

/**
 * The condition itself, for readers that count or shape rows in their own SQL (the data-quality board's check):
 * in force today (not deleted, valid from today or before) and ending within the next `days` days, today included.
 */
export const expiringWithin = (days: number): SQL =>
  sql`${zooPermit.isDeleted} = 0 and ${zooPermit.validFrom} <= current_date
      and ${zooPermit.validTo} between current_date and current_date + ${days}::int`;
