import type { FastifyInstance } from 'fastify';
import { OSS_LOCAL } from '@zoo/contract';
import { everyHour } from '../../platform/hourly';
import { getIntParam } from '../../platform/param/param';
import { archiveTo, type ArchiveTarget } from '../../platform/partition/archive';
import { maintainPartitions } from '../../platform/partition/maintenance';
import { STREAMS } from '../../platform/partition/streams';
import { inTenant } from '../../platform/tenancy/tenant-tx';
import { pickConfig } from '../resource/config-rows';
import { OSS_TABLE } from '../resource/oss/oss.routes';
import type { bladeOss } from '../resource/resource.tables';
import { newObjectKey } from '../resource/storage/object-key';
import { storeFor } from '../resource/storage/stores';

type OssRow = typeof bladeOss.$inferSelect;

const FIRST_RUN = 2 * 60_000;
const PLATFORM = '000000';

/**
 * Archives go where the platform tenant's files go: its enabled OSS configuration, or the local upload directory
 * when none is enabled. Keys are platform-tenant upload keys; sys_partition_archive says which is which.
 */
export async function platformArchiveTarget(app: FastifyInstance): Promise<ArchiveTarget & { close(): void }> {
  const row = await inTenant(app.zoo.database.db, { tenantId: PLATFORM, readOnly: true }, (tx) => pickConfig<OssRow>(tx, OSS_TABLE, undefined));
  const store = storeFor(app, row);
  return {
    storage: !row || row.category === OSS_LOCAL ? 'local' : `oss:${row.ossCode}`,
    put: (key, body, type) => store.put(key, body, type),
    key: () => newObjectKey(PLATFORM, 'gz'),
    close: () => store.close?.(),
  };
}

/** One maintenance run with the retention parameters and the platform's store (decision 0056). */
export async function runPartitionMaintenance(app: FastifyInstance) {
  const retention: Record<string, number> = {};
  for (const s of STREAMS) retention[s.table] = Math.max(0, await getIntParam(app, s.param, s.months));
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
