import { and, eq } from 'drizzle-orm';
import { EMAIL_RE, USER_MSG, phoneProblem, type ImportIssue } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { currentTenant } from '../../../platform/tenancy/current-tenant';
import type { SheetColumn, SheetRow } from '../../../platform/excel';
import { BizError } from '../../../platform/http/errors';
import { asTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeDept, bladeUser } from '../../../platform/identity/identity.tables';
import { bladePost } from '../post/post.tables';
import { bladeRole } from '../../../platform/access/access.tables';
import { createUser, updateUser, type Actor } from './user.service';
import { assertMayAssignRoles, assertMayTouchUsers } from '../../../platform/access/privilege';
import { liveUser } from './user.vo';

export type UserSheetKey = 'tenantId' | 'account' | 'name' | 'realName' | 'email' | 'phone' | 'roleName' | 'deptName' | 'postName' | 'birthday';

export const USER_SHEET: SheetColumn<UserSheetKey>[] = [
  { key: 'tenantId', header: '租户编号', en: 'Tenant ID', width: 10 },
  { key: 'account', header: '账号', en: 'Account' },
  { key: 'name', header: '昵称', en: 'Nickname' },
  { key: 'realName', header: '姓名', en: 'Name' },
  { key: 'email', header: '邮箱', en: 'Email', width: 24 },
  { key: 'phone', header: '手机', en: 'Mobile', width: 14 },
  { key: 'roleName', header: '角色名称', en: 'Roles', width: 20 },
  { key: 'deptName', header: '部门名称', en: 'Departments', width: 20 },
  { key: 'postName', header: '岗位名称', en: 'Posts', width: 20 },
  { key: 'birthday', header: '生日', en: 'Birthday', width: 12 },
];
export const USER_SHEET_REQUIRED: UserSheetKey[] = ['account', 'realName', 'roleName', 'deptName'];

export interface UserImportItem {
  tenantId: string;
  account: string;
  values: { name: string; realName: string; email: string; phone: string; birthday: string | null; roleId: string; deptId: string; postId: string };
}

/** Names of one tenant's roles, departments and posts, and its accounts: what a row is checked against. */
interface TenantBook {
  exists: boolean;
  roles: Map<string, string[]>;
  depts: Map<string, string[]>;
  posts: Map<string, string[]>;
  /** Live accounts and their roles (a covered import updates them). */
  accounts: Map<string, string>;
}

const byName = (rows: Array<{ id: string; n: string }>) => {
  const m = new Map<string, string[]>();
  for (const r of rows) m.set(r.n, [...(m.get(r.n) ?? []), r.id]);
  return m;
};

async function loadBook(db: Tx, tenantId: string): Promise<TenantBook> {
  return asTenant(db, tenantId, async () => ({
    exists: Boolean(await currentTenant(db)),
    roles: byName(await db.select({ id: bladeRole.id, n: bladeRole.roleName }).from(bladeRole).where(eq(bladeRole.isDeleted, 0))),
    depts: byName(await db.select({ id: bladeDept.id, n: bladeDept.deptName }).from(bladeDept).where(eq(bladeDept.isDeleted, 0))),
    posts: byName(await db.select({ id: bladePost.id, n: bladePost.postName }).from(bladePost).where(eq(bladePost.isDeleted, 0))),
    accounts: new Map((await db.select({ a: bladeUser.account, r: bladeUser.roleId }).from(bladeUser).where(liveUser)).map((r) => [r.a, r.r])),
  }));
}

/** "a,b" (or full-width commas) → ids, each name known and unambiguous. */
function resolve(names: string, book: Map<string, string[]>, what: string): string {
  const ids: string[] = [];
  for (const n of names
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const hit = book.get(n);
    if (!hit) throw new BizError(`${what} [${n}] 不存在`);
    if (hit.length > 1) throw new BizError(`${what}名称 [${n}] 不唯一`);
    ids.push(hit[0]!);
  }
  return [...new Set(ids)].join(',');
}

function birthday(v: string): string | null {
  if (!v) return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(v);
  if (!m) throw new BizError('生日格式不正确');
  const d = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  if (Number.isNaN(Date.parse(d))) throw new BizError('生日格式不正确');
  return `${d} 00:00:00`;
}

/**
 * Checks every row before anything is written, so the upload answers with the bad rows at once. Rows name
 * their tenant only when the caller is the platform administrator; others import into their own tenant.
 */
