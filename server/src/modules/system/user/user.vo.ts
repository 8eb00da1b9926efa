import type { Wire } from '../../../platform/http/route';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserVO } from '@zoo/contract';
import type { DbLike, Tx } from '../../../db/client';
import { reusable, reusableSql } from '../../../db/reusable';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { mapFilters } from '../../../platform/resource/list-filter';
import { bladeDict } from '../../../platform/dict/dict.tables';
import { bladeTenant } from '../../../platform/tenancy/tenancy.tables';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { bladePost } from '../post/post.tables';
import { bladeRole } from '../../../platform/access/access.tables';

export type UserRow = typeof bladeUser.$inferSelect;

export const liveUser = eq(bladeUser.isDeleted, 0);

/** Resource code of the user list for data scopes. */
export const USER_RESOURCE = 'user';

/**
 * Conditions of the user page and export: account / realName / tenantId as map filters, and deptId meaning the
 * department and every department below it (blade_dept.ancestors holds the comma path from the root).
 */
export function userConditions(q: Record<string, unknown> & { deptId?: string }): SQL | undefined {
  // The outer column is qualified by hand: drizzle leaves single-table columns unqualified.
  const dept = q.deptId
    ? sql`exists (select 1 from blade_dept d where d.is_deleted = 0
        and d.id = any(string_to_array(nullif("blade_user"."dept_id", ''), ',')::bigint[])
        and (d.id = ${q.deptId}::bigint or ',' || d.ancestors || ',' like ${`%,${q.deptId},%`}))`
    : undefined;
  return and(liveUser, ...mapFilters(bladeUser, q, ['account', 'realName', 'tenantId']), dept);
}

const ids = (rows: UserRow[], k: 'roleId' | 'deptId' | 'postId') => [...new Set(rows.flatMap((r) => r[k].split(',').filter(Boolean)))];
const joinNames = (csv: string, names: Map<string, string>) =>
  csv
    .split(',')
    .map((id) => names.get(id))
    .filter(Boolean)
    .join(',');

type Found = Array<{ k: string; id: string; n: string }>;
const name = (k: string, id: SQL, n: SQL) => sql`select ${sql.raw(`'${k}'`)} as k, ${id}::text as id, ${n} as n`;
const labels = sql`${name('l', sql`${bladeDict.code} || ':' || ${bladeDict.dictKey}`, sql`${bladeDict.dictValue}`)} from ${bladeDict}
  where ${and(inArray(bladeDict.code, ['sex', 'user_type']), gt(bladeDict.parentId, sql`0`), eq(bladeDict.isDeleted, 0))}`;

/**
 * Every name user rows show, in one statement built once (a detail was six statements in a row, most of its
 * time). Row-level security still applies: a tenant sees its own tenant row, the platform administrator all.
 */
const namesOf = reusableSql<Found[number]>(
  sql.join(
    [
      sql`${name('t', sql`${bladeTenant.tenantId}`, sql`${bladeTenant.tenantName}`)} from ${bladeTenant}`,
      labels,
      sql`${name('r', sql`${bladeRole.id}`, sql`${bladeRole.roleName}`)} from ${bladeRole} where ${bladeRole.id} = any(${sql.placeholder('roles')})`,
      sql`${name('d', sql`${bladeDept.id}`, sql`${bladeDept.deptName}`)} from ${bladeDept} where ${bladeDept.id} = any(${sql.placeholder('depts')})`,
      sql`${name('p', sql`${bladePost.id}`, sql`${bladePost.postName}`)} from ${bladePost} where ${bladePost.id} = any(${sql.placeholder('posts')})`,
    ],
    sql` union all `,
  ),
);

/**
 * The names one user shows, found from the user's id rather than from its row: issued with the row's own read, the
 * two leave in one message (a detail or the caller's info is one round trip).
 */
const namesOfUser = (() => {
  // The user's comma-joined ids as a set (a text column: role_id, dept_id, post_id).
  const idsOf = (col: string) => sql`(select unnest(string_to_array(nullif(u.${sql.raw(col)}, ''), ','))::bigint from blade_user u where u.id = ${sql.placeholder('id')}::bigint)`;
  return reusableSql<Found[number]>(
    sql.join(
      [
        sql`${name('t', sql`${bladeTenant.tenantId}`, sql`${bladeTenant.tenantName}`)} from ${bladeTenant}
          where ${bladeTenant.tenantId} = (select u.tenant_id from blade_user u where u.id = ${sql.placeholder('id')}::bigint)`,
        labels,
        sql`${name('r', sql`${bladeRole.id}`, sql`${bladeRole.roleName}`)} from ${bladeRole} where ${bladeRole.id} in ${idsOf('role_id')}`,
        sql`${name('d', sql`${bladeDept.id}`, sql`${bladeDept.deptName}`)} from ${bladeDept} where ${bladeDept.id} in ${idsOf('dept_id')}`,
        sql`${name('p', sql`${bladePost.id}`, sql`${bladePost.postName}`)} from ${bladePost} where ${bladePost.id} in ${idsOf('post_id')}`,
      ],
      sql` union all `,
    ),
  );
})();

/** Rows → UserVO: no password; role, dept and post names comma-joined; tenant, sex and platform labels. */
export async function userVOs(db: DbLike, rows: UserRow[]): Promise<Array<Wire<UserVO>>> {
  if (rows.length === 0) return [];
  return toVOs(rows, await namesOf(db, { roles: ids(rows, 'roleId'), depts: ids(rows, 'deptId'), posts: ids(rows, 'postId') }));
}

/** One live user as UserVO (row and names read in one message), or undefined. */
export async function userVO(db: DbLike, id: string): Promise<Wire<UserVO> | undefined> {
  const [[row], found] = await Promise.all([userById(db as Tx, { id }), namesOfUser(db, { id })]);
  return row ? toVOs([row], found)[0] : undefined;
}

function toVOs(rows: UserRow[], found: Found): Array<Wire<UserVO>> {
  const of = (k: string) => found.filter((r) => r.k === k);
  const toMap = (xs: Array<{ id: string; n: string }>) => new Map(xs.map((x) => [x.id, x.n]));
  const [roleN, deptN, postN, tenantN, label] = [toMap(of('r')), toMap(of('d')), toMap(of('p')), toMap(of('t')), toMap(of('l'))];
  return rows.map(({ password: _, ...u }) => ({
    ...u,
    sex: u.sex ?? -1,
    tenantName: tenantN.get(u.tenantId),
    roleName: joinNames(u.roleId, roleN),
    deptName: joinNames(u.deptId, deptN),
    postName: joinNames(u.postId, postN),
    sexName: label.get(`sex:${u.sex}`),
    userTypeName: label.get(`user_type:${u.userType}`),
  }));
}

const userById = reusable<UserRow>((db) => db.select().from(bladeUser).where(and(eq(bladeUser.id, sql.placeholder('id')), liveUser)));

export async function findUser(db: DbLike, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db as Tx, { id });
  return row;
}

/** Visible users by id, refusing when any is missing (another tenant's user is "missing" here). */
export async function usersByIds(db: DbLike, ids: string[]) {
  const rows = await db.select({ id: bladeUser.id, tenantId: bladeUser.tenantId, account: bladeUser.account, roleId: bladeUser.roleId }).from(bladeUser).where(and(inArray(bladeUser.id, ids), liveUser));
  if (rows.length !== new Set(ids).size) throw new BizError(NOT_FOUND);
  return rows;
}
