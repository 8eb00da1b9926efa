import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { authEndpoints } from '@zoo/contract';
import { tokenFromRequest } from '../../platform/auth/tokens';
import { BizError } from '../../platform/http/errors';
import { assertLiveSession, publicRoute, route } from '../../platform/http/route';
import { recordClientLogs } from '../../platform/log/error-log';
import { bladeTenant } from '../../platform/tenancy/tenancy.tables';
import { createCaptcha } from './captcha';
import { TOO_MANY } from '../../platform/auth/throttle';

const done = { success: 'true', msg: 'success' };

export function sessionRoutes(app: FastifyInstance): void {
  /** Each image is a stored row: a client gets RATE_LIMIT_CAPTCHA a minute. */
  publicRoute(app, authEndpoints.captcha, async ({ sys, req }) => {
    if (await app.zoo.limiter.over('captcha', req.ip, app.zoo.config.rateLimitCaptcha, 1)) throw new BizError(TOO_MANY, 429);
    return createCaptcha(sys);
  });

  /** Logout revokes the presented access token and its refresh token; without one it is a no-op. */
  publicRoute(app, authEndpoints.logout, async ({ req }) => {
    const raw = tokenFromRequest(req.headers, req.query);
    const claims = raw ? await app.zoo.tokens.verify(raw, 'access') : null;
    if (claims) await app.zoo.tokens.revokePair(claims.jti!);
    return done;
  });

  /**
   * Saber uploads its captured front-end errors here (contract §8.9); only a signed-in user may, and the token is
   * checked before the body is read.
   */
  publicRoute(
    app,
    authEndpoints.sendLogs,
    async ({ req, body }) => {
      const session = req.session!;
      // Token live and the user still enabled (a disabled user may not fill the error log).
      await assertLiveSession(app, session);
      await recordClientLogs(app, req, session, body);
      return done;
    },
    { session: true, bodyLimit: 2 * 1024 * 1024 },
  );

  /** Flushes every cache of every instance: a signed-in user's call, not an anonymous one. */
  publicRoute(
    app,
    authEndpoints.clearCache,
    async ({ req, sys }) => {
      await assertLiveSession(app, req.session!);
      await app.zoo.cache.invalidate(sys, '');
      return done;
    },
    { session: true },
  );

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
