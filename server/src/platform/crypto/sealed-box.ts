import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (identity providers' client secrets, datasource passwords): AES-256-GCM with a random
 * 96-bit IV; the tag makes a changed key or a tampered value fail loudly instead of yielding a wrong secret.
 *
 * Written as `v1.<iv>.<tag>.<ciphertext>` (base64url). Also read: `v1:<iv>:<tag>:<ciphertext>` (base64), the form
 * datasource passwords were first stored in — no stored value needs rewriting.
 */
export class SealError extends Error {}

/** A 32-byte key from key material of any length (a passphrase such as DATASOURCE_KEY): its SHA-256. */
export const keyFromText = (material: string): Buffer => createHash('sha256').update(material, 'utf8').digest();

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The parts of a stored value in either form, or null when it is neither. */
function parts(sealed: string): { iv: Buffer; tag: Buffer; body: Buffer } | null {
  for (const [sep, enc] of [
    ['.', 'base64url'],
    [':', 'base64'],
  ] as const) {
    const [v, iv, tag, body, ...rest] = sealed.split(sep);
    if (v === 'v1' && iv && tag && body !== undefined && rest.length === 0)
      return { iv: Buffer.from(iv, enc), tag: Buffer.from(tag, enc), body: Buffer.from(body, enc) };
  }
  return null;
}

/** The plain text; '' stays ''. Throws SealError when the value is not sealed with this key (or not sealed at all). */
export function open(key: Buffer, sealed: string): string {
  if (sealed === '') return '';
  const p = parts(sealed);
  if (!p) throw new SealError('unknown format');
  try {
    const d = createDecipheriv('aes-256-gcm', key, p.iv);
    d.setAuthTag(p.tag);
    return Buffer.concat([d.update(p.body), d.final()]).toString('utf8');
  } catch {
    throw new SealError('cannot decrypt');
  }
}

/** `open`, with null instead of SealError. */
export function tryOpen(key: Buffer, sealed: string): string | null {
  try {
    return open(key, sealed);
  } catch (e) {
    if (e instanceof SealError) return null;
    throw e;
  }
}
