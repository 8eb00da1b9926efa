import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { deskEndpoints } from '@zoo/contract';
import { addDeskCount, deskCountProviders } from '../../platform/desk-counts';
import { route } from '../../platform/http/route';
import { bladeUser } from '../../platform/identity/identity.tables';
import { noticeRoutes } from './notice/notice.routes';

/** /blade-desk: notices and the dashboard figures (`countinfo`, extended by other modules via addDeskCount). */
export function deskRoutes(app: FastifyInstance): void {
  addDeskCount(app, {
    key: 'user',
    title: '用户',
    path: '/system/user',
    count: async ({ db }) => Number((await db.select({ n: count() }).from(bladeUser).where(eq(bladeUser.isDeleted, 0)))[0]!.n),
  });
  noticeRoutes(app);

  route(app, deskEndpoints.countInfo, async (ctx) => {
    const out = [];
    for (const p of deskCountProviders(app)) out.push({ key: p.key, title: p.title, path: p.path ?? '', count: await p.count(ctx) });
    return out;
  });
}
