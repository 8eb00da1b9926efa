import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { hashPlain } from '../platform/auth/password';
import { bladeClient } from '../modules/system/client/client.tables';
import { bladeMenu } from '../platform/access/access.tables';
import { bladeParam } from '../platform/param/param.tables';
import { bladeTenant } from '../platform/tenancy/tenancy.tables';
import { bladeDept, bladeUser } from '../platform/identity/identity.tables';
import { bladePost } from '../modules/system/post/post.tables';
import { bladeRole, bladeRoleMenu } from '../platform/access/access.tables';
import { CRUD_BUTTONS, MENU_TREE, type MenuSeed } from './menus';
import { seedSystemDicts } from './dicts';
import { DEAD_BAND_PARAMS } from '../modules/zoo/humiture/dead-band';
import { RETENTION_PARAMS } from '../platform/partition/streams';

const GRANTS = 'refresh_token,password,authorization_code,captcha,social';

export const PARAM_SEED: Array<[key: string, name: string, value: string]> = [
  ['account.registerUser', '是否开启注册功能', 'true'],
  ['account.initPassword', '账号初始密码', '123456'],
  ['account.failCount', '账号错误锁定次数', '5'],
  ['tenant.default.password', '租户默认管理密码', 'admin'],
  ['tenant.default.accountNumber', '租户默认账号额度', '100'],
  ['tenant.default.menuCode', '租户默认菜单集合', 'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu,identity_provider,zoo'],
  ...DEAD_BAND_PARAMS,
  ...RETENTION_PARAMS,
];

/** Inserts what is missing, keyed by natural keys, so it is safe on every start and adds new seed rows later. */
/** Seeds the platform; answers the ids of the menus this run added (granted to zoo roles by `seed`). */
export async function seedPlatform(tx: Tx): Promise<string[]> {
  await tx.insert(bladeTenant).values({ tenantId: '000000', tenantName: '管理组', linkman: 'admin', accountNumber: -1 }).onConflictDoNothing();

  for (const [clientId, secret] of [
    ['saber', 'saber_secret'],
    ['sword', 'sword_secret'],
  ] as const) {
    const [c] = await tx
      .select({ id: bladeClient.id })
      .from(bladeClient)
      .where(and(eq(bladeClient.clientId, clientId), eq(bladeClient.isDeleted, 0)));
    if (!c)
      await tx
        .insert(bladeClient)
        .values({ clientId, clientSecret: secret, authorizedGrantTypes: GRANTS, accessTokenValidity: 3600, refreshTokenValidity: 604800 });
  }

  const params = await tx.select({ k: bladeParam.paramKey }).from(bladeParam).where(eq(bladeParam.isDeleted, 0));
  const have = new Set(params.map((p) => p.k));
  const missing = PARAM_SEED.filter(([k]) => !have.has(k));
  if (missing.length) await tx.insert(bladeParam).values(missing.map(([paramKey, paramName, paramValue]) => ({ paramKey, paramName, paramValue })));

  await seedSystemDicts(tx);
  const { all: menuIds, created } = await seedMenus(tx);
  await seedAdministrator(tx, menuIds);
  return created;
}

/** Every menu's id, and the ids of those this run added (an upgrade's new screens). */
async function seedMenus(tx: Tx): Promise<{ all: string[]; created: string[] }> {
  // Databases seeded before the tenant page's 产品包配置 button got its own code hold it under the 租户产品包 menu's
  // code, and the menu's buttons under it: give the button its code back; the walk then adds the menu and
  // moves its buttons home.
  await tx
    .update(bladeMenu)
    .set({ code: 'tenant_package_setting', alias: 'package_setting', path: '/system/tenant/package_setting' })
    .where(and(eq(bladeMenu.code, 'tenant_package'), eq(bladeMenu.category, 2), eq(bladeMenu.isDeleted, 0)));
  const rows = await tx.select({ id: bladeMenu.id, code: bladeMenu.code, parentId: bladeMenu.parentId }).from(bladeMenu).where(eq(bladeMenu.isDeleted, 0));
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  const parentOf = new Map(rows.map((r) => [r.code, r.parentId]));
  const created: string[] = [];
  const ensure = async (v: typeof bladeMenu.$inferInsert) => {
    const id = byCode.get(v.code);
    if (id && v.category === 2 && parentOf.get(v.code) !== v.parentId) await tx.update(bladeMenu).set({ parentId: v.parentId }).where(eq(bladeMenu.id, id));
    if (id) return id;
    const [row] = await tx.insert(bladeMenu).values(v).returning({ id: bladeMenu.id });
    byCode.set(v.code, row!.id);
    created.push(row!.id);
    return row!.id;
  };
  const walk = async (items: readonly MenuSeed[], parentId: string) => {
    let sort = 0;
    for (const it of items) {
      const id = await ensure({
        parentId,
        code: it.code,
        name: it.name,
        alias: 'menu',
        path: it.path,
        source: it.source ?? '',
        sort: ++sort,
        category: 1,
        action: 0,
        isOpen: it.isOpen ?? 1,
      });
      const buttons = [...(it.crud ? CRUD_BUTTONS : []), ...(it.buttons ?? [])];
      let bs = 0;
      for (const [verb, name, action] of buttons)
        await ensure({ parentId: id, code: `${it.code}_${verb}`, name, alias: verb, path: `${it.path}/${verb}`, sort: ++bs, category: 2, action, isOpen: 1 });
      if (it.children) await walk(it.children, id);
    }
  };
  await walk(MENU_TREE, '0');
  return { all: [...byCode.values()], created };
}

/** The platform's administrator role, root department, post and `admin` account (tenant 000000). */
async function seedAdministrator(tx: Tx, menuIds: string[]): Promise<void> {
  let [role] = await tx
    .select({ id: bladeRole.id })
    .from(bladeRole)
    .where(and(eq(bladeRole.roleAlias, 'administrator'), eq(bladeRole.isDeleted, 0)));
  if (!role) {
    [role] = await tx.insert(bladeRole).values({ roleName: '超级管理员', roleAlias: 'administrator', sort: 1 }).returning({ id: bladeRole.id });
    await tx.insert(bladeRole).values({ roleName: '用户', roleAlias: 'user', sort: 2 });
    await tx.insert(bladeRoleMenu).values(menuIds.map((menuId) => ({ menuId, roleId: role!.id })));
  }
  let [dept] = await tx
    .select({ id: bladeDept.id })
    .from(bladeDept)
    .where(and(eq(bladeDept.parentId, '0'), eq(bladeDept.isDeleted, 0)))
    .limit(1);
  if (!dept)
    [dept] = await tx.insert(bladeDept).values({ deptName: '管理组', fullName: '平台管理组', deptCategory: 1, sort: 1 }).returning({ id: bladeDept.id });
  let [post] = await tx
    .select({ id: bladePost.id })
    .from(bladePost)
    .where(and(eq(bladePost.postCode, 'ceo'), eq(bladePost.isDeleted, 0)));
  if (!post) [post] = await tx.insert(bladePost).values({ category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }).returning({ id: bladePost.id });
  const [admin] = await tx
    .select({ id: bladeUser.id })
    .from(bladeUser)
    .where(and(eq(bladeUser.account, 'admin'), eq(bladeUser.isDeleted, 0)));
  if (!admin)
    await tx.insert(bladeUser).values({
      account: 'admin',
      password: await hashPlain('admin'),
      name: '管理员',
      realName: '管理员',
      email: 'admin@zoo.local',
      roleId: role!.id,
      deptId: dept!.id,
      postId: post!.id,
    });
}
