import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { tenantWithAdmin, type TenantCtx } from './iam-helpers';

/** A user-management test file's app: the platform administrator and two tenants, each with its admin. */
export interface UserWorld {
  t: TestApp;
  platform: string;
  A: TenantCtx;
  B: TenantCtx;
}

/** Starts the app and makes the tenants (beforeAll); the returned object is filled by then. */
export function useUserWorld(): UserWorld {
  const w = {} as UserWorld;
  beforeAll(async () => {
    w.t = await startTestApp();
    w.platform = await w.t.login();
    w.A = await tenantWithAdmin(w.t, w.platform, { tenantName: '甲动物园' });
    w.B = await tenantWithAdmin(w.t, w.platform, { tenantName: '乙动物园' });
  });
  afterAll(async () => w.t?.close());
  return w;
}

/** Calls to /blade-user, a valid user form, and a user's id by account. */
export function userCalls(w: UserWorld) {
  const post = (url: string, token: string, o: { body?: unknown; query?: Record<string, string> } = {}) =>
    w.t.request({ method: 'POST', url: `/blade-user/${url}`, token, ...o });
  const get = (url: string, token: string, query: Record<string, string> = {}) => w.t.request({ url: `/blade-user/${url}`, token, query });
  const form = (ctx: TenantCtx, account: string, more: Record<string, unknown> = {}) => ({
    account,
    name: `${account}昵称`,
    realName: '饲养员',
    password: 'Pa55word',
    roleId: ctx.roleId,
    deptId: ctx.deptId,
    ...more,
  });
  const idOf = async (tenant: string, account: string) =>
    (await w.t.sql.query(`select id::text from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`, [tenant, account])).rows[0]?.id as string;
  return { post, get, form, idOf };
}
