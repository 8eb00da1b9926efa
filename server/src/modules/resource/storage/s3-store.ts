import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { StorageError, type ObjectStore } from './object-store';

// The SDK version is pinned and Node 20 is this product's runtime: its notice about future releases is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3Config {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** MinIO wants path-style URLs (host/bucket/key); Aliyun OSS, COS and Qiniu virtual-hosted (bucket.host/key). */
  pathStyle: boolean;
}

/** MinIO, Qiniu Kodo, Aliyun OSS and Tencent COS all speak the S3 API: one provider for the four categories. */
export class S3Store implements ObjectStore {
  readonly domain: string;
  private readonly client: S3Client;

  constructor(private readonly c: S3Config) {
    const url = new URL(c.endpoint);
    const base = `${url.protocol}//${url.host}`;
    this.domain = c.pathStyle ? `${base}/${c.bucket}` : `${url.protocol}//${c.bucket}.${url.host}`;
    this.client = new S3Client({
      endpoint: base,
      region: c.region || 'us-east-1',
      forcePathStyle: c.pathStyle,
      credentials: { accessKeyId: c.accessKey, secretAccessKey: c.secretKey },
      maxAttempts: 2,
    });
  }

  private async send<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const err = e as { name?: string; message?: string };
      throw new StorageError(`对象存储${what}失败: ${err.name ?? ''} ${err.message ?? ''}`.trim());
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send('上传', () => this.client.send(new PutObjectCommand({ Bucket: this.c.bucket, Key: key, Body: body, ContentType: contentType })));
  }

  async remove(key: string): Promise<void> {
    await this.send('删除', () => this.client.send(new DeleteObjectCommand({ Bucket: this.c.bucket, Key: key })));
  }

  close(): void {
    this.client.destroy();
  }
}
