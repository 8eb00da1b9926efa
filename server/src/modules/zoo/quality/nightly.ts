import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { QUALITY_CHECKS } from '@zoo/contract';
import type { Db, Tx } from '../../../db/client';
import { asTenant, inTenant } from '../../../platform/tenancy/tenant-tx';
import { rows } from '../keeper/basic-log.service';
import { DEFAULT_PARAMS, runChecks } from './quality.service';
import { everyHour } from '../../../platform/hourly';

const FIRST_RUN = 6 * 60_000;

/**
 * Counts every check for each zoo with none kept today (decision 0047), with the default parameters: checked
 * hourly by every instance like the studbook's nightly snapshot, an advisory lock lets one instance at a time do
 * it. The tenants are read as the owner; each zoo's checks run as that zoo (role zoo_app, its rows only), in a
 * savepoint so that one zoo's failure does not lose the others'.
 */
export async function runNightlyQuality(db: Db): Promise<number> {
  return inTenant(db, { tenantId: '000000', allTenants: true, audit: false }, async (tx: Tx) => {
    const [lock] = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('zoo_quality_nightly')) as ok`);
    if (!lock?.ok) return 0;
    const due = await rows<{ tenant_id: string }>(
      tx,
      sql`select t.tenant_id from blade_tenant t
           where t.is_deleted = 0 and t.tenant_id <> '000000'
             and exists (select 1 from zoo_cage c where c.tenant_id = t.tenant_id and c.is_deleted = 0)
             and not exists (select 1 from zoo_quality_day q where q.tenant_id = t.tenant_id and q.day = current_date)`,
    );
    for (const { tenant_id } of due) await tx.transaction((sp) => asTenant(sp, tenant_id, () => runChecks(sp, QUALITY_CHECKS, DEFAULT_PARAMS, 'fillMissing')));
    return due.length;
  });
}

/** Starts the hourly check when the app is ready and stops it on close. */
export function qualityNightly(app: FastifyInstance): void {
  everyHour(app, 'data-quality nightly run', FIRST_RUN, () => runNightlyQuality(app.zoo.database.db));
}
