import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { registrationEndpoints } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { bladeUser } from '../../../platform/identity/identity.tables';
import type { Tx } from '../../../db/client';
import { bladeUserOauth } from './federated.tables';
import { assertMayAssignRoles } from '../../../platform/access/privilege';

/** Users waiting for approval: disabled (status 0) and without a role — what register-guest creates. */
async function pending(db: Tx, ids: string[]) {
  const rows = await db
    .select({ id: bladeUser.id, status: bladeUser.status, roleId: bladeUser.roleId })
    .from(bladeUser)
    .where(and(inArray(bladeUser.id, ids), eq(bladeUser.isDeleted, 0)));
  if (rows.length !== ids.length || rows.some((r) => r.status !== 0 || r.roleId !== '')) throw new BizError('只能审核待审核的注册用户');
  return rows;
}

/** The user screen's approve / refuse of pending self-registrations (spec §4: a registration awaits approval). */
export function registrationRoutes(app: FastifyInstance): void {
  route(app, registrationEndpoints.approve, async ({ db, query, session }) => {
    const ids = query.userIds;
    await pending(db, ids);
    // The same rule as the user grant: roles of the caller's tenant that the caller may hand out.
    await assertMayAssignRoles(app.zoo.cache, db, session, query.roleIds);
    await db
      .update(bladeUser)
      .set({ status: 1, roleId: query.roleIds.join(',') })
      .where(inArray(bladeUser.id, ids));
    return {};
  });

  route(app, registrationEndpoints.refuse, async ({ db, query }) => {
    const ids = query.userIds;
    await pending(db, ids);
    await db.update(bladeUser).set({ isDeleted: 1 }).where(inArray(bladeUser.id, ids));
    // The identity is free again: its next sign-in gets the register dialog anew.
    await db.update(bladeUserOauth).set({ userId: null }).where(inArray(bladeUserOauth.userId, ids));
    return {};
  });
}
