import { randomUUID } from 'node:crypto';

const KEY_RE = /^upload\/([0-9A-Za-z]{1,12})\/\d{8}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** A fresh object key for a tenant's upload: unguessable, dated, with the sniffed extension. */
export function newObjectKey(tenantId: string, ext: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `upload/${tenantId}/${day}/${randomUUID()}.${ext}`;
}

/** The tenant a well-formed key belongs to, or null for anything else (never touch such a path). */
export function keyTenant(key: string): string | null {
  return KEY_RE.exec(key)?.[1] ?? null;
}
