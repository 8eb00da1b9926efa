import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysSecret } from '../../../platform/auth/auth.tables';

/**
 * AES-256-GCM for secrets kept at rest (identity providers' client secrets). The key is SECRET_KEY when
 * configured (the recommended setup: the database alone then cannot reveal a secret), else one generated on first
 * use and kept in sys_secret so every instance decrypts alike. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const keys = new WeakMap<Db, Promise<Buffer>>();

export function secretKey(db: Db, configured?: string): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'hex'));
  let k = keys.get(db);
  if (!k) {
    k = (async () => {
      await db.insert(sysSecret).values({ name: 'secret-box', value: randomBytes(32).toString('hex') }).onConflictDoNothing();
      const [row] = await db.select().from(sysSecret).where(eq(sysSecret.name, 'secret-box'));
      return Buffer.from(row!.value, 'hex');
    })();
    keys.set(db, k);
  }
  return k;
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text, or null when the value was not sealed with this key (key changed, tampered row). */
export function open(key: Buffer, sealed: string): string | null {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