export async function planUserImport(
  db: Tx,
  sheet: SheetRow<UserSheetKey>[],
  o: { ownTenant: string; platform: boolean; covered: boolean; actor: Actor },
): Promise<{ rejected: ImportIssue[]; rows: Array<{ row: number; item: UserImportItem }> }> {
  const books = new Map<string, TenantBook>();
  /** The privilege rule per tenant + role list (rows repeat a few role combinations). */
  const verdicts = new Map<string, string | null>();
  const judge = async (key: string, check: () => Promise<void>) => {
    if (!verdicts.has(key))
      verdicts.set(
        key,
        await check().then(
          () => null,
          (e: unknown) => {
            if (e instanceof BizError) return e.message;
            throw e;
          },
        ),
      );
    const msg = verdicts.get(key);
    if (msg) throw new BizError(msg, 403);
  };
  const seen = new Set<string>();
  const rejected: ImportIssue[] = [];
  const rows: Array<{ row: number; item: UserImportItem }> = [];
  for (const { row, values: v } of sheet) {
    try {
      const tenantId = v.tenantId || o.ownTenant;
      if (tenantId !== o.ownTenant && !o.platform) throw new BizError('租户编号与当前租户不符');
      if (!books.has(tenantId)) books.set(tenantId, await loadBook(db, tenantId));
      const book = books.get(tenantId)!;
      if (!book.exists) throw new BizError(`租户编号 [${tenantId}] 不存在`);
      const account = v.account;
      if (!account) throw new BizError('账号不能为空');
      if (account.length > 45 || /[\s,]/.test(account)) throw new BizError('账号不能超过45个字符,且不能包含空格或逗号');
      if (seen.has(`${tenantId}:${account}`)) throw new BizError(`账号 [${account}] 在文件中重复`);
      seen.add(`${tenantId}:${account}`);
      if (!v.realName) throw new BizError('姓名不能为空');
      if (v.realName.length > 10) throw new BizError('姓名不能超过10个字符');
      const name = v.name || v.realName;
      if (name.length > 20) throw new BizError('昵称不能超过20个字符');
      const phone = phoneProblem(v.phone, false);
      if (phone) throw new BizError(phone);
      if (v.email && (!EMAIL_RE.test(v.email) || v.email.length > 45)) throw new BizError('邮箱格式不正确');
      if (!v.roleName) throw new BizError('角色名称不能为空');
      if (!v.deptName) throw new BizError('部门名称不能为空');
      const values = {
        name,
        realName: v.realName,
        email: v.email,
        phone: v.phone,
        birthday: birthday(v.birthday),
        roleId: resolve(v.roleName, book.roles, '角色'),
        deptId: resolve(v.deptName, book.depts, '部门'),
        postId: resolve(v.postName, book.posts, '岗位'),
      };
      if (book.accounts.has(account) && !o.covered) throw new BizError(USER_MSG.exists(account));
      // Nobody imports users with roles stronger than their own, nor overwrites a stronger account.
      const { cache, session } = o.actor;
      await judge(`r:${tenantId}:${values.roleId}`, () => asTenant(db, tenantId, () => assertMayAssignRoles(cache, db, session, values.roleId)));
      const current = book.accounts.get(account);
      if (current !== undefined)
        await judge(`u:${tenantId}:${current}`, () => asTenant(db, tenantId, () => assertMayTouchUsers(cache, db, session, [{ roleId: current }])));
      rows.push({ row, item: { tenantId, account, values } });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      rejected.push({ row, reason: e.message });
    }
  }
  return { rejected, rows };
}

/** Writes one row: the state of the database at that moment decides between create and (covered) update. */
export async function writeUserRow(db: Tx, item: UserImportItem, covered: boolean, passwordHash: string, actor: Actor): Promise<void> {
  const existing = await asTenant(db, item.tenantId, async () => {
    const [u] = await db
      .select()
      .from(bladeUser)
      .where(and(eq(bladeUser.account, item.account), liveUser));
    return u;
  });
  if (existing && !covered) throw new BizError(USER_MSG.exists(item.account));
  if (existing) await updateUser(db, existing, item.values, actor);
  else await createUser(db, item.tenantId, { account: item.account, password: passwordHash, ...item.values }, actor);
}
