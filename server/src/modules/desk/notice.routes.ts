import type { FastifyInstance } from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import { deskEndpoints, notice, type Notice } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { dictLabels } from '../../platform/dict-labels';
import { addDeskCount } from '../../platform/desk-counts';
import { BizError } from '../../platform/errors';
import type { Ctx } from '../../platform/crud-routes';
import { route } from '../../platform/route';
import { bladeNotice } from './desk.tables';

type Row = typeof bladeNotice.$inferSelect;

export function noticeRoutes(app: FastifyInstance): void {
  const toRecord = async (r: Row, { db }: Pick<Ctx, 'db'>): Promise<Notice> => {
    const labels = await dictLabels(app, db, 'notice');
    return { ...r, categoryName: labels[String(r.category)] ?? '' } as Notice;
  };

  crudRoutes(app, {
    table: bladeNotice,
    def: notice,
    toRecord,
    count: 'cached',
    defaultOrder: (c) => [desc(c.releaseTime!), desc(c.id!)],
    beforeSave: async (input, { db }) => {
      const labels = await dictLabels(app, db, 'notice');
      if (!labels[String(input.category)]) throw new BizError('通知类型不存在,请重新选择');
      return { title: input.title, category: input.category, releaseTime: input.releaseTime, content: input.content ?? '' };
    },
  });

  const live = eq(bladeNotice.isDeleted, 0);

  route(app, deskEndpoints.listAllNotice, async ({ db, query }) => {
    const rows = await db.select().from(bladeNotice).where(live).orderBy(desc(bladeNotice.releaseTime), desc(bladeNotice.id)).limit(query.limit);
    return Promise.all(rows.map((r) => toRecord(r, { db })));
  });

  route(app, deskEndpoints.noticeCountInfo, async ({ db }) => {
    const labels = await dictLabels(app, db, 'notice');
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
