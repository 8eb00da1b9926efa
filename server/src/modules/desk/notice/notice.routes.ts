import type { FastifyInstance } from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import { deskEndpoints, notice } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { addDeskCount } from '../../../platform/desk-counts';
import { systemDictItems, systemDictLabels, dictLabel } from '../../../platform/dict/dict-cache';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { bladeNotice } from './notice.tables';

type Row = typeof bladeNotice.$inferSelect;

export function noticeRoutes(app: FastifyInstance): void {
  const toRecords = async (rows: Row[], { db }: { db: DbLike }) => {
    const categoryName = await systemDictLabels(app.zoo.cache, db, 'notice');
    return rows.map((r) => ({ ...r, categoryName: categoryName(r.category) }));
  };

  resourceRoutes(app, {
    table: bladeNotice,
    def: notice,
    toRecords,
    count: 'cached',
    defaultOrder: (c) => [desc(c.releaseTime!), desc(c.id!)],
    beforeSave: async (input, { db }) => {
      const known = (await systemDictItems(app.zoo.cache, db, 'notice')).some((i) => i.dictKey === String(input.category));
      if (!known) throw new BizError('通知类型不存在,请重新选择');
    },
  });

  const live = eq(bladeNotice.isDeleted, 0);

  route(app, deskEndpoints.listAllNotice, async ({ db, query }) => {
    const rows = await db.select().from(bladeNotice).where(live).orderBy(desc(bladeNotice.releaseTime), desc(bladeNotice.id)).limit(query.limit);
    return toRecords(rows, { db });
  });

  route(app, deskEndpoints.noticeCountInfo, async ({ db }) => {
    const labels = Object.fromEntries((await systemDictItems(app.zoo.cache, db, 'notice')).map((i) => [i.dictKey, dictLabel(i)]));
    const rows = await db.select({ category: bladeNotice.category, n: count() }).from(bladeNotice).where(live).groupBy(bladeNotice.category);
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
    count: async ({ db }) => Number((await db.select({ n: count() }).from(bladeNotice).where(live))[0]!.n),
  });
}
