import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { OSS_LOCAL } from '@zoo/contract';
import { rowsOf, type Tx } from '../db/client';
import { egressFor } from '../platform/http/egress';
import { LOCAL_DOMAIN } from '../modules/resource/storage/local-store';
import { keyTenant } from '../modules/resource/storage/object-key';
import { StorageError } from '../modules/resource/storage/object-store';
import { S3Store, s3Domain } from '../modules/resource/storage/s3-store';
import { s3ConfigOf } from '../modules/resource/storage/stores';
import { ENABLED } from '../modules/resource/resource.tables';
import { LOCAL, TenantArchiveError, type MissingObject, type StorageSettings, type StoreOrigin } from './tenant-manifest';
/**
 * A zoo's objects on export (decision 0053, 2026-11-29): the ones its rows link to in S3-compatible buckets travel
 * in the archive beside its folder of the built-in storage (tenant-object-import.ts puts them in the target's store).
 */

/** A zoo's OSS configuration: every one, disabled and deleted too (their buckets still hold the objects). */
export interface OssConfig {
  id: string;
  code: string;
  category: number;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  region: string;
  status: number;
  isDeleted: number;
}

/** The enabled configuration first, so a bucket two configurations share is named after the one in use. */
export const zooConfigs = (tx: Tx, tenantId: string) =>
  rowsOf<OssConfig>(
    tx,
    sql`select id::text as id, oss_code as code, category, endpoint, access_key as "accessKey", secret_key as "secretKey",
               bucket_name as "bucketName", region, status, is_deleted as "isDeleted"
          from blade_oss where tenant_id = ${tenantId} and category <> ${OSS_LOCAL}
         order by (is_deleted = 0 and status = ${ENABLED}) desc, is_deleted, id`,
  );

const KEY_TAIL = String.raw`\d{8}/[0-9a-f-]{36}\.[a-z0-9]{1,8}(?![a-z0-9])`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An object streamed to its file; a transfer broken off leaves no part of it. */
async function fetchTo(stream: NodeJS.ReadableStream, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await pipeline(stream, fs.createWriteStream(file)).catch((e: unknown) => {
    fs.rmSync(file, { force: true });
    throw new StorageError('对象存储读取失败: 传输中断', String(e));
  });
}

/** The store a `files/…` entry came from. */
export const storeOfPath = (p: string): string | undefined =>
  p.startsWith('files/oss/') ? `oss:${p.split('/')[2]}` : p.startsWith('files/') ? LOCAL : undefined;

/**
 * Export: the objects the zoo's rows link to, found in the rows as they stream past (`<domain>/upload/<tenant>/…`
 * in any column or document; an attachment's `oss_id` and `name` too), then fetched into the archive.
 */
export class ObjectRefs {
  private readonly byDomain = new Map<string, string>([[LOCAL_DOMAIN, LOCAL]]);
  private readonly byId = new Map<string, string>();
  private readonly configs = new Map<string, { config: OssConfig; domain: string }>();
  /** Keys per store: ~100 bytes an object, the one part of the export that grows with the zoo (its files). */
  private readonly keys = new Map<string, Set<string>>();
  private readonly link: RegExp;

  constructor(
    private readonly tenantId: string,
    configs: OssConfig[],
  ) {
    const codes = new Set<string>();
    for (const c of configs) {
      let domain: string;
      try {
        domain = s3Domain(s3ConfigOf(c));
      } catch {
        continue; // an endpoint that is not a URL never stored anything
      }
      const same = this.byDomain.get(domain);
      if (same) {
        this.byId.set(c.id, same);
        continue;
      }
      // A deleted configuration may share its code with a live one: told apart by its id.
      const label = `oss:${codes.has(c.code) ? `${c.code}.${c.id}` : c.code}`;
      codes.add(c.code);
      this.byDomain.set(domain, label);
      this.byId.set(c.id, label);
      this.configs.set(label, { config: c, domain });
    }
    const alternatives = [...this.byDomain.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
    this.link = new RegExp(`(${alternatives.join('|')})/(upload/${escapeRe(tenantId)}/${KEY_TAIL})`, 'g');
  }

  private add(store: string, key: string): void {
    let set = this.keys.get(store);
    if (!set) this.keys.set(store, (set = new Set()));
    set.add(key);
  }

  scan(table: string, line: string): void {
    if (!line.includes('upload/')) return;
    for (const m of line.matchAll(this.link)) this.add(this.byDomain.get(m[1]!)!, m[2]!);
    if (table === 'blade_attach') {
      const label = this.byId.get(/"oss_id": (\d+)/.exec(line)?.[1] ?? '');
      const key = /"name": "(upload\/[^"]+)"/.exec(line)?.[1];
      if (label && key && keyTenant(key) === this.tenantId) this.add(label, key);
    }
  }

  /** The stores the rows link into, with their link bases (the import moves links of a bucket it cannot write to). */
  origins(): StoreOrigin[] {
    return [{ store: LOCAL, domain: LOCAL_DOMAIN }, ...[...this.configs].filter(([s]) => this.keys.has(s)).map(([store, c]) => ({ store, domain: c.domain }))];
  }

  /**
   * Copies the zoo's folder of the built-in storage and streams every linked bucket object into `work/files`.
   * An object its store does not have is listed as missing (the archive is still the zoo's best copy). The store in
   * use (enabled) must answer, or the export fails: retried, it gives a complete archive. One the zoo no longer uses
   * (disabled or deleted, its keys perhaps revoked) must not block every export: its objects are listed as missing.
   */
  async collect(work: string, storage: StorageSettings): Promise<MissingObject[]> {
    const missing: MissingObject[] = [];
    const own = path.join(storage.uploadDir, 'upload', this.tenantId);
    if (fs.existsSync(own)) fs.cpSync(own, path.join(work, 'files', 'upload', this.tenantId), { recursive: true });
    for (const key of this.keys.get(LOCAL) ?? []) if (!fs.existsSync(path.join(work, 'files', ...key.split('/')))) missing.push({ store: LOCAL, key });
    for (const [label, { config }] of this.configs) {
      const keys = [...(this.keys.get(label) ?? [])].sort();
      if (!keys.length) continue;
      const store = new S3Store(s3ConfigOf(config), egressFor(storage.allowPrivateEndpoints));
      let i = 0;
      try {
        for (; i < keys.length; i++) {
          const key = keys[i]!;
          const got = await store.read(key);
          if (!got) missing.push({ store: label, key });
          else await fetchTo(got.stream, path.join(work, 'files', 'oss', label.slice(4), ...key.split('/')));
        }
      } catch (e) {
        if (!(e instanceof StorageError)) throw e;
        if (config.isDeleted === 0 && config.status === ENABLED) throw new TenantArchiveError(`对象存储配置 ${label.slice(4)} 中的文件无法导出: ${e.message}`);
        for (; i < keys.length; i++) missing.push({ store: label, key: keys[i]!, unreachable: true });
      } finally {
        store.close();
      }
    }
    return missing;
  }
}
