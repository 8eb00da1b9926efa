import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashDigest, verifyDigest } from '../../platform/auth/password';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { clearFailures, isLocked, recordFailure } from '../../platform/auth/lockout';
import type { TokenUser } from '../../platform/auth/tokens';
import { OAuthError } from '../../platform/http/errors';
import { PLATFORM_TENANT } from '../../platform/auth/session';
import { inTenant } from '../../platform/tenancy/tenant-tx';
import { bladeRole } from '../../platform/access/access.tables';
import { bladeUser } from '../../platform/identity/identity.tables';
import { bladeTenant } from '../../platform/tenancy/tenancy.tables';
import { getIntParam } from '../../platform/param/param';

export const MSG = {
  noTenantId: '租户ID未找到',
  locked: '登录错误次数过多,请稍后再试',
  noTenant: '未获得用户的租户信息',
  expired: '租户授权已过期,请联系管理员',
  badCredentials: '用户名或密码错误',
  noRole: '未获得用户的角色信息',
  badCaptcha: '验证码不正确',
  disabled: '账号未启用或已被停用,请联系管理员',
} as const;

/** An argon2id hash of nothing anyone knows, made once per process, with the same cost as the stored ones. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashDigest(randomBytes(16).toString('hex')));

const denied = (d: string) => new OAuthError('invalid_grant', d);

type UserRow = typeof bladeUser.$inferSelect;

/** Tenant present and not expired (the platform tenant never expires); returns its name. */
export async function checkTenant(tx: Tx, tenantId: string): Promise<string> {
  const [t] = await tx
    .select({ name: bladeTenant.tenantName, expired: sql<boolean>`${bladeTenant.expireTime} is not null and ${bladeTenant.expireTime} < localtimestamp(0)` })
    .from(bladeTenant)
    // Row-level security already limits this to the transaction's tenant.
    .where(eq(bladeTenant.isDeleted, 0));
  if (!t) throw denied(MSG.noTenant);
  if (t.expired && tenantId !== PLATFORM_TENANT) throw denied(MSG.expired);
  return t.name;
}

/** Role ids narrowed by the optional Role-Id / Dept-Id headers (switch mode), with their aliases. */
export async function tokenUser(tx: Tx, u: UserRow, tenantName: string, roleHeader?: string, deptHeader?: string): Promise<TokenUser> {
  let roleIds = u.roleId.split(',').filter(Boolean);
  if (roleHeader && roleIds.includes(roleHeader)) roleIds = [roleHeader];
  const deptIds = u.deptId.split(',').filter(Boolean);
  const deptId = deptHeader && deptIds.includes(deptHeader) ? deptHeader : u.deptId;
  const roles = roleIds.length
    ? await tx
        .select({ id: bladeRole.id, alias: bladeRole.roleAlias })
        .from(bladeRole)
        .where(and(inArray(bladeRole.id, roleIds), eq(bladeRole.isDeleted, 0)))
    : [];
  if (roles.length === 0) throw denied(MSG.noRole);
  return {
    userId: u.id,
    tenantId: u.tenantId,
    tenantName,
    account: u.account,
    name: u.name,
    realName: u.realName,
    avatar: u.avatar,
    roleIds: roles.map((r) => r.id),
    roleAliases: roles.map((r) => r.alias),
    deptId,
    postId: u.postId,
  };
}

/** Account + md5 digest login, in the contract's check order after the captcha. */
export async function passwordLogin(
  app: FastifyInstance,
  p: { tenantId: string; account: string; digest: string; roleHeader?: string; deptHeader?: string },
): Promise<TokenUser> {
  if (await isLocked(app, p.tenantId, p.account, await getIntParam(app, 'account.failCount', 5))) throw denied(MSG.locked);
  const user = await inTenant(app.zoo.database.db, { tenantId: p.tenantId }, async (tx) => {
    const tenantName = await checkTenant(tx, p.tenantId);
    const [u] = await tx
      .select()
      .from(bladeUser)
      .where(and(eq(bladeUser.account, p.account), eq(bladeUser.isDeleted, 0)));
    // The hash is verified whether or not the account exists (a dummy one otherwise): an unknown account must not
    // answer sooner than a wrong password, or the timing would list the accounts.
    const verified = await verifyDigest(u?.password ?? (await dummyHash()), /^[0-9a-f]{32}$/i.test(p.digest) ? p.digest : '0'.repeat(32));
    const good = u && /^[0-9a-f]{32}$/i.test(p.digest) && verified;
    if (!good) return null;
    if (u.status !== 1) throw denied(MSG.disabled);
    return tokenUser(tx, u, tenantName, p.roleHeader, p.deptHeader);
  });
  if (!user) {
    await recordFailure(app, p.tenantId, p.account);
    throw denied(MSG.badCredentials);
  }
  await clearFailures(app, p.tenantId, [p.account]);
  return user;
}
