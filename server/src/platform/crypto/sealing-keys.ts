import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { storedSecret } from '../auth/signing-key';

/** Names of the generated keys in sys_secret. */
export type SealingKeyName = 'secret-box' | 'datasource';

const loaded = new WeakMap<Db, Map<SealingKeyName, Promise<Buffer>>>();

/**
 * A sealing key: the configured one when set (the recommended setup: the database alone then opens nothing), else
 * one generated on first use and kept in sys_secret, so every instance opens alike and a fresh install never seals
 * under a key anyone could read in the source (as the JWT key, platform/auth/signing-key.ts). Cached per database.
 *
 * Load it when the app is ready (onReady), not first from inside a request transaction: the generation takes a
 * second pool connection, which deadlocks the pool under concurrent saves.
 */
export function sealingKey(db: Db, name: SealingKeyName, configured?: Buffer): Promise<Buffer> {
  if (configured) return Promise.resolve(configured);
  let byName = loaded.get(db);
  if (!byName) loaded.set(db, (byName = new Map()));
  let k = byName.get(name);
  if (!k) {
    k = storedSecret(db, name, () => randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    k.catch(() => byName.delete(name));
    byName.set(name, k);
  }
  return k;
}
