import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbLike } from '../../db/client';
import { bladeParam } from './param.tables';

export const PARAM_CACHE = 'param:';

/** A platform parameter's value (cached; writes invalidate `param:`), or `fallback` when absent. */
export async function getParam(app: FastifyInstance, key: string, fallback: string, db: DbLike = app.zoo.database.db): Promise<string> {
  const v = await app.zoo.cache.get(`${PARAM_CACHE}${key}`, 60_000, async () => {
    const [row] = await db
      .select({ v: bladeParam.paramValue })
      .from(bladeParam)
      .where(and(eq(bladeParam.paramKey, key), eq(bladeParam.isDeleted, 0)));
    return row?.v ?? null;
  });
  return v ?? fallback;
}

export async function getIntParam(app: FastifyInstance, key: string, fallback: number, db?: DbLike): Promise<number> {
  const n = Number.parseInt(await getParam(app, key, String(fallback), db), 10);
  return Number.isFinite(n) ? n : fallback;
}
