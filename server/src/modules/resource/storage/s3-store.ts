// The AWS SDK is loaded with the first store built, not at start (about half a second of a cold start).
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { StorageError, type LocalFile, type ReadableStore } from './object-store';
import type { Egress } from '../../../platform/http/egress';
import { contentDisposition } from '../sniff';

const STORAGE_UNAVAILABLE = '对象存储服务不可用,请检查对象存储配置的服务地址、空间名和密钥';

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

/** The base of an S3 configuration's links (`${domain}/${key}`); throws on an endpoint that is not a URL. */
export function s3Domain(c: Pick<S3Config, 'endpoint' | 'bucket' | 'pathStyle'>): string {
  const url = new URL(c.endpoint);
  return c.pathStyle ? `${url.protocol}//${url.host}/${c.bucket}` : `${url.protocol}//${c.bucket}.${url.host}`;
}

/** No such key — not a missing bucket, which is a configuration to fix, not an object to report. */
const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || (err.$metadata?.httpStatusCode === 404 && err.name !== 'NoSuchBucket');
};

/** MinIO, Qiniu Kodo, Aliyun OSS and Tencent COS all speak the S3 API: one provider for the four categories. */
export class S3Store implements ReadableStore {
  readonly domain: string;
  private readonly client: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  /** The endpoint names a forbidden address literal: every call fails, like an unreachable endpoint. */
  private readonly refused: boolean;

  constructor(
    private readonly c: S3Config,
    egress: Egress,
  ) {
    const url = new URL(c.endpoint);
    try {
      egress.check(url);
      this.refused = false;
    } catch {
      this.refused = true;
    }
    const base = `${url.protocol}//${url.host}`;
    this.domain = s3Domain(c);
    this.client = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: base,
        region: c.region || 'us-east-1',
        forcePathStyle: c.pathStyle,
        credentials: { accessKeyId: c.accessKey, secretAccessKey: c.secretKey },
        maxAttempts: 2,
        // Every connection (names resolved, redirects) goes through the egress rule's agents.
        requestHandler: { httpAgent: egress.httpAgent, httpsAgent: egress.httpsAgent, connectionTimeout: 5_000, requestTimeout: 30_000 },
        followRegionRedirects: false,
        // Checksums only where an operation requires them: the SDK's default sends streamed bodies aws-chunked with a
        // trailing checksum, which S3-compatible services (and s3rver) do not all accept (putFile streams).
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
    }));
    // A load failure surfaces at the first call (through send's catch), never as an unhandled rejection.
    this.client.catch(() => {});
  }

  /**
   * A failure's message: a storage service's error code when it answered like one (NoSuchBucket,
   * InvalidAccessKeyId…), else one message for a refused address, a closed port, a timeout or a stranger's answer
   * — never the other side's text, which would turn the endpoint field into a probe of the server's network.
   */
  private async send<T>(what: string, fn: () => Promise<T>): Promise<T> {
    if (this.refused) throw new StorageError(`对象存储${what}失败: ${STORAGE_UNAVAILABLE}`, 'refused address');
    try {
      return await fn();
    } catch (e) {
      const err = e as { name?: string; message?: string; $fault?: string; $metadata?: { httpStatusCode?: number }; Code?: string };
      const s3Code = err.$metadata?.httpStatusCode && err.Code && /^[A-Za-z0-9._-]{1,64}$/.test(err.Code) ? err.Code : undefined;
      throw new StorageError(
        `对象存储${what}失败: ${s3Code ? `服务拒绝了请求 (错误码 ${s3Code})` : STORAGE_UNAVAILABLE}`,
        `${err.name ?? ''} ${err.message ?? ''}`,
      );
    }
  }

  /** The object keeps its Content-Disposition: the bucket link downloads anything but raster images. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send('上传', async () => {
      const { sdk, client } = await this.client;
      return client.send(
        new sdk.PutObjectCommand({ Bucket: this.c.bucket, Key: key, Body: body, ContentType: contentType, ContentDisposition: contentDisposition(key) }),
      );
    });
  }

  /**
   * One PutObject with the file as a stream of known length: the SDK sends it as it reads it (a multipart upload
   * is needed only past 5 GB, far beyond a month of any stream, decision 0056). The SHA-256 measured while the
   * file was written goes with it (`x-amz-checksum-sha256`): S3 refuses the object if the bytes it got differ, and
   * the SDK need not add a checksum of its own, which it would send as a chunked trailer that S3-compatible
   * stores do not all accept.
   */
  async putFile(key: string, file: LocalFile, contentType: string): Promise<void> {
    await this.send('上传', async () => {
      const { sdk, client } = await this.client;
      const body = fs.createReadStream(file.path);
      try {
        return await client.send(
          new sdk.PutObjectCommand({
            Bucket: this.c.bucket,
            Key: key,
            Body: body,
            ContentLength: file.size,
            ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64'),
            ContentType: contentType,
            ContentDisposition: contentDisposition(key),
          }),
        );
      } finally {
        body.destroy();
      }
    });
  }

  async remove(key: string): Promise<void> {
    await this.send('删除', async () => {
      const { sdk, client } = await this.client;
      return client.send(new sdk.DeleteObjectCommand({ Bucket: this.c.bucket, Key: key }));
    });
  }

  /** Whether the object exists; an answer at all also proves the bucket reachable with these keys. */
  async exists(key: string): Promise<boolean> {
    return this.send('读取', async () => {
      const { sdk, client } = await this.client;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: this.c.bucket, Key: key }));
        return true;
      } catch (e) {
        if (notFound(e)) return false;
        throw e;
      }
    });
  }

  /** The object as a stream (read as it arrives), or null when the bucket has no such key. */
  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    return this.send('读取', async () => {
      const { sdk, client } = await this.client;
      try {
        const got = await client.send(new sdk.GetObjectCommand({ Bucket: this.c.bucket, Key: key }));
        return { stream: got.Body as Readable, size: got.ContentLength ?? 0 };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    });
  }

  close(): void {
    void this.client.then(
      ({ client }) => client.destroy(),
      () => {},
    );
  }
}
