import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { deskEndpoints, notice } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { addDeskCount } from '../../../platform/desk-counts';
import { systemDictItems, systemDictLabels, dictLabel } from '../../../platform/dict/dict-cache';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { bladeNotice } from './notice.tables';
import { audienceNames, audienceWhere, canSeeNotice, checkAudience, noticeScope } from './notice-audience';

type Row = typeof bladeNotice.$inferSelect;

export function noticeRoutes(app: FastifyInstance): void {
  const toRecords = async (rows: Row[], { db }: { db: Tx }) => {
    const [categoryName, audienceName] = await Promise.all([
      systemDictLabels(app.zoo.cache, db, 'notice'),
      audienceNames(
        db,
        rows.map((r) => r.audienceRoles),
      ),
    ]);
    return rows.map((r) => ({ ...r, categoryName: categoryName(r.category), audienceName: audienceName(r.audienceRoles) }));
  };

  resourceRoutes(app, {
    table: bladeNotice,
    def: notice,
    toRecords,
    count: 'cached',
    defaultOrder: (c) => [desc(c.releaseTime!), desc(c.id!)],
    // Readers get the notices addressed to them; managers keep the whole list they edit (decision 0051).
    listScope: ({ db, session }) => noticeScope(app.zoo.cache, db, session),
    detailRecord: async (row, ctx) => {
      if (!(await canSeeNotice(app.zoo.cache, ctx.db, ctx.session, row.id))) throw new BizError(NOT_FOUND);
      return (await toRecords([row], ctx))[0]!;
    },
    beforeSave: async (input, { db }) => {
      const known = (await systemDictItems(app.zoo.cache, db, 'notice')).some((i) => i.dictKey === String(input.category));
      if (!known) throw new BizError('通知类型不存在,请重新选择');
      await checkAudience(db, input.audienceRoles);
    },
  });

  const live = eq(bladeNotice.isDeleted, 0);
  /** The readers' notices (the desk's latest list, the bell, the per-category counts): the caller's audience only. */
  const readable = (session: Parameters<typeof audienceWhere>[0]) => and(live, audienceWhere(session));

  route(app, deskEndpoints.listAllNotice, async ({ db, query, session }) => {
    const rows = await db.select().from(bladeNotice).where(readable(session)).orderBy(desc(bladeNotice.releaseTime), desc(bladeNotice.id)).limit(query.limit);
    return toRecords(rows, { db });
  });

  route(app, deskEndpoints.noticeCountInfo, async ({ db, session }) => {
    const labels = Object.fromEntries((await systemDictItems(app.zoo.cache, db, 'notice')).map((i) => [i.dictKey, dictLabel(i)]));
    const rows = await db.select({ category: bladeNotice.category, n: count() }).from(bladeNotice).where(readable(session)).groupBy(bladeNotice.category);
    const byKey = new Map(rows.map((r) => [String(r.category), Number(r.n)]));
    const keys = [...new Set([...Object.keys(labels), ...byKey.keys()])].sort((a, b) => Number(a) - Number(b));
    return {
      total: rows.reduce((s, r) => s + Number(r.n), 0),
      categories: keys.map((k) => ({ category: Number(k), categoryName: labels[k] ?? '', count: byKey.get(k) ?? 0 })),
    };
  });

  addDeskCount(app, {
    key: 'notice',
    title: '通知公告',
    path: '/desk/notice',
    // The figure opens the notice list, so it counts what that list shows the caller.
    count: async ({ db, session }) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(bladeNotice)
            .where(and(live, await noticeScope(app.zoo.cache, db, session)))
        )[0]!.n,
      ),
  });
}
