import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** Creates a tenant through the API as the platform administrator; returns its row id and 6-digit code. */
export async function newTenant(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const tenantName = (body.tenantName as string) ?? `租户${randomBytes(3).toString('hex')}`;
  const res = await t.request({ method: 'POST', url: '/blade-system/tenant/submit', token, body: { linkman: '联系人', ...body, tenantName } });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
  const { rows } = await t.sql.query(`select id::text, tenant_id from blade_tenant where tenant_name = $1 and is_deleted = 0`, [tenantName]);
  return { id: rows[0].id, code: rows[0].tenant_id };
}

/** A multipart/form-data body with one file part (field `file`, as Saber's upload sends). */
export function multipart(buf: Buffer, filename = 'data.xlsx', field = 'file'): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----zoo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const body = Buffer.concat([head, buf, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls an import-progress endpoint until the job leaves `running`. */
export async function waitForJob(t: TestApp, url: string, token: string, jobId: string, timeoutMs = 60_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request({ url, token, query: { jobId } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    if (res.body.data.status !== 'running') return res.body.data;
    if (Date.now() > end) throw new Error(`import job ${jobId} still running`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Gives a role every button (and menu) of the platform, as tenant admins get through their grants. */
export async function grantAllMenus(t: TestApp, roleId: string): Promise<void> {
  await t.sql.query(
    `insert into blade_role_menu (tenant_id, role_id, menu_id) select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.id = $1`,
    [roleId],
  );
}

export interface TenantCtx {
  id: string;
  code: string;
  /** Token of the tenant's bootstrapped `admin`. */
  token: string;
  roleId: string;
  deptId: string;
  postId: string;
}

/** A bootstrapped tenant and its admin's token, with the ids of its admin role, root department and post. */
export async function tenantWithAdmin(t: TestApp, platformToken: string, body: Record<string, unknown> = {}): Promise<TenantCtx> {
  const { id, code } = await newTenant(t, platformToken, body);
  const { rows } = await t.sql.query(`select role_id, dept_id, post_id from blade_user where tenant_id = $1 and account = 'admin'`, [code]);
  return { id, code, token: await t.login('admin', 'admin', code), roleId: rows[0].role_id, deptId: rows[0].dept_id, postId: rows[0].post_id };
}
