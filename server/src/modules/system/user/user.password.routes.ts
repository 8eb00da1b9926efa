import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { REGISTER_MSG, USER_MSG, userEndpoints } from '@zoo/contract';
import { clearFailures } from '../../../platform/auth/lockout';
import { hashDigest, hashPlain, verifyDigest } from '../../../platform/auth/password';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { publicRoute, route } from '../../../platform/http/route';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { getParam } from '../../../platform/param/param';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { assertMayTouch, createUser } from './user.service';
import { liveUser, usersByIds } from './user.vo';
import { FEDERATED_MSG } from '@zoo/contract';
import { bindTicket } from '../../auth/federated/social';

/** A third-party registration whose binding ticket is unknown, used or expired: said plainly (it names no account). */
class TicketError extends Error {}

/** Self-registrations one client address may attempt per hour. */
const REGISTER_PER_HOUR = 20;

const groupByTenant = <T extends { tenantId: string }>(rows: T[]) => {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(r.tenantId, [...(m.get(r.tenantId) ?? []), r]);
  return m;
};

/** Passwords, lockout and self-registration (contract §2.5, §2.6, §2.7). */
export function userPasswordRoutes(app: FastifyInstance): void {
  /** Back to `account.initPassword`; the users' sessions end with it. */
  route(app, userEndpoints.resetPassword, async ({ db, session, query }) => {
    await assertMayTouch(db, { cache: app.zoo.cache, session }, await usersByIds(db, query.userIds));
    const password = await hashPlain(await getParam(app, 'account.initPassword', '123456', db));
    const rows = await db
      .update(bladeUser)
      .set({ password })
      .where(and(inArray(bladeUser.id, query.userIds), liveUser))
      .returning({ id: bladeUser.id, tenantId: bladeUser.tenantId });
    for (const r of rows) await app.zoo.tokens.revokeUser(r.tenantId, r.id, db);
    return {};
  });

  /** All three values arrive as md5 digests; other sessions of the user end, this one stays. */
  route(app, userEndpoints.updatePassword, async ({ db, session, query }) => {
    if (query.newPassword !== query.newPassword1) throw new BizError(USER_MSG.confirm);
    const [u] = await db
      .select({ password: bladeUser.password })
      .from(bladeUser)
      .where(and(eq(bladeUser.id, session.userId), liveUser));
    if (!u) throw new BizError(NOT_FOUND);
    if (!(await verifyDigest(u.password, query.oldPassword))) throw new BizError(USER_MSG.oldWrong);
    await db
      .update(bladeUser)
      .set({ password: await hashDigest(query.newPassword) })
      .where(eq(bladeUser.id, session.userId));
    await app.zoo.tokens.revokeUser(session.tenantId, session.userId, db, session.jti);
    return {};
  });

  route(app, userEndpoints.unlock, async ({ db, session, query }) => {
    const users = await usersByIds(db, query.userIds);
    await assertMayTouch(db, { cache: app.zoo.cache, session }, users);
    for (const [tenantId, rows] of groupByTenant(users))
      await clearFailures(
        app,
        tenantId,
        rows.map((r) => r.account),
        db,
      );
    return {};
  });

  /**
   * Self-registration from the login page: checks in the spec's order (§5), then, when `account.registerUser`
   * allows it, a disabled user without roles that an administrator must approve (enable and grant roles).
   */
  publicRoute(app, userEndpoints.registerGuest, async ({ query, sys, req }) => {
    const tenantId = (query.tenantId ?? '').trim();
    const account = (query.account ?? '').trim();
    const password = query.password ?? '';
    if (!tenantId) throw new BizError(REGISTER_MSG.tenant);
    if (!account) throw new BizError(REGISTER_MSG.account);
    if (!password || query.password2 === '') throw new BizError(REGISTER_MSG.password);
    if (query.password2 !== undefined && query.password2 !== password) throw new BizError(REGISTER_MSG.mismatch);
    if ((await getParam(app, 'account.registerUser', 'true')).trim() !== 'true') throw new BizError(REGISTER_MSG.closed);
    if (!/^\d{6}$/.test(tenantId)) throw new BizError(REGISTER_MSG.badTenant);
    // Open to anyone: a per-address budget keeps it from being used to fill tenants or probe accounts.
    if (await app.zoo.limiter.over('register-guest', req.ip, REGISTER_PER_HOUR, 60)) throw new BizError('注册过于频繁,请稍后再试');
    if (account.length > 45 || /[\s,]/.test(account)) throw new BizError('登录账号不能超过45个字符,且不能包含空格或逗号');
    if (password.length > 64) throw new BizError('密码不能超过64个字符');
    const name = (query.name ?? '').trim().slice(0, 20) || account.slice(0, 20);
    const hash = await hashPlain(password);
    const oauthId = (query.oauthId ?? '').trim();
    try {
      await inTenant(sys, { tenantId }, async (tx) => {
        const userId = await createUser(
          tx,
          tenantId,
          { account, password: hash, name, realName: name.slice(0, 10), status: 0, roleId: '', deptId: '', postId: '' },
          null,
        );
        // A third-party registration binds the identity its "not registered" answer stood for, in the same transaction.
        if (oauthId && !(await bindTicket(tx, oauthId, userId))) throw new TicketError(FEDERATED_MSG.badTicket);
      });
    } catch (e) {
      if (e instanceof TicketError) throw new BizError(e.message);
      // An unknown tenant, a taken account or a full quota answer exactly like a registration (same message, same
      // work done: the hash above): anyone may call this, and it must not tell which tenants and accounts exist.
      // The administrator approving registrations is the one who sees what arrived.
      if (!(e instanceof BizError)) throw e;
      req.log.info({ tenantId, reason: e.message }, 'guest registration not recorded');
    }
    return {};
  });
}
