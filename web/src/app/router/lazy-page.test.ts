import { describe, expect, it, vi } from 'vitest';
import { lazyPage, PageLoadTimeout, withTimeout } from './lazy-page';

describe('lazy page loads', () => {
  it('give up after 120 s with a clear message instead of hanging', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const load = withTimeout(never, 120_000);
    let settled = false;
    const seen = load.catch((e: unknown) => e).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(119_999);
    // Still waiting a millisecond before the limit: the rejection below is the timeout's, not an early one.
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const error = await seen;
    expect(error).toBeInstanceOf(PageLoadTimeout);
    expect((error as Error).message).toBe('页面加载超时（120 秒），请检查网络后重试');
  });

  it('passes a chunk that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 120_000)).resolves.toBe('ok');
  });

  it('hands a page that has arrived over directly, and forgets a failed load', async () => {
    const Page = () => null;
    const ok = lazyPage(() => Promise.resolve({ default: Page }));
    expect(ok.resolved()).toBeUndefined();
    await ok.loaded();
    expect(ok.resolved()).toBe(Page);
    let calls = 0;
    const failing = lazyPage(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page })));
    await expect(failing.loaded()).resolves.toBeUndefined();
    expect(failing.resolved()).toBeUndefined();
    await failing.loaded();
    expect([calls, failing.resolved()]).toEqual([2, Page]);
  });
});
