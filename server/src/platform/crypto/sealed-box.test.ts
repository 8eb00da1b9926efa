import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFromText, open, seal, SealError, tryOpen } from './sealed-box';

/** The form datasource passwords were first stored in: `v1:<iv>:<tag>:<ciphertext>`, base64. */
function legacySeal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

describe('sealed box', () => {
  const key = randomBytes(32);

  it('writes v1.<iv>.<tag>.<ciphertext> in base64url and opens it', () => {
    const sealed = seal(key, '口令 secret/+=');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secret');
    expect(open(key, sealed)).toBe('口令 secret/+=');
    expect(seal(key, 'x')).not.toBe(seal(key, 'x'));
  });

  it('reads the datasource passwords’ first form (v1: and base64), from a passphrase key too', () => {
    // Enough bytes that base64 shows '+' or '/' somewhere, which base64url would read differently.
    const plain = 'p'.repeat(200);
    const k = keyFromText('some datasource key material');
    const old = legacySeal(k, plain);
    expect(old).toMatch(/^v1:/);
    expect(open(k, old)).toBe(plain);
    expect(open(key, legacySeal(key, ''))).toBe('');
  });

  it('fails loudly on another key, a tampered value or an unknown form', () => {
    const sealed = seal(key, 'secret');
    expect(() => open(randomBytes(32), sealed)).toThrow(SealError);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(SealError);
    expect(() => open(key, 'plain text')).toThrow(SealError);
    expect(() => open(key, 'v2.a.b.c')).toThrow(SealError);
    expect(tryOpen(randomBytes(32), sealed)).toBeNull();
    expect(open(key, '')).toBe('');
  });
});
