import type { FastifyInstance } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbLike } from '../db/client';
import { bladeDict } from '../modules/system/system.tables';

/**
 * dictKey → dictValue of a system dictionary, for the `<field>Name` columns of records (categoryName…).
 * Cached under `dict:`, which dictionary writes invalidate.
 */
export async function dictLabels(app: FastifyInstance, db: DbLike, code: string): Promise<Record<string, string>> {
  return app.zoo.cache.get(`dict:labels:${code}`, 300_000, async () => {
    const rows = await db
      .select({ k: bladeDict.dictKey, v: bladeDict.dictValue })
      .from(bladeDict)
      .where(and(eq(bladeDict.code, code), gt(bladeDict.parentId, sql`0`), eq(bladeDict.isDeleted, 0)));
    return Object.fromEntries(rows.map((r) => [r.k, r.v]));
  });
}
