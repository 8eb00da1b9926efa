import type { TestApp } from './harness';

export interface IsolationFixture {
  /** A valid submit body for a new row, created as tenant A (may create prerequisites through the API). */
  create(t: TestApp, tokenA: string): Promise<Record<string, unknown>>;
  /** Finds the created row in tenant A's list. */
  match(row: Record<string, unknown>): boolean;
  /** Fields the row must still have after tenant B's attempts. */
  unchanged?: Record<string, unknown>;
}

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
};
