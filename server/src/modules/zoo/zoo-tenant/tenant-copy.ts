import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { zooTenantEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { PLATFORM_TENANT } from '../../../platform/auth/session';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { hashPlain } from '../../../platform/auth/password';
import { getParam } from '../../../platform/param/param';
import { bladeParam } from '../../../platform/param/param.tables';
import { bladeTenant } from '../../../platform/tenancy/tenancy.tables';
import { bladeRole, bladeRoleMenu, bladeRoleScope } from '../../../platform/access/access.tables';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { bladeDictBiz } from '../../../platform/dict/dict.tables';
import { bladePost } from '../../system/post/post.tables';
import { newTenantCode } from '../../system/tenant/tenant.bootstrap';
import { zooTenantSpecies } from '../zoo.tables';

type CopyBody = z.output<NonNullable<(typeof zooTenantEndpoints.copy)['body']>>;

/** Who wrote a row and when belongs to the source; the copy is stamped by the database for this request. */
const BOOKKEEPING = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime'] as const;
function fresh<T extends Record<string, unknown>>(row: T): Omit<T, (typeof BOOKKEEPING)[number]> {
  const out: Record<string, unknown> = { ...row };
  for (const k of BOOKKEEPING) delete out[k];
  return out as Omit<T, (typeof BOOKKEEPING)[number]>;
}

/** New ids for `old` ids, so parent links and grants can point at the copies. */
async function idMap(db: Tx, old: string[]): Promise<Map<string, string>> {
  if (old.length === 0) return new Map();
  const res = (await db.execute(sql`select next_id()::text as id from generate_series(1, ${old.length})`)) as unknown as { rows: Array<{ id: string }> };
  return new Map(old.map((id, i) => [id, res.rows[i]!.id]));
}

const remapList = (list: string, map: Map<string, string>) =>
  list
    .split(',')
    .map((x) => map.get(x.trim()) ?? (x.trim() === '0' ? '0' : ''))
    .filter(Boolean)
    .join(',');

/**
 * Creates a zoo from an existing zoo's setup (POST /blade-system/tenant/copy) inside the request's transaction:
 * everything or nothing. Reads the source as the source tenant and writes the copy as the new tenant, so
 * row-level security still decides every row; nothing here filters by tenant itself.
 */
export async function copyTenant(app: FastifyInstance, db: Tx, body: CopyBody): Promise<{ id: string; tenantId: string; tenantName: string; account: string }> {
  if (body.sourceTenantId === PLATFORM_TENANT) throw new BizError('不能复制管理租户');
  const src = await asTenant(db, body.sourceTenantId, async () => {
    const [tenant] = await db.select().from(bladeTenant).where(eq(bladeTenant.isDeleted, 0));
    if (!tenant) return undefined;
    const roles = await db.select().from(bladeRole).where(eq(bladeRole.isDeleted, 0));
    const roleIds = roles.map((r) => r.id);
    return {
      tenant,
      roles,
      roleMenus: roleIds.length ? await db.select().from(bladeRoleMenu).where(inArray(bladeRoleMenu.roleId, roleIds)) : [],
      roleScopes: roleIds.length ? await db.select().from(bladeRoleScope).where(inArray(bladeRoleScope.roleId, roleIds)) : [],
      depts: await db.select().from(bladeDept).where(eq(bladeDept.isDeleted, 0)),
      posts: await db.select().from(bladePost).where(eq(bladePost.isDeleted, 0)),
      dicts: await db.select().from(bladeDictBiz).where(eq(bladeDictBiz.isDeleted, 0)),
      species: await db.select().from(zooTenantSpecies).where(eq(zooTenantSpecies.isDeleted, 0)),
    };
  });
  if (!src) throw new BizError(`租户 ${body.sourceTenantId} 不存在`);
  const tenantId = await newTenantCode(db);
  // Zoo parameters are platform rows keyed by the zoo's code (e.g. zoo.stock.approvalProcess.<code>).
  const suffix = `.${body.sourceTenantId}`;
  const params = await db
    .select()
    .from(bladeParam)
    .where(and(eq(bladeParam.isDeleted, 0), sql`right(${bladeParam.paramKey}, ${suffix.length}) = ${suffix}`));
  if (params.length) await db.insert(bladeParam).values(params.map((p) => ({ ...fresh(p), paramKey: p.paramKey.slice(0, -suffix.length) + `.${tenantId}` })));
  const password = await hashPlain(await getParam(app, 'tenant.default.password', '123456', db));

  return asTenant(db, tenantId, async () => {
    const [row] = await db
      .insert(bladeTenant)
      .values({
        tenantId,
        tenantName: body.tenantName,
        linkman: body.linkman,
        contactNumber: body.contactNumber ?? '',
        address: body.address ?? '',
        domain: body.domain ?? '',
        backgroundUrl: src.tenant.backgroundUrl,
        accountNumber: src.tenant.accountNumber,
        expireTime: src.tenant.expireTime,
        packageId: src.tenant.packageId,
      })
      .returning({ id: bladeTenant.id });
    const roleIds = await idMap(
      db,
      src.roles.map((r) => r.id),
    );
    const deptIds = await idMap(
      db,
      src.depts.map((d) => d.id),
    );
    const postIds = await idMap(
      db,
      src.posts.map((p) => p.id),
    );
    const dictIds = await idMap(
      db,
      src.dicts.map((d) => d.id),
    );
    const parentOf = (map: Map<string, string>, id: string) => map.get(id) ?? '0';
    if (src.roles.length)
      await db.insert(bladeRole).values(src.roles.map((r) => ({ ...fresh(r), id: roleIds.get(r.id)!, parentId: parentOf(roleIds, r.parentId) })));
    if (src.roleMenus.length) await db.insert(bladeRoleMenu).values(src.roleMenus.map((g) => ({ ...fresh(g), roleId: roleIds.get(g.roleId)! })));
    if (src.roleScopes.length) await db.insert(bladeRoleScope).values(src.roleScopes.map((g) => ({ ...fresh(g), roleId: roleIds.get(g.roleId)! })));
    if (src.depts.length)
      await db.insert(bladeDept).values(
        src.depts.map((d) => ({
          ...fresh(d),
          id: deptIds.get(d.id)!,
          parentId: parentOf(deptIds, d.parentId),
          ancestors: remapList(d.ancestors, deptIds),
          // A root department named after the zoo (as tenant/submit makes it) takes the new zoo's name.
          ...(d.parentId === '0' && d.deptName === src.tenant.tenantName ? { deptName: body.tenantName, fullName: body.tenantName } : {}),
        })),
      );
    if (src.posts.length) await db.insert(bladePost).values(src.posts.map((p) => ({ ...fresh(p), id: postIds.get(p.id)! })));
    if (src.dicts.length)
      await db.insert(bladeDictBiz).values(src.dicts.map((d) => ({ ...fresh(d), id: dictIds.get(d.id)!, parentId: parentOf(dictIds, d.parentId) })));
    if (src.species.length) await db.insert(zooTenantSpecies).values(src.species.map((s) => fresh(s)));

    // The administrator: the copied admin role(s), the root department, the ceo post when there is one.
    const adminRoles = src.roles.filter((r) => r.roleAlias === 'admin').map((r) => roleIds.get(r.id)!);
    if (adminRoles.length === 0) throw new BizError(`租户 ${body.sourceTenantId} 没有管理员角色(admin),无法复制`);
    const root = [...src.depts].sort((a, b) => Number(a.parentId !== '0') - Number(b.parentId !== '0') || a.sort - b.sort)[0];
    const post = src.posts.find((p) => p.postCode === 'ceo') ?? src.posts[0];
    await db.insert(bladeUser).values({
      account: 'admin',
      password,
      name: 'admin',
      realName: 'admin',
      sex: 1,
      userType: 1,
      roleId: adminRoles.join(','),
      deptId: root ? deptIds.get(root.id)! : '',
      postId: post ? postIds.get(post.id)! : '',
    });
    return { id: row!.id, tenantId, tenantName: body.tenantName, account: 'admin' };
  });
}
