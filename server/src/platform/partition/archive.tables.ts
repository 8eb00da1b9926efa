import { bigint, char, date, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { datetime, idCol, nowDefault } from '../../db/columns';

/**
 * What the partition maintenance archived before dropping a month past its retention (decision 0056): one row per
 * dropped partition, with where its rows went (`storage` names the store, `object_key` the object) and the
 * SHA-256 of the stored gzip'd ndjson. Platform-wide, written by the owner only (no tenant, no request route).
 */
export const sysPartitionArchive = pgTable(
  'sys_partition_archive',
  {
    id: idCol(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    partitionName: varchar('partition_name', { length: 63 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storage: varchar('storage', { length: 64 }).notNull(),
    objectKey: varchar('object_key', { length: 255 }).notNull(),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [uniqueIndex('sys_partition_archive_uq').on(t.tableName, t.month)],
);
