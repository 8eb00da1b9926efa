import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { OSS_LOCAL } from '@zoo/contract';
import type { Tx } from '../db/client';
import { egressFor } from '../platform/http/egress';
import { LOCAL_DOMAIN } from '../modules/resource/storage/local-store';
import { keyTenant } from '../modules/resource/storage/object-key';
import { StorageError } from '../modules/resource/storage/object-store';
import { S3Store, s3Domain } from '../modules/resource/storage/s3-store';
import { s3ConfigOf } from '../modules/resource/storage/stores';
import { storedType } from '../modules/resource/sniff';
import { sha256, streamSha256 } from './backup';
import { LOCAL, TenantArchiveError, type StorageSettings, type TenantManifest } from './tenant-manifest';
import type { OssConfig } from './tenant-objects';
import { remapText, type Remap } from './tenant-remap';

/**
 * A zoo's objects on import (decision 0053, 2026-11-29): each store's objects go back into their bucket or into the
 * built-in storage, under the new tenant's keys, and are removed again if the import fails.
 */

const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const badPath = (p: string) => new TenantArchiveError(`租户数据文件中的对象路径不正确: ${p}`);

/** The archive's rows of blade_oss (what the import learns of the zoo's configurations). */
function archivedConfigs(dir: string): OssConfig[] {
  const file = path.join(dir, 'tables', 'blade_oss.ndjson');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const r = JSON.parse(l) as Record<string, string | number>;
      return {
        id: '',
        code: String(r.oss_code),
        category: Number(r.category),
        endpoint: String(r.endpoint),
        accessKey: String(r.access_key),
        secretKey: String(r.secret_key),
        bucketName: String(r.bucket_name),
        region: String(r.region),
        status: Number(r.status),
        isDeleted: Number(r.is_deleted),
      };
    });
}

/** Whether the configuration still names the bucket the links point into (an endpoint not a URL names none). */
function sameDomain(c: OssConfig, domain: string): boolean {
  try {
    return s3Domain(s3ConfigOf(c)) === domain;
  } catch {
    return false;
  }
}

/**
 * Import: where each store's objects go. Back into the bucket they came from only when the imported zoo's own
 * configuration of that code is enabled, still names that bucket, and answers from here (egress rule, keys);
 * otherwise into the built-in storage, the rows' links to that bucket moved to the built-in storage's.
 */
export class ObjectImport {
  private readonly buckets = new Map<string, S3Store>();
  /** The link moves of the stores that land in the built-in storage (applied to every row, tenant-remap.ts). */
  readonly links: NonNullable<Remap['links']> = [];
  private readonly undo: Array<() => Promise<unknown>> = [];

  static async plan(manifest: TenantManifest, dir: string, storage: StorageSettings): Promise<ObjectImport> {
    const plan = new ObjectImport();
    const from = manifest.tenantId;
    const configs = archivedConfigs(dir);
    for (const origin of manifest.stores ?? []) {
      if (origin.store === LOCAL) continue;
      const code = origin.store.slice(4);
      const c = configs.find((r) => r.code === code && r.isDeleted === 0 && r.status === 2);
      if (c && c.category !== OSS_LOCAL && sameDomain(c, origin.domain)) {
        const bucket = new S3Store(s3ConfigOf(c), egressFor(storage.allowPrivateEndpoints));
        // Any answer (here: no such key) proves the bucket reachable with these keys.
        if (
          await bucket.exists(`upload/${from}/00000000/import-probe`).then(
            () => true,
            () => false,
          )
        )
          plan.buckets.set(origin.store, bucket);
        else bucket.close();
      }
      if (!plan.buckets.has(origin.store)) plan.links.push({ from: `${origin.domain}/upload/${from}/`, to: `${LOCAL_DOMAIN}/upload/${from}/` });
    }
    return plan;
  }

  /** Writes every `files/…` entry to its store under the new tenant's keys; returns how many. */
  async write(dir: string, manifest: TenantManifest, tenant: { from: string; to: string }, uploadDir: string): Promise<number> {
    let files = 0;
    const moved = (p: string) => remapText(p, { ids: new Map(), tenant });
    for (const e of manifest.entries) {
      if (!e.path.startsWith('files/')) continue;
      const src = path.join(dir, e.path);
      if (e.path.startsWith('files/oss/')) {
        const [, , code, ...rest] = e.path.split('/');
        const key = rest.join('/');
        if (!CODE.test(code!) || keyTenant(key) !== tenant.from) throw badPath(e.path);
        const bucket = this.buckets.get(`oss:${code}`);
        if (bucket) await this.toBucket(bucket, code!, moved(key), src, e.sha256, e.size);
        else await this.toLocal(path.join(uploadDir, ...moved(key).split('/')), src, e.path);
      } else {
        // The zoo's folder of the built-in storage (`files/upload/<tenant>/…`), copied as it was.
        await this.toLocal(path.join(uploadDir, ...moved(e.path).split('/').slice(1)), src, e.path);
      }
      files++;
    }
    return files;
  }

  private async toLocal(target: string, src: string, name: string): Promise<void> {
    if (fs.existsSync(target)) {
      if ((await sha256(target)) !== (await sha256(src))) throw new TenantArchiveError(`文件存储中已有同名的其他文件: ${name.slice(6)}`);
      return;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(src, target);
    this.undo.push(() => fs.promises.rm(target, { force: true }));
  }

  private async toBucket(bucket: S3Store, code: string, key: string, src: string, sum: string, size: number): Promise<void> {
    try {
      if (await bucket.exists(key)) {
        const got = await bucket.read(key);
        if (got && (await streamSha256(got.stream)) === sum) return;
        throw new TenantArchiveError(`文件存储中已有同名的其他文件: ${key}`);
      }
      await bucket.putFile(key, { path: src, size, sha256: sum }, storedType(key.slice(key.lastIndexOf('.') + 1)).mime);
      this.undo.push(() => bucket.remove(key));
    } catch (e) {
      if (e instanceof StorageError) throw new TenantArchiveError(`对象存储配置 ${code} 中的文件无法导入: ${e.message}`);
      throw e;
    }
  }

  /** Attachments whose links moved to the built-in storage say so (no configuration, the local domain). */
  async fixAttachments(tx: Tx, tenantId: string): Promise<void> {
    if (!this.links.length) return;
    await tx.execute(sql`update blade_attach set domain = ${LOCAL_DOMAIN}, oss_id = null
                          where tenant_id = ${tenantId} and oss_id is not null and link like ${`${LOCAL_DOMAIN}/upload/${tenantId}/%`}`);
  }

  /** After a failure: the objects written here are removed (the rows roll back with the transaction). */
  async rollback(): Promise<void> {
    for (const fn of this.undo.reverse()) await fn().catch(() => {});
  }

  close(): void {
    for (const b of this.buckets.values()) b.close();
  }
}
