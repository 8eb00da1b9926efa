import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { USER_MSG, USER_PERMS, userEndpoints, type UserFields } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { hashPlain } from '../../../platform/auth/password';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { checkAccess } from '../../../platform/access/permissions';
import { route } from '../../../platform/http/route';
import { isPlatformAdministrator, type Session } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { bladeUserExt } from './user.tables';
import { assertMayTouch, assertRefs, createUser, updateUser, type UserValues } from './user.service';
import { findUser, liveUser, usersByIds } from './user.vo';
import { assertMayAssignRoles, assertMayTouchUsers } from '../../../platform/access/privilege';
import { assertOwnStorageLink } from '../../resource/storage/own-link';

type Fields = z.output<typeof UserFields>;

/** Form fields → columns; undefined stays undefined (unchanged on update). */
const columns = (b: Fields): UserValues => ({
  code: b.code,
  userType: b.userType === null ? 1 : b.userType,
  account: b.account,
  name: b.name,
  realName: b.realName,
  avatar: b.avatar,
  email: b.email,
  phone: b.phone,
  birthday: b.birthday,
  sex: b.sex,
  roleId: b.roleId,
  deptId: b.deptId,
  postId: b.postId,
  status: b.status,
});
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

async function mustFind(db: Tx, id: string) {
  const row = await findUser(db, id);
  if (!row) throw new BizError(NOT_FOUND);
  return row;
}

export function userWriteRoutes(app: FastifyInstance): void {
  /** A new avatar must be a file of this product's storage, uploaded by the caller's tenant; an unchanged one stays. */
  const checkAvatar = (db: Tx, session: Session, avatar: string | undefined, current?: string) =>
    avatar && avatar !== current ? assertOwnStorageLink(app, db, session.tenantId, avatar, '头像') : undefined;

  /** Acting on these accounts (each in its own tenant) needs rights at least theirs (platform/access/privilege). */
  const touchUsers = async (db: Tx, session: Session, ids: string[]) => assertMayTouch(db, { cache: app.zoo.cache, session }, await usersByIds(db, ids));

  route(app, userEndpoints.submit, async ({ db, session, body }) => {
    const actor = { cache: app.zoo.cache, session };
    if (body.id) {
      await checkAccess(app.zoo.cache, db, session, { perm: USER_PERMS.edit });
      const existing = await mustFind(db, body.id);
      await checkAvatar(db, session, body.avatar, existing.avatar);
      await updateUser(db, existing, defined(columns(body)), actor);
      return {};
    }
    if (!body.password) throw new BizError(USER_MSG.password);
    if (body.password2 !== undefined && body.password2 !== body.password) throw new BizError(USER_MSG.password2);
    // Only the platform administrator picks the tenant; everyone else creates in their own.
    const tenantId = isPlatformAdministrator(session) && body.tenantId ? body.tenantId : session.tenantId;
    const v = columns(body);
    await checkAvatar(db, session, body.avatar);
    await createUser(
      db,
      tenantId,
      {
        ...defined(v),
        account: body.account,
        password: await hashPlain(body.password),
        birthday: v.birthday ?? null,
        sex: v.sex ?? null,
      },
      actor,
    );
    return {};
  });

  route(app, userEndpoints.update, async ({ db, session, body }) => {
    const existing = await mustFind(db, body.id);
    await checkAvatar(db, session, body.avatar, existing.avatar);
    await updateUser(db, existing, defined(columns(body)), { cache: app.zoo.cache, session });
    return {};
  });

  route(app, userEndpoints.updateInfo, async ({ db, session, body }) => {
    const own = await findUser(db, session.userId);
    await checkAvatar(db, session, body.avatar, own?.avatar);
    await db
      .update(bladeUser)
      .set({ ...defined(body) })
      .where(and(eq(bladeUser.id, session.userId), liveUser));
    return {};
  });

  route(app, userEndpoints.remove, async ({ db, session, query }) => {
    if (query.ids.includes(session.userId)) throw new BizError(USER_MSG.self);
    await touchUsers(db, session, query.ids);
    const rows = await db
      .update(bladeUser)
      .set({ isDeleted: 1 })
      .where(and(inArray(bladeUser.id, query.ids), liveUser))
      .returning({ id: bladeUser.id, tenantId: bladeUser.tenantId });
    for (const r of rows) await app.zoo.tokens.revokeUser(r.tenantId, r.id, db);
    return {};
  });

  route(app, userEndpoints.grant, async ({ db, session, query }) => {
    const users = await usersByIds(db, query.userIds);
    const roleId = [...new Set(query.roleIds)].join(',');
    for (const tenantId of new Set(users.map((u) => u.tenantId))) {
      const ids = users.filter((u) => u.tenantId === tenantId).map((u) => u.id);
      // Roles must belong to the users' own tenant.
      await asTenant(db, tenantId, async () => {
        await assertRefs(db, { roleId });
        await assertMayTouchUsers(
          app.zoo.cache,
          db,
          session,
          users.filter((u) => u.tenantId === tenantId),
        );
        await assertMayAssignRoles(app.zoo.cache, db, session, roleId);
        await db.update(bladeUser).set({ roleId }).where(inArray(bladeUser.id, ids));
      });
    }
    return {};
  });

  route(app, userEndpoints.updatePlatform, async ({ db, session, query }) => {
    const user = await mustFind(db, query.userId);
    await asTenant(db, user.tenantId, async () => {
      await assertMayTouchUsers(app.zoo.cache, db, session, [user]);
      await db
        .insert(bladeUserExt)
        .values({ userId: user.id, userType: query.userType, userExt: query.userExt ?? '' })
        .onConflictDoUpdate({ target: [bladeUserExt.tenantId, bladeUserExt.userId, bladeUserExt.userType], set: { userExt: query.userExt ?? '' } });
    });
    return {};
  });
}
