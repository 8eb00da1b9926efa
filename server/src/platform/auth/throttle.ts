import { lt, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/client';
import { sysThrottle } from './auth.tables';

export const TOO_MANY = '请求过于频繁,请稍后再试';

/** Counts one call of `key` in `bucket` (one atomic upsert) and answers the calls so far in the current window. */
export async function countHit(db: DbLike, bucket: string, key: string, windowMinutes: number): Promise<number> {
  // Ended windows are swept now and then by the calls themselves (no job runner needed).
  if (Math.random() < 0.05) await db.delete(sysThrottle).where(lt(sysThrottle.windowEnd, sql`localtimestamp(0)`));
  const end = sql`localtimestamp(0) + make_interval(mins => ${windowMinutes})`;
  const [row] = await db
    .insert(sysThrottle)
    .values({ bucket, key: key.slice(0, 255), hits: 1, windowEnd: end as never })
    .onConflictDoUpdate({
      target: [sysThrottle.bucket, sysThrottle.key],
      set: {
        hits: sql`case when ${sysThrottle.windowEnd} > localtimestamp(0) then ${sysThrottle.hits} + 1 else 1 end`,
        windowEnd: sql`case when ${sysThrottle.windowEnd} > localtimestamp(0) then ${sysThrottle.windowEnd} else ${end} end` as never,
      },
    })
    .returning({ hits: sysThrottle.hits });
  return row?.hits ?? 0;
}
