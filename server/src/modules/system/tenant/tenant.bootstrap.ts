import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/client';
import { menuSubtree } from '../../../platform/access/menu-subtree';
import { hashPlain } from '../../../platform/auth/password';
import { BizError } from '../../../platform/http/errors';
import { PLATFORM_TENANT } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { bladePost } from '../post/post.tables';
import { bladeRole, bladeRoleMenu } from '../../../platform/access/access.tables';
import { getParam } from '../../../platform/param/param';
import { bladeDictBiz } from '../../../platform/dict/dict.tables';
import { bladeMenu } from '../../../platform/access/access.tables';
import { bladeTenant, bladeTenantPackage } from '../../../platform/tenancy/tenancy.tables';

/** A random 6-digit tenant id not used by any tenant, deleted ones included (the unique index covers them). */
export async function newTenantCode(db: Tx): Promise<string> {
  const taken = new Set((await db.select({ code: bladeTenant.tenantId }).from(bladeTenant)).map((r) => r.code));
  for (let i = 0; i < 50; i++) {
    const code = String(randomInt(100_000, 1_000_000));
    if (!taken.has(code)) return code;
  }
  throw new BizError('租户ID生成失败,请重试');
}

export const DEFAULT_MENU_CODES = 'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu';

/** Menu ids of the package (only menus that still exist); refuses an unknown package. */
export async function packageMenus(db: Tx, packageId: string): Promise<string[]> {
  const [pkg] = await db
    .select({ menuId: bladeTenantPackage.menuId })
    .from(bladeTenantPackage)
    .where(and(eq(bladeTenantPackage.id, packageId), eq(bladeTenantPackage.isDeleted, 0)));
  if (!pkg) throw new BizError('产品包不存在');
  const ids = pkg.menuId.split(',').filter((x) => /^\d+$/.test(x));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: bladeMenu.id })
    .from(bladeMenu)
    .where(and(inArray(bladeMenu.id, ids), eq(bladeMenu.isDeleted, 0)));
  return rows.map((r) => r.id);
}

/** The menus named by param `tenant.default.menuCode` and all their descendants, buttons included (menuSubtree). */
export async function defaultMenus(app: FastifyInstance, db: Tx): Promise<string[]> {
  const codes = new Set((await getParam(app, 'tenant.default.menuCode', DEFAULT_MENU_CODES, db)).split(',').map((c) => c.trim()));
  const all = await db.select({ id: bladeMenu.id, parentId: bladeMenu.parentId, code: bladeMenu.code }).from(bladeMenu).where(eq(bladeMenu.isDeleted, 0));
  return menuSubtree(all, codes).map((m) => m.id);
}

/** Copies the platform's business dictionaries into the current tenant, keeping the parent links. */
async function copyPlatformDicts(db: Tx, rows: Array<typeof bladeDictBiz.$inferSelect>): Promise<void> {
  if (rows.length === 0) return;
  const fresh = (await db.execute(sql`select next_id()::text as id from generate_series(1, ${rows.length})`)) as unknown as { rows: Array<{ id: string }> };
  const idMap = new Map<string, string>(rows.map((r, i) => [r.id, fresh.rows[i]!.id]));
  await db.insert(bladeDictBiz).values(
    rows.map((r) => ({
      id: idMap.get(r.id)!,
      parentId: idMap.get(r.parentId) ?? '0',
      code: r.code,
      dictKey: r.dictKey,
      dictValue: r.dictValue,
      dictValueEn: r.dictValueEn,
      sort: r.sort,
      remark: r.remark,
      isSealed: r.isSealed,
    })),
  );
}

/**
 * Gives a new tenant what it needs to be used at once (contract §5.3): the admin role, a root department named
 * after it, the ceo post, the `admin` account, the platform's business dictionaries and the role's menu grants
 * (its package's menus, else `tenant.default.menuCode`). Runs inside the caller's transaction: all or nothing.
 */
export async function bootstrapTenant(app: FastifyInstance, db: Tx, t: { tenantId: string; tenantName: string; packageId: string | null }): Promise<void> {
  const menuIds = t.packageId ? await packageMenus(db, t.packageId) : await defaultMenus(app, db);
  const password = await hashPlain(await getParam(app, 'tenant.default.password', '123456', db));
  const dicts = await asTenant(db, PLATFORM_TENANT, () => db.select().from(bladeDictBiz).where(eq(bladeDictBiz.isDeleted, 0)));
  await asTenant(db, t.tenantId, async () => {
    const [role] = await db.insert(bladeRole).values({ roleName: '管理员', roleAlias: 'admin', sort: 2 }).returning({ id: bladeRole.id });
    const [dept] = await db
      .insert(bladeDept)
      .values({ deptName: t.tenantName, fullName: t.tenantName, deptCategory: 1, sort: 2 })
      .returning({ id: bladeDept.id });
    const [post] = await db.insert(bladePost).values({ category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }).returning({ id: bladePost.id });
    await db.insert(bladeUser).values({
      account: 'admin',
      password,
      name: 'admin',
      realName: 'admin',
      sex: 1,
      userType: 1,
      roleId: role!.id,
      deptId: dept!.id,
      postId: post!.id,
    });
    await copyPlatformDicts(db, dicts);
    if (menuIds.length) await db.insert(bladeRoleMenu).values(menuIds.map((menuId) => ({ menuId, roleId: role!.id })));
  });
}
