import type { FastifyInstance } from 'fastify';
import { OSS_LOCAL } from '@zoo/contract';
import type { bladeOss } from '../resource.tables';
import { LocalStore } from './local-store';
import type { ObjectStore } from './object-store';
import { S3Store, type S3Config } from './s3-store';
import { egressFor } from '../../../platform/http/egress';

type OssRow = typeof bladeOss.$inferSelect;
const MINIO = 1;

export const localStore = (app: FastifyInstance) => new LocalStore(app.zoo.config.uploadDir);

/** The S3 settings of a (non-local) OSS configuration. */
export const s3ConfigOf = (row: Pick<OssRow, 'endpoint' | 'accessKey' | 'secretKey' | 'bucketName' | 'region' | 'category'>): S3Config => ({
  endpoint: row.endpoint,
  accessKey: row.accessKey,
  secretKey: row.secretKey,
  bucket: row.bucketName,
  region: row.region,
  pathStyle: row.category === MINIO,
});

/** The store of an OSS configuration; the local disk when there is none (no configuration enabled). */
export function storeFor(app: FastifyInstance, row: OssRow | undefined): ObjectStore {
  if (!row || row.category === OSS_LOCAL) return localStore(app);
  return new S3Store(s3ConfigOf(row), egressFor(app.zoo.config.allowPrivateEndpoints));
}

export async function withStore<T>(app: FastifyInstance, row: OssRow | undefined, fn: (s: ObjectStore) => Promise<T>): Promise<T> {
  const store = storeFor(app, row);
  try {
    return await fn(store);
  } finally {
    store.close?.();
  }
}
