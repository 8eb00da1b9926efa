import { randomUUID } from 'node:crypto';

const KEY_RE = /^upload\/([0-9A-Za-z]{1,12})\/\d{8}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
const ARCHIVE_RE = /^archive\/\d{8}\/[0-9a-f-]{36}\.gz$/;

/** A fresh object key for a tenant's upload: unguessable, dated, with the sniffed extension. */
export function newObjectKey(tenantId: string, ext: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `upload/${tenantId}/${day}/${randomUUID()}.${ext}`;
}

/** The tenant a well-formed key belongs to, or null for anything else (never touch such a path). */
export function keyTenant(key: string): string | null {
  return KEY_RE.exec(key)?.[1] ?? null;
}

/**
 * A fresh key for a partition archive (decision 0056). Not an upload key: an archive holds every tenant's rows, so
 * the public file route (which serves upload keys) never serves it, and no tenant's export (`upload/<tenant>/…`)
 * picks it up. It is read back only through the platform's 分区归档 download.
 */
export function newArchiveKey(now = new Date()): string {
  return `archive/${now.toISOString().slice(0, 10).replace(/-/g, '')}/${randomUUID()}.gz`;
}

export const isArchiveKey = (key: string): boolean => ARCHIVE_RE.test(key);
