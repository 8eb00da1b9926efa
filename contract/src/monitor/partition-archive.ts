import { z } from 'zod';
import { Id, IdOut } from '../common';
import { endpoint } from '../endpoint';
import { defineReadonly } from '../resource';

/**
 * The time-partitioned streams (decision 0056), by table: what the partition maintenance archives once a month is
 * past the stream's retention. The server's list (platform/partition/streams.ts) names the same tables.
 */
export const PARTITION_STREAMS = ['zoo_humiture', 'blade_log_api', 'blade_log_usual', 'blade_log_error', 'sys_audit', 'zoo_basic_log'] as const;
export type PartitionStream = (typeof PARTITION_STREAMS)[number];

/** One archived month: where its gzip'd ndjson went and the SHA-256 of the stored bytes (sys_partition_archive). */
export const PartitionArchiveRecord = z.object({
  id: IdOut,
  tableName: z.string().meta({ title: '数据表' }),
  partitionName: z.string().meta({ title: '分区' }),
  /** `yyyy-MM`. */
  month: z.string().meta({ title: '月份' }),
  rowCount: z.number().meta({ title: '行数' }),
  /** Bytes of the stored (compressed) object. */
  byteSize: z.number().meta({ title: '大小' }),
  sha256: z.string().meta({ title: 'SHA-256' }),
  /** `local` (the upload directory) or `oss:<code>` (an object storage configuration of the platform). */
  storage: z.string().meta({ title: '存储' }),
  objectKey: z.string().meta({ title: '对象键' }),
  createTime: z.string().meta({ title: '归档时间' }),
});
export type PartitionArchiveRecord = z.output<typeof PartitionArchiveRecord>;

/** 分区归档 (系统监控): the platform's alone; newest month first. */
export const partitionArchive = defineReadonly({
  name: 'partition_archive',
  base: '/blade-system/partition-archive',
  title: '分区归档',
  perm: 'partition_archive',
  record: PartitionArchiveRecord,
  filters: z.object({ tableName_equal: z.string().optional() }),
});

/** A stream's retention as the maintenance reads it: months kept before the current one, 0 = forever. */
export const PartitionRetention = z.object({
  tableName: z.string(),
  /** The platform parameter holding it (系统参数). */
  paramKey: z.string(),
  months: z.number(),
});
export type PartitionRetention = z.output<typeof PartitionRetention>;

export const partitionArchiveEndpoints = {
  retention: endpoint({
    method: 'GET',
    path: '/blade-system/partition-archive/retention',
    summary: '各数据流的保留月数',
    access: { perm: 'partition_archive' },
    data: z.array(PartitionRetention),
  }),
  /** The stored object as it was written (`<table>_<yyyy-MM>.ndjson.gz`), from the store it was written to. */
  download: endpoint({
    method: 'GET',
    path: '/blade-system/partition-archive/download',
    summary: '下载分区归档',
    access: { perm: 'partition_archive_download' },
    query: z.object({ id: Id }),
    data: z.unknown(),
    raw: true,
    download: true,
  }),
};
