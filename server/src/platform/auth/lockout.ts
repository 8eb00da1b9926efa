import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbLike } from '../../db/client';
import { sysLoginFail } from './auth.tables';

/** Login failure counters per tenant + account, in the database so every instance sees them (contract §2.6). */
const LOCK_MINUTES = 30;

export async function isLocked(app: FastifyInstance, tenantId: string, account: string, limit: number): Promise<boolean> {
  const [row] = await app.zoo.database.db
    .select({ n: sysLoginFail.failCount })
    .from(sysLoginFail)
    .where(and(eq(sysLoginFail.tenantId, tenantId), eq(sysLoginFail.account, account), sql`${sysLoginFail.expireTime} > localtimestamp(0)`));
  return (row?.n ?? 0) >= limit;
}

/** Each failure counts and pushes the 30-minute window forward (contract §2.6). */
export async function recordFailure(app: FastifyInstance, tenantId: string, account: string): Promise<void> {
  const expire = sql`localtimestamp(0) + make_interval(mins => ${LOCK_MINUTES})`;
  await app.zoo.database.db
    .insert(sysLoginFail)
    .values({ tenantId, account, failCount: 1, expireTime: expire as never })
    .onConflictDoUpdate({
      target: [sysLoginFail.tenantId, sysLoginFail.account],
      set: {
        failCount: sql`case when ${sysLoginFail.expireTime} > localtimestamp(0) then ${sysLoginFail.failCount} + 1 else 1 end`,
        expireTime: expire as never,
      },
    });
}

/** Pass the request transaction as `db` when called inside one (embedded PGlite has a single connection). */
export async function clearFailures(app: FastifyInstance, tenantId: string, accounts: string[], db: DbLike = app.zoo.database.db): Promise<void> {
  if (accounts.length === 0) return;
  await db.delete(sysLoginFail).where(and(eq(sysLoginFail.tenantId, tenantId), inArray(sysLoginFail.account, accounts)));
}
