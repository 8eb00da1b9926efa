import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Datasource passwords at rest: AES-256-GCM under a key derived (SHA-256) from the server's DATASOURCE_KEY.
 * Stored as `v1:<iv>:<tag>:<ciphertext>` (base64). The tag makes a changed key or a tampered value fail loudly
 * instead of yielding a wrong password.
 */
const PREFIX = 'v1';

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export function sealPassword(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [PREFIX, iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export class SealError extends Error {}

export function openPassword(sealed: string, secret: string): string {
  if (sealed === '') return '';
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== PREFIX || !iv || !tag || body === undefined) throw new SealError('unknown format');
  try {
    const d = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
  } catch {
    throw new SealError('cannot decrypt');
  }
}
