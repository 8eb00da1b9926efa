import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { bladeDictBiz } from '../../../platform/dict/dict.tables';
import { dict, dictBiz, TOP_PARENT_ID } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BIZ_DICT, SYSTEM_DICT, type DictKind, type DictRow } from '../../../platform/dict/dict-cache';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { subtreeIds } from '../../../platform/resource/tree';
import { checkParent, refuseIfChildren } from '../../../platform/resource/tree-parent';
import { dictRecords } from './dict.records';
import { dictTreeRoutes } from './dict-tree.routes';

export const DUPLICATE_KEY = '当前字典键值已存在!';

/**
 * System and business dictionaries: one implementation over two tables. A child carries its root's code
 * (renaming a root's code renames its entries), `code + dictKey` is unique, and every write drops that
 * dictionary's cached reads on every instance.
 */
function dictCrud(app: FastifyInstance, api: typeof dict | typeof dictBiz, kind: DictKind): void {
  const t = kind.table;
  const cols = { id: t.id, parentId: t.parentId, isDeleted: t.isDeleted };
  const live = eq(t.isDeleted, 0);
  resourceRoutes(app, {
    // Both tables share every column but tenant_id; typed as the wider one.
    table: t as typeof bladeDictBiz,
    def: api as typeof dict,
    toRecords: (rows, { db }) => dictRecords(db, kind, rows) as never,
    beforeSave: async (input, { db }, existing) => {
      const parent = await checkParent(db, t, cols, existing?.id, input.parentId, '上级字典不存在');
      const code = parent ? parent.code : input.code;
      const moved = existing ? await familyOf(db, t, existing) : [];
      await refuseDuplicate(db, t, and(eq(t.code, code), eq(t.dictKey, input.dictKey))!, existing, DUPLICATE_KEY);
      if (existing && existing.code !== code && moved.length) {
        const keys = moved.map((m) => m.dictKey);
        const taken = await db
          .select({ id: t.id })
          .from(t)
          .where(and(live, eq(t.code, code), inArray(t.dictKey, keys)))
          .limit(1);
        if (taken.length) throw new BizError(DUPLICATE_KEY);
        await db
          .update(t)
          .set({ code })
          .where(
            inArray(
              t.id,
              moved.map((m) => m.id),
            ),
          );
      }
      return { code };
    },
    beforeRemove: (ids, { db }) => refuseIfChildren(db, t, cols, ids),
    afterWrite: ({ db, session }) => app.zoo.cache.invalidate(db, kind.prefix(session.tenantId)),
  });
}

/** The entries below `row` (same code), which follow it when its code changes. */
async function familyOf(db: DbLike, t: DictKind['table'], row: DictRow): Promise<DictRow[]> {
  const rows = (await db
    .select()
    .from(t)
    .where(and(eq(t.isDeleted, 0), eq(t.code, row.code)))) as DictRow[];
  const ids = subtreeIds(rows, row.id);
  ids.delete(row.id);
  return row.parentId === TOP_PARENT_ID ? rows.filter((r) => r.id !== row.id) : rows.filter((r) => ids.has(r.id));
}

export function dictRoutes(app: FastifyInstance): void {
  dictCrud(app, dict, SYSTEM_DICT);
  dictCrud(app, dictBiz, BIZ_DICT);
  dictTreeRoutes(app, dict, SYSTEM_DICT);
  dictTreeRoutes(app, dictBiz, BIZ_DICT);
}
