import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { keyFromText, open, seal, SealError, tryOpen } from '../../../platform/crypto/sealed-box';
import { sealingKey } from '../../../platform/crypto/sealing-keys';
import { bladeDatasource } from '../tool.tables';

/**
 * The development key material datasource passwords fell back to before decision 0028 (it is in the source, so
 * anyone could open what it sealed). Values sealed under it are still read, and re-sealed under the real key when
 * the server starts; nothing new is sealed with it.
 */
export const LEGACY_DEV_DATASOURCE_KEY = 'zoo-dev-datasource-key-change-me';
const legacyKey = keyFromText(LEGACY_DEV_DATASOURCE_KEY);

/** DATASOURCE_KEY (its SHA-256) when set, else the key generated on first start and kept in sys_secret. */
export const datasourceKey = (app: FastifyInstance): Promise<Buffer> =>
  sealingKey(app.zoo.database.db, 'datasource', app.zoo.config.datasourceKey ? keyFromText(app.zoo.config.datasourceKey) : undefined);

/** A stored password opened with the key, or (a value from before the generated key) the legacy development key. */
export function openDatasourcePassword(key: Buffer, sealed: string): string {
  try {
    return open(key, sealed);
  } catch (e) {
    const legacy = e instanceof SealError ? tryOpen(legacyKey, sealed) : null;
    if (legacy === null) throw e;
    return legacy;
  }
}

/** Re-seals, under the current key, every stored password that only the legacy development key opens. */
export async function resealLegacyPasswords(app: FastifyInstance): Promise<number> {
  const db = app.zoo.database.db;
  const key = await datasourceKey(app);
  const rows = await db.select({ id: bladeDatasource.id, password: bladeDatasource.password }).from(bladeDatasource);
  let n = 0;
  for (const r of rows) {
    if (!r.password || tryOpen(key, r.password) !== null) continue;
    const plain = tryOpen(legacyKey, r.password);
    if (plain === null) continue;
    await db
      .update(bladeDatasource)
      .set({ password: seal(key, plain) })
      .where(eq(bladeDatasource.id, r.id));
    n++;
  }
  return n;
}
