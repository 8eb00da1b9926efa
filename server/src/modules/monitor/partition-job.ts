import type { FastifyInstance } from 'fastify';
import { OSS_LOCAL } from '@zoo/contract';
import type { DbLike } from '../../db/client';
import { everyHour } from '../../platform/hourly';
import { getIntParam } from '../../platform/param/param';
import { archiveTo, type ArchiveTarget } from '../../platform/partition/archive';
import { maintainPartitions } from '../../platform/partition/maintenance';
import { STREAMS } from '../../platform/partition/streams';
import { inTenant } from '../../platform/tenancy/tenant-tx';
import { pickConfig } from '../resource/config-rows';
import { OSS_TABLE } from '../resource/oss/oss.routes';
import type { bladeOss } from '../resource/resource.tables';
import { newArchiveKey } from '../resource/storage/object-key';
import { storeFor } from '../resource/storage/stores';

type OssRow = typeof bladeOss.$inferSelect;

const FIRST_RUN = 2 * 60_000;
const PLATFORM = '000000';

/**
 * Archives go where the platform tenant's files go: its enabled OSS configuration, or the local upload directory
 * when none is enabled. Keys are archive keys (`archive/<day>/<uuid>.gz`, object-key.ts), never served as uploads.
 */
export async function platformArchiveTarget(app: FastifyInstance): Promise<ArchiveTarget & { close(): void }> {
  const row = await inTenant(app.zoo.database.db, { tenantId: PLATFORM, readOnly: true }, (tx) => pickConfig<OssRow>(tx, OSS_TABLE, undefined));
  const store = storeFor(app, row);
  return {
    storage: !row || row.category === OSS_LOCAL ? 'local' : `oss:${row.ossCode}`,
    putFile: (key, file, type) => store.putFile(key, file, type),
    key: () => newArchiveKey(),
    close: () => store.close?.(),
  };
}

/**
 * Each stream's retention as the maintenance applies it: its parameter, or the default when the parameter is
 * missing or unreadable; a negative value counts as 0 (forever). `db`: a request's transaction, when read in one.
 */
export async function retentionMonths(app: FastifyInstance, db?: DbLike): Promise<Record<string, { param: string; months: number }>> {
  const out: Record<string, { param: string; months: number }> = {};
  for (const s of STREAMS) out[s.table] = { param: s.param, months: Math.max(0, await getIntParam(app, s.param, s.months, db)) };
  return out;
}

/** One maintenance run with the retention parameters and the platform's store (decision 0056). */
export async function runPartitionMaintenance(app: FastifyInstance) {
  const retention: Record<string, number> = {};
  for (const [table, r] of Object.entries(await retentionMonths(app))) retention[table] = r.months;
  const target = await platformArchiveTarget(app);
  try {
    const report = await maintainPartitions(app.zoo.database.db, { retention, archive: archiveTo(target) });
    for (const f of report?.failed ?? []) app.log.error({ partition: f.partition, err: f.error }, 'partition archive failed; partition kept');
    return report;
  } finally {
    target.close();
  }
}

/** Hourly on every instance; the advisory lock in maintainPartitions lets one at a time work. */
export function partitionMaintenance(app: FastifyInstance): void {
  everyHour(app, 'partition maintenance', FIRST_RUN, () => runPartitionMaintenance(app));
}
