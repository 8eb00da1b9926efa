import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysSecret } from './auth.tables';

/**
 * A secret generated on first use and kept in sys_secret under `name`: every instance reads the same value and
 * restarts keep it. The first writer wins (insert … on conflict do nothing, then read), so two instances starting
 * together agree.
 */
export async function storedSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(sysSecret).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(sysSecret).where(eq(sysSecret.name, name));
  return row!.value;
}

/**
 * The JWT key: JWT_SECRET when configured, else one generated on first start and kept in the database so
 * every instance signs with the same key and restarts keep sessions. Never a default literal.
 */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await storedSecret(db, 'jwt', () => randomBytes(48).toString('base64url')));
}
