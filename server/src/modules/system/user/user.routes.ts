import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import { UserRecord, userEndpoints } from '@zoo/contract';
import { listDataScope, NOT_FOUND } from '../../../platform/resource/resource-routes';
import { registerScopedResource } from '../../../platform/access/data-scope';
import { BizError } from '../../../platform/http/errors';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { route } from '../../../platform/http/route';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { registerAudited } from '../../../platform/resource/registry';
import { bladeUserExt } from './user.tables';
import { findUser, liveUser, USER_RESOURCE, userConditions, userVO, userVOs } from './user.vo';

/** Reading users: the admin page (the platform administrator across tenants), detail, own info, tenant list. */
export function userRoutes(app: FastifyInstance): void {
  // Data scopes (own / own dept / custom rule…) can bind to the user list as resource `user`.
  registerScopedResource(USER_RESOURCE, bladeUser, Object.keys(UserRecord.shape));
  // 变更记录 of a user: readable by whoever may open the user's detail, within their data scopes.
  registerAudited(app, { table: bladeUser, name: USER_RESOURCE, title: '用户', detailAccess: userEndpoints.detail.access });

  route(app, userEndpoints.page, async (call) => {
    const { db, query } = call;
    const where = and(userConditions(query), await listDataScope(call, USER_RESOURCE));
    const { rows, total } = await selectPage(db, bladeUser, where, [desc(bladeUser.id)], query);
    return pageOf(await userVOs(db, rows), total, query);
  });

  route(app, userEndpoints.detail, async ({ db, query }) => {
    const vo = await userVO(db, query.id);
    if (!vo) throw new BizError(NOT_FOUND);
    return vo;
  });

  route(app, userEndpoints.info, async ({ db, session }) => {
    const vo = await userVO(db, session.userId);
    if (!vo) throw new BizError(NOT_FOUND);
    return vo;
  });

  route(app, userEndpoints.userList, async ({ db }) => userVOs(db, await db.select().from(bladeUser).where(liveUser).orderBy(asc(bladeUser.account))));

  route(app, userEndpoints.platformDetail, async ({ db, query }) => {
    const row = await findUser(db, query.id);
    if (!row) throw new BizError(NOT_FOUND);
    const [ext] = await db
      .select({ v: bladeUserExt.userExt })
      .from(bladeUserExt)
      .where(and(eq(bladeUserExt.userId, row.id), eq(bladeUserExt.userType, row.userType)));
    return { ...(await userVOs(db, [row]))[0]!, userExt: ext?.v ?? '' };
  });
}
