import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { dictionaryEndpoints } from '@zoo/contract';
import { route } from '../../platform/route';
import { bladeDict } from './system.tables';

export const DICT_CACHE = 'dict:';

export function dictDictionaryRoutes(app: FastifyInstance): void {
  /** Items of one code: the root (parentId 0) and sealed or deleted rows excluded (contract §6). */
  route(app, dictionaryEndpoints.dictionary, async ({ db, query }) =>
    app.zoo.cache.get(`${DICT_CACHE}${query.code}`, 300_000, async () => {
      const rows = await db
        .select()
        .from(bladeDict)
        .where(and(eq(bladeDict.code, query.code), gt(bladeDict.parentId, sql`0`), eq(bladeDict.isSealed, 0), eq(bladeDict.isDeleted, 0)))
        .orderBy(asc(bladeDict.sort), asc(bladeDict.id));
      return rows.map((r) => ({ id: r.id, parentId: r.parentId, code: r.code, dictKey: r.dictKey, dictValue: r.dictValue, sort: r.sort, remark: r.remark }));
    }),
  );
}
