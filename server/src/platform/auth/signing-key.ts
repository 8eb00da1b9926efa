import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysSecret } from './auth.tables';

/**
 * The JWT key: JWT_SECRET when configured, else one generated on first start and kept in the database so
 * every instance signs with the same key and restarts keep sessions. Never a default literal.
 */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(sysSecret)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(sysSecret).where(eq(sysSecret.name, 'jwt'));
  return new TextEncoder().encode(row!.value);
}
