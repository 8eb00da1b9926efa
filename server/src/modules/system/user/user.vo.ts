import type { Wire } from '../../../platform/http/route';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserVO } from '@zoo/contract';
import { rowsOf, type DbLike } from '../../../db/client';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { mapFilters } from '../../../platform/resource/list-filter';
import { selectWhole, wholeRows } from '../../../platform/resource/whole-rows';
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
/** The names of a comma-joined id column, in the column's order (ids found nowhere left out). */
const joinNames = (csv: string, nameOf: (id: string) => string | undefined) => csv.split(',').map(nameOf).filter(Boolean).join(',');

type Found = Array<{ k: string; id: string; n: string }>;
const name = (k: string, id: SQL, n: SQL) => sql`select ${sql.raw(`'${k}'`)} as k, ${id}::text as id, ${n} as n`;
const labels = sql`${name('l', sql`${bladeDict.code} || ':' || ${bladeDict.dictKey}`, sql`${bladeDict.dictValue}`)} from ${bladeDict}
  where ${and(inArray(bladeDict.code, ['sex', 'user_type']), gt(bladeDict.parentId, sql`0`), eq(bladeDict.isDeleted, 0))}`;

/**
 * Every name user rows show, in one statement (a detail was six statements in a row, most of its
 * time). Row-level security still applies: a tenant sees its own tenant row, the platform administrator all.
 */
const namesOf = async (db: DbLike, v: { roles: string[]; depts: string[]; posts: string[] }): Promise<Found> => {
  const q = sql.join(
    [
      sql`${name('t', sql`${bladeTenant.tenantId}`, sql`${bladeTenant.tenantName}`)} from ${bladeTenant}`,
      labels,
      sql`${name('r', sql`${bladeRole.id}`, sql`${bladeRole.roleName}`)} from ${bladeRole} where ${bladeRole.id} = any(${sql.param(v.roles)})`,
      sql`${name('d', sql`${bladeDept.id}`, sql`${bladeDept.deptName}`)} from ${bladeDept} where ${bladeDept.id} = any(${sql.param(v.depts)})`,
      sql`${name('p', sql`${bladePost.id}`, sql`${bladePost.postName}`)} from ${bladePost} where ${bladePost.id} = any(${sql.param(v.posts)})`,
    ],
    sql` union all `,
  );
  return rowsOf<Found[number]>(db, q);
};

/**
 * The names of a comma-joined id column as a JSON object, id → name; `joinNames` puts them in the column's order in
 * the server. PostgreSQL ordering them (an ordered aggregate over unnest … with ordinality) cost about 10 µs of its
 * CPU per column, a fifth of a user detail's statement (decision 0036).
 * The outer row's columns are qualified by hand: drizzle leaves a one-table select's columns bare, and a subquery
 * over a table with a column of the same name would read its own.
 */
const namesIn = (ids: string, table: string, nameCol: string) =>
  sql<string>`(select json_object_agg(t.id, t.${sql.raw(nameCol)}) from ${sql.raw(table)} t
    where t.id = any(string_to_array(nullif(blade_user.${sql.raw(ids)}, ''), ',')::bigint[]))`;
/** A dictionary label of one of the user's columns. */
const labelOf = (code: string, key: string) =>
  sql<string>`(select d.dict_value from blade_dict d where d.code = ${sql.raw(`'${code}'`)} and d.dict_key = blade_user.${sql.raw(key)}::text and d.parent_id > 0 and d.is_deleted = 0 limit 1)`;

/** The names column: tenant name, role, dept and post names by id, sex and user type labels (nulls when none). */
type NamesColumn = [string | null, Record<string, string> | null, Record<string, string> | null, Record<string, string> | null, string | null, string | null];
/**
 * One live user with every name it shows, in ONE statement: the row and its tenant, role, department
 * and post names and dictionary labels as columns (a detail or the caller's info was the row plus a five-part
 * union that looked the user up four more times: twice the PostgreSQL time).
 */
