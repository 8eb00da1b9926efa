import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { openStudbook } from './studbook.service';
import { zooStudbookSnapshot } from './studbook.tables';
import { everyHour } from '../../../platform/hourly';

const FIRST_RUN = 5 * 60_000;

/**
 * Takes one nightly snapshot (source 1) per species with living animals and none yet today (decision 0037):
 * checked hourly by every instance; an advisory lock lets one instance at a time do it. Runs as the platform
 * tenant; the figures come through the same pedigree-facts function as the screens.
 */
export async function takeNightlySnapshots(db: Db): Promise<number> {
  return inTenant(db, { tenantId: '000000', allTenants: true }, async (tx: Tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('zoo_studbook_nightly')) as ok`)) as unknown as {
      rows: Array<{ ok: boolean }>;
    };
    if (!lock.rows[0]?.ok) return 0;
    const due = (await tx.execute(sql`select distinct a.species_id::text as id from zoo_animal a
        where a.status = 1 and a.is_deleted = 0 and not exists (select 1 from zoo_studbook_snapshot s
          where s.species_id = a.species_id and s.source = 1 and s.is_deleted = 0 and s.snapshot_time >= current_date)`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    for (const { id } of due.rows) {
      const g = (await openStudbook(tx, id)).gen.figures;
      await tx
        .insert(zooStudbookSnapshot)
        .values({ speciesId: id, living: g.living, founders: g.founders, gd: g.gd, fge: g.fge, meanF: g.meanF, meanMk: g.meanMk, source: 1 });
    }
    return due.rows.length;
  });
}

/** Starts the hourly check when the app is ready (first one 5 minutes after start) and stops it on close. */
export function studbookNightly(app: FastifyInstance): void {
  everyHour(app, 'studbook nightly snapshot', FIRST_RUN, () => takeNightlySnapshots(app.zoo.database.db));
}
