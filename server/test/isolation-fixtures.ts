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
};
