import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { zooPermit } from './permit.tables';

/**
 * Permits in force whose last day falls within the next `days` days, soonest first (licences included: they are
 * mirrored as kind-1 permits). One query for every reader — the `expiring` endpoint, the home card, the reminder
 * job and any board that lists expiring licences — so that "expiring" means the same everywhere. Reads the
 * caller's tenant (row-level security) or every tenant in cross-tenant mode.
 */
export async function expiringPermits(db: Tx, days: number, limit = 200): Promise<Array<typeof zooPermit.$inferSelect>> {
  const p = zooPermit;
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.isDeleted, 0),
        isNotNull(p.validTo),
        gte(p.validTo, sql`current_date`),
        lte(p.validTo, sql`current_date + ${days}::int`),
        sql`${p.validFrom} <= current_date`,
      ),
    )
    .orderBy(asc(p.validTo), asc(p.id))
    .limit(limit);
}
