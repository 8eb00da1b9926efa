import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { partitionArchive, partitionArchiveEndpoints, type PartitionArchiveRecord } from '@zoo/contract';
import type { DbLike } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import { sysPartitionArchive } from '../../platform/partition/archive.tables';
import { NOT_FOUND, resourceRoutes } from '../../platform/resource/resource-routes';
import { pickConfig } from '../resource/config-rows';
import { OSS_TABLE } from '../resource/oss/oss.routes';
import type { bladeOss } from '../resource/resource.tables';
import { StorageError, type ReadableStore } from '../resource/storage/object-store';
import { localStore, storeFor } from '../resource/storage/stores';
import { retentionMonths } from './partition-job';

type ArchiveRow = typeof sysPartitionArchive.$inferSelect;
type OssRow = typeof bladeOss.$inferSelect;

export const ARCHIVE_MISSING = '归档文件不存在或已被移除';

/** `zoo_humiture_2024-01.ndjson.gz`: what the download is saved as. */
export const archiveFileName = (row: Pick<ArchiveRow, 'tableName' | 'month'>) => `${row.tableName}_${row.month.slice(0, 7)}.ndjson.gz`;

const toRecord = (row: ArchiveRow): PartitionArchiveRecord => ({
  id: String(row.id),
  tableName: row.tableName,
  partitionName: row.partitionName,
  month: row.month.slice(0, 7),
  rowCount: Number(row.rowCount),
  byteSize: Number(row.byteSize),
  sha256: row.sha256,
  storage: row.storage,
  objectKey: row.objectKey,
  createTime: row.createTime,
});

/**
 * The store an archive was written to, as its row names it: `local`, or `oss:<code>` — the platform's object
 * storage configuration of that code, enabled or not (another may have been enabled since). A configuration
 * removed since answers its 400 (`配置不存在`).
 */
async function storeOf(app: FastifyInstance, db: DbLike, storage: string): Promise<ReadableStore> {
  if (storage === 'local') return localStore(app);
  const code = storage.startsWith('oss:') ? storage.slice(4) : storage;
  return storeFor(app, await pickConfig<OssRow>(db, OSS_TABLE, code)) as ReadableStore;
}

/**
 * 分区归档 (decision 0056): what the partition maintenance archived before dropping months past retention, the
 * retention per stream, and each archive's stored object back. The platform tenant's alone: the table is
 * platform-wide and its objects hold every tenant's rows.
 */
export function partitionArchiveRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    def: partitionArchive,
    table: sysPartitionArchive,
    platformOnly: true,
    toRecord: (row) => toRecord(row),
    defaultOrder: (c) => [desc(c.month!), desc(c.id!)],
  });

  route(
    app,
    partitionArchiveEndpoints.retention,
    async ({ db }) => {
      const months = await retentionMonths(app, db);
      return Object.entries(months).map(([tableName, m]) => ({ tableName, paramKey: m.param, months: m.months }));
    },
    { platformOnly: true },
  );

  route(
    app,
    partitionArchiveEndpoints.download,
    async ({ db, query, reply, req }) => {
      const [row] = await db.select().from(sysPartitionArchive).where(eq(sysPartitionArchive.id, query.id));
      if (!row) throw new BizError(NOT_FOUND);
      const store = await storeOf(app, db, row.storage);
      let found: Awaited<ReturnType<ReadableStore['read']>>;
      try {
        found = await store.read(row.objectKey);
      } catch (e) {
        store.close?.();
        if (e instanceof StorageError) {
          req.log.warn({ detail: e.detail }, 'object store refused or unreachable');
          throw new BizError(e.message);
        }
        throw e;
      }
      if (!found) {
        store.close?.();
        throw new BizError(ARCHIVE_MISSING, 404);
      }
      // The S3 client lives until the object has been sent.
      found.stream.once('close', () => store.close?.());
      reply
        .type('application/gzip')
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${archiveFileName(row)}"`);
      return found.stream as never;
    },
    { platformOnly: true },
  );
}
