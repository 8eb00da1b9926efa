import type { TestApp } from './harness';

export interface IsolationFixture {
  /** A valid submit body for a new row, created as tenant A (may create prerequisites through the API). */
  create(t: TestApp, tokenA: string): Promise<Record<string, unknown>>;
  /** Finds the created row in tenant A's list. */
  match(row: Record<string, unknown>): boolean;
  /** Fields the row must still have after tenant B's attempts. */
  unchanged?: Record<string, unknown>;
}

const plain = (body: Record<string, unknown>, key: string): IsolationFixture => ({
  create: async () => body,
  match: (row) => row[key] === body[key],
  unchanged: { [key]: body[key] },
});

/** One entry per tenant-scoped CRUD resource (keyed by the contract definition's `name`). */
export const isolationFixtures: Record<string, IsolationFixture> = {
  notice: {
    create: async () => ({ title: '隔离测试通知', category: 1, releaseTime: '2024-01-01 08:00:00', content: 'A' }),
    match: (r) => r.title === '隔离测试通知',
    unchanged: { title: '隔离测试通知', content: 'A' },
  },
  oss: {
    create: async () => ({ category: 5, ossCode: 'iso-oss', remark: 'A' }),
    match: (r) => r.ossCode === 'iso-oss',
    unchanged: { ossCode: 'iso-oss', remark: 'A', status: 1 },
  },
  sms: {
    create: async () => ({ category: 5, smsCode: 'iso-sms', remark: 'A' }),
    match: (r) => r.smsCode === 'iso-sms',
    unchanged: { smsCode: 'iso-sms', remark: 'A', status: 1 },
  },
  attach: {
    create: async () => ({ link: 'https://files.example.com/iso.pdf', originalName: '隔离测试.pdf', extension: 'pdf' }),
    match: (r) => r.originalName === '隔离测试.pdf',
    unchanged: { originalName: '隔离测试.pdf', link: 'https://files.example.com/iso.pdf' },
  },
  role: plain({ roleName: '隔离角色', roleAlias: 'iso', sort: 1 }, 'roleName'),
  dept: plain({ deptName: '隔离部门', fullName: '隔离部门全称', deptCategory: 1, sort: 1 }, 'deptName'),
  post: plain({ category: 1, postCode: 'iso', postName: '隔离岗位', sort: 1 }, 'postName'),
  topmenu: plain({ code: 'iso', name: '隔离顶部菜单', sort: 1 }, 'name'),
  dictbiz: plain({ code: 'iso', dictKey: '-1', dictValue: '隔离字典', sort: 1, isSealed: 0 }, 'dictValue'),
};
