import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { Archiver } from './maintenance';
import { sysPartitionArchive } from './archive.tables';

/** Where archives are written: an object store's `putFile` (the files module's local disk or S3 store) and its name. */
export interface ArchiveTarget {
  storage: string;
  /** Stores the archive file under `key`, read as a stream; the caller removes the file. */
  putFile(key: string, file: { path: string; size: number; sha256: string }, contentType: string): Promise<void>;
  /** A fresh object key for a `.gz` archive. */
  key(): string;
  /** Where the archive is written before it is stored (default: the system's temporary directory). */
  tmpDir?: string;
}

/** What was written: the row count, and the size and SHA-256 of the gzip'd bytes. */
export interface ArchiveFile {
  rows: number;
  bytes: number;
  sha256: string;
}

const BATCH = 5000;

/** A partition's rows as ndjson (one `row_to_json` per line, columns by name), one id-ordered batch per chunk. */
async function* ndjsonBatches(tx: Tx, partition: string, counted: (n: number) => void): AsyncGenerator<Buffer> {
  let last: string | null = null;
  for (;;) {
    const batch: Array<{ id: string; j: string }> = await rowsOf<{ id: string; j: string }>(
      tx,
      sql`select t.id::text as id, row_to_json(t)::text as j from ${sql.identifier(partition)} t
           where ${last === null ? sql`true` : sql`t.id > ${last}::bigint`} order by t.id limit ${BATCH}`,
    );
    if (batch.length) {
      counted(batch.length);
      yield Buffer.from(`${batch.map((r) => r.j).join('\n')}\n`);
    }
    if (batch.length < BATCH) return;
    last = batch[batch.length - 1]!.id;
  }
}

/**
 * Writes a partition's rows, gzip'd ndjson, to `file`, hashing and counting the compressed bytes on their way to
 * the disk. The stream pipeline reads the next batch only when gzip and the file have taken the previous one, so
 * memory holds about one batch whatever the partition's size (decision 0056, 2026-11-29).
 */
export async function writePartitionArchive(tx: Tx, partition: string, file: string): Promise<ArchiveFile> {
  let rows = 0;
  let bytes = 0;
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = Readable.from(ndjsonBatches(tx, partition, (n) => (rows += n)));
  await pipeline(source, createGzip(), tap, fs.createWriteStream(file, { flags: 'wx' }));
  return { rows, bytes, sha256: hash.digest('hex') };
}

/**
 * Exports a partition to the target and records where it went with its SHA-256; only then may the caller drop it.
 * A failed write throws, so nothing is recorded and nothing dropped. The file is written in a directory of its own
 * (mode 0700: it holds every tenant's rows) and removed whatever happens.
 */
export const archiveTo =
  (target: ArchiveTarget): Archiver =>
  async (tx, stream, partition, month) => {
    const dir = await fs.promises.mkdtemp(path.join(target.tmpDir ?? os.tmpdir(), 'zoo-archive-'));
    try {
      const file = path.join(dir, `${partition}.ndjson.gz`);
      const { rows, bytes, sha256 } = await writePartitionArchive(tx, partition, file);
      const objectKey = target.key();
      await target.putFile(objectKey, { path: file, size: bytes, sha256 }, 'application/gzip');
      await tx
        .insert(sysPartitionArchive)
        .values({ tableName: stream.table, partitionName: partition, month, rowCount: rows, byteSize: bytes, sha256, storage: target.storage, objectKey });
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
