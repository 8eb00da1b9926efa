import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { Archiver } from './maintenance';
import { sysPartitionArchive } from './archive.tables';

/** Where archives are written: an object store's `put` (the files module's local disk or S3 store) and its name. */
export interface ArchiveTarget {
  storage: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A fresh object key for a `.gz` archive. */
  key(): string;
}

const BATCH = 5000;

/**
 * A partition's rows as gzip'd ndjson (one `row_to_json` per line, columns by name), read in id order a batch at a
 * time. The whole archive is held in memory before it is stored: a month of sensor readings of a large park is
 * tens of MB compressed (decision 0056).
 */
export async function partitionNdjson(tx: Tx, partition: string): Promise<{ body: Buffer; rows: number }> {
  const lines: string[] = [];
  let last: string | null = null;
  for (;;) {
    const batch: Array<{ id: string; j: string }> = await rowsOf<{ id: string; j: string }>(
      tx,
      sql`select t.id::text as id, row_to_json(t)::text as j from ${sql.identifier(partition)} t
           where ${last === null ? sql`true` : sql`t.id > ${last}::bigint`} order by t.id limit ${BATCH}`,
    );
    for (const r of batch) lines.push(r.j);
    if (batch.length < BATCH) break;
    last = batch[batch.length - 1]!.id;
  }
  return { body: gzipSync(lines.length ? `${lines.join('\n')}\n` : ''), rows: lines.length };
}

/**
 * Exports a partition to the target and records where it went with its SHA-256; only then may the caller drop it.
 * A failed write throws, so nothing is recorded and nothing dropped.
 */
export const archiveTo =
  (target: ArchiveTarget): Archiver =>
  async (tx, stream, partition, month) => {
    const { body, rows } = await partitionNdjson(tx, partition);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const objectKey = target.key();
    await target.put(objectKey, body, 'application/gzip');
    await tx
      .insert(sysPartitionArchive)
      .values({ tableName: stream.table, partitionName: partition, month, rowCount: rows, byteSize: body.length, sha256, storage: target.storage, objectKey });
  };
