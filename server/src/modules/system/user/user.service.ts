import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { USER_MSG } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { currentTenant } from '../../../platform/tenancy/current-tenant';
import { BizError } from '../../../platform/http/errors';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { bladePost } from '../post/post.tables';
import { bladeRole } from '../../../platform/access/access.tables';
import { liveUser, type UserRow } from './user.vo';
import type { Cache } from '../../../platform/cache';
import type { Session } from '../../../platform/auth/session';
import { assertMayAssignRoles, assertMayTouchUsers } from '../../../platform/access/privilege';

/** Who is writing: the roles they hand out and the accounts they touch must not exceed their own rights. */
export interface Actor {
  cache: Cache;
  session: Session;
}

export type UserValues = Partial<Omit<typeof bladeUser.$inferInsert, 'id' | 'tenantId' | 'isDeleted'>>;
export type NewUserValues = UserValues & { account: string; password: string };

const csv = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);

/** Role, department and post ids must be live rows of the current tenant (row-level security hides others). */
export async function assertRefs(db: Tx, v: { roleId?: string; deptId?: string; postId?: string }): Promise<void> {
  const checks = [
    [bladeRole, csv(v.roleId), '所选角色不存在'],
    [bladeDept, csv(v.deptId), '所选部门不存在'],
    [bladePost, csv(v.postId), '所选岗位不存在'],
  ] as const;
  for (const [table, wanted, msg] of checks) {
    if (wanted.length === 0) continue;
    const [{ n }] = (await db
      .select({ n: count() })
      .from(table)
      .where(and(inArray(table.id, wanted), eq(table.isDeleted, 0)))) as [{ n: number }];
    if (Number(n) !== wanted.length) throw new BizError(msg);
  }
}

async function assertAccountFree(db: Tx, account: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: bladeUser.id })
    .from(bladeUser)
    .where(and(eq(bladeUser.account, account), liveUser, exceptId ? ne(bladeUser.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw new BizError(USER_MSG.exists(account));
}

/** The tenant row is locked until commit, so concurrent creations cannot overshoot `account_number` (-1 = unlimited). */
async function assertQuota(db: Tx): Promise<void> {
  const t = await currentTenant(db, { lock: true });
  if (!t) throw new BizError('租户信息错误!');
  if (t.accountNumber < 0) return;
  const [{ n }] = (await db.select({ n: count() }).from(bladeUser).where(liveUser)) as [{ n: number }];
  if (Number(n) >= t.accountNumber) throw new BizError(USER_MSG.quota);
}

/**
 * Every way a user is created (form, import, registration) goes through here: inside the target tenant
 * (cross-tenant mode off), the tenant must exist and have quota left, the account must be free and the
 * referenced roles, departments and posts must be the tenant's own.
 */
export async function createUser(db: Tx, tenantId: string, v: NewUserValues, actor: Actor | null): Promise<string> {
  return asTenant(db, tenantId, async () => {
    // Self-registration (no actor) creates a user without roles.
    if (actor) await assertMayAssignRoles(actor.cache, db, actor.session, v.roleId);
    else if (v.roleId) throw new BizError('自助注册不能指定角色');
    await assertQuota(db);
    await assertAccountFree(db, v.account);
    await assertRefs(db, v);
    const [row] = await db.insert(bladeUser).values(v).returning({ id: bladeUser.id });
    return row!.id;
  });
}

/** Updates a user inside its own tenant; the password never changes here. */
export async function updateUser(db: Tx, existing: UserRow, v: UserValues, actor: Actor): Promise<void> {
  const { password: _, ...values } = v;
  await asTenant(db, existing.tenantId, async () => {
    await assertMayTouchUsers(actor.cache, db, actor.session, [existing]);
    if (values.roleId !== undefined) await assertMayAssignRoles(actor.cache, db, actor.session, values.roleId);
    if (values.account && values.account !== existing.account) await assertAccountFree(db, values.account, existing.id);
    await assertRefs(db, values);
    await db
      .update(bladeUser)
      .set({ ...values })
      .where(eq(bladeUser.id, existing.id));
  });
}

/** Refuses (403) acting on accounts stronger than the actor; each account is judged inside its own tenant. */
export async function assertMayTouch(db: Tx, actor: Actor, users: Array<{ tenantId: string; roleId: string }>): Promise<void> {
  for (const tenantId of new Set(users.map((u) => u.tenantId)))
    await asTenant(db, tenantId, () =>
      assertMayTouchUsers(
        actor.cache,
        db,
        actor.session,
        users.filter((u) => u.tenantId === tenantId),
      ),
    );
}
