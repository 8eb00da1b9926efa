import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { authEndpoints } from '@zoo/contract';
import { tokenFromRequest } from '../../platform/auth/tokens';
import { assertLiveSession, authenticate, publicRoute, route } from '../../platform/http/route';
import { recordClientLogs } from '../../platform/log/error-log';
import { bladeTenant } from '../../platform/tenancy/tenancy.tables';
import { createCaptcha } from './captcha';

const done = { success: 'true', msg: 'success' };

export function sessionRoutes(app: FastifyInstance): void {
  publicRoute(app, authEndpoints.captcha, async ({ sys }) => createCaptcha(sys));

  /** Logout revokes the presented access token and its refresh token; without one it is a no-op. */
  publicRoute(app, authEndpoints.logout, async ({ req }) => {
    const raw = tokenFromRequest(req.headers, req.query);
    const claims = raw ? await app.zoo.tokens.verify(raw, 'access') : null;
    if (claims) await app.zoo.tokens.revokePair(claims.jti!);
    return done;
  });

  /** Saber uploads its captured front-end errors here (contract §8.9); only a signed-in user may. */
  publicRoute(app, authEndpoints.sendLogs, async ({ req, body }) => {
    const session = await authenticate(app, req);
    await assertLiveSession(app, session);
    req.session = session;
    await recordClientLogs(app, req, session, body);
    return done;
  });

  publicRoute(app, authEndpoints.clearCache, async ({ sys }) => {
    await app.zoo.cache.invalidate(sys, '');
    return done;
  });

  /**
   * Not public (it would publish every zoo's name): row-level security answers the platform administrator every
   * tenant and anyone else their own.
   */
  route(app, authEndpoints.tenantList, async ({ db }) =>
    db
      .select({ tenantId: bladeTenant.tenantId, tenantName: bladeTenant.tenantName })
      .from(bladeTenant)
      .where(eq(bladeTenant.isDeleted, 0))
      .orderBy(asc(bladeTenant.tenantId)),
  );

  route(app, authEndpoints.userInfo, async ({ session }) => ({
    userId: session.userId,
    tenantId: session.tenantId,
    account: session.account,
    userName: session.userName,
    realName: session.realName,
    roleId: session.roleIds.join(','),
    roleName: session.roleAliases.join(','),
    deptId: session.deptId,
    postId: session.postId,
    clientId: session.clientId,
    authorities: session.roleAliases,
  }));
}
