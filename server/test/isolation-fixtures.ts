import type { TestApp } from './harness';

export interface IsolationFixture {
  /** A valid submit body for a new row, created as tenant A (may create prerequisites through the API). */
  create(t: TestApp, tokenA: string): Promise<Record<string, unknown>>;
  /** Finds the created row in tenant A's list. */
  match(row: Record<string, unknown>): boolean;
  /** Fields the row must still have after tenant B's attempts. */
  unchanged?: Record<string, unknown>;
  /**
   * Token that submits the body when the resource's writes belong to the platform administrator (tenant rows);
   * the row must still be tenant A's. Defaults to tenant A's admin.
   */
  writer?(t: TestApp): Promise<string>;
}

const plain = (body: Record<string, unknown>, key: string): IsolationFixture => ({
  create: async () => body,
  match: (row) => row[key] === body[key],
  unchanged: { [key]: body[key] },
});

/** One entry per tenant-scoped CRUD resource (keyed by the contract definition's `name`). */
export const isolationFixtures: Record<string, IsolationFixture> = {
  role: plain({ roleName: '隔离角色', roleAlias: 'iso', sort: 1 }, 'roleName'),
  dept: plain({ deptName: '隔离部门', fullName: '隔离部门全称', deptCategory: 1, sort: 1 }, 'deptName'),
  post: plain({ category: 1, postCode: 'iso', postName: '隔离岗位', sort: 1 }, 'postName'),
  topmenu: plain({ code: 'iso', name: '隔离顶部菜单', sort: 1 }, 'name'),
  dictbiz: plain({ code: 'iso', dictKey: '-1', dictValue: '隔离字典', sort: 1, isSealed: 0 }, 'dictValue'),
  // Tenant A's own tenant row: the platform administrator edits it, tenant A's admin reads it, tenant B must not.
  tenant: {
    writer: (t) => t.login(),
    create: async (t) => {
      const { rows } = await t.sql.query(`select id::text from blade_tenant where tenant_id = '200001'`);
      return { id: rows[0].id, tenantName: '租户A改名', linkman: '甲' };
    },
    match: (r) => r.tenantId === '200001',
    unchanged: { tenantName: '租户A改名', linkman: '甲' },
  },
};
