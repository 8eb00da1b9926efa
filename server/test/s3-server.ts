import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  /** `http://127.0.0.1:<port>`: an OSS configuration's endpoint (category 1, path-style, keys S3RVER/S3RVER). */
  url: string;
  bucket: string;
  /** Where s3rver keeps the objects. */
  dir: string;
  close(): Promise<void>;
}

/** A local S3-compatible server with one bucket, on loopback (the harness's LOOPBACK_ALLOWED lets apps reach it). */
export async function startS3(bucket = 'zoo-bucket'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    dir,
    close: async () => {
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