const withNames = wholeRows(bladeUser, {
  // One JSON text: parsed natively, where a text[] of JSON went through pg's character-by-character array parser.
  names: sql`json_build_array(
        (select t.tenant_name from blade_tenant t where t.tenant_id = blade_user.tenant_id),
        ${namesIn('role_id', 'blade_role', 'role_name')},
        ${namesIn('dept_id', 'blade_dept', 'dept_name')},
        ${namesIn('post_id', 'blade_post', 'post_name')},
        ${labelOf('sex', 'sex')},
        ${labelOf('user_type', 'user_type')})::text`,
});
/** The statement's text is built once (whole-rows.ts): drizzle building it was most of a user detail's CPU. */
const userWithNames = (db: DbLike, id: string) =>
  selectWhole<UserRow & { names: string }>(db, withNames, sql`where ${bladeUser.id} = ${id} and ${bladeUser.isDeleted} = 0`);

/** Rows → UserVO: no password; role, dept and post names comma-joined; tenant, sex and platform labels. */
export async function userVOs(db: DbLike, rows: UserRow[]): Promise<Array<Wire<UserVO>>> {
  if (rows.length === 0) return [];
  return toVOs(rows, await namesOf(db, { roles: ids(rows, 'roleId'), depts: ids(rows, 'deptId'), posts: ids(rows, 'postId') }));
}

/** One live user as UserVO (row and names in one statement), or undefined. */
export async function userVO(db: DbLike, id: string): Promise<Wire<UserVO> | undefined> {
  const [found] = await userWithNames(db, id);
  if (!found) return undefined;
  // One copy of the row (no password), the names added to it.
  const { names, password: _, ...vo } = found;
  const [tenantName, roles, depts, posts, sexName, userTypeName] = JSON.parse(names) as NamesColumn;
  return Object.assign(vo, {
    sex: vo.sex ?? -1,
    tenantName: tenantName ?? '',
    roleName: joinNames(vo.roleId, (id) => roles?.[id]),
    deptName: joinNames(vo.deptId, (id) => depts?.[id]),
    postName: joinNames(vo.postId, (id) => posts?.[id]),
    sexName: sexName ?? '',
    userTypeName: userTypeName ?? '',
  }) as Wire<UserVO>;
}

type Names = Pick<UserVO, 'tenantName' | 'roleName' | 'deptName' | 'postName' | 'sexName' | 'userTypeName'>;

/** A row and its names as UserVO: no password; Blade renders an unset sex as -1. */
const asVO = ({ password: _, ...u }: UserRow, names: Partial<Names>): Wire<UserVO> => ({ ...u, sex: u.sex ?? -1, ...names }) as Wire<UserVO>;

function toVOs(rows: UserRow[], found: Found): Array<Wire<UserVO>> {
  const of = (k: string) => found.filter((r) => r.k === k);
  const toMap = (xs: Array<{ id: string; n: string }>) => new Map(xs.map((x) => [x.id, x.n]));
  const [roleN, deptN, postN, tenantN, label] = [toMap(of('r')), toMap(of('d')), toMap(of('p')), toMap(of('t')), toMap(of('l'))];
  return rows.map((u) =>
    asVO(u, {
      tenantName: tenantN.get(u.tenantId),
      roleName: joinNames(u.roleId, (id) => roleN.get(id)),
      deptName: joinNames(u.deptId, (id) => deptN.get(id)),
      postName: joinNames(u.postId, (id) => postN.get(id)),
      sexName: label.get(`sex:${u.sex}`),
      userTypeName: label.get(`user_type:${u.userType}`),
    }),
  );
}

export async function findUser(db: DbLike, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(bladeUser)
    .where(and(eq(bladeUser.id, id), liveUser));
  return row;
}

/** Visible users by id, refusing when any is missing (another tenant's user is "missing" here). */
export async function usersByIds(db: DbLike, ids: string[]) {
  const rows = await db
    .select({ id: bladeUser.id, tenantId: bladeUser.tenantId, account: bladeUser.account, roleId: bladeUser.roleId })
    .from(bladeUser)
    .where(and(inArray(bladeUser.id, ids), liveUser));
  if (rows.length !== new Set(ids).size) throw new BizError(NOT_FOUND);
  return rows;
}
