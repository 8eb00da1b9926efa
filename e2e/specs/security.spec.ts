import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs, submitLogin } from '../lib/login';

const b = useBrowser();
const SLOW = { timeout: 240_000 };
const DEMO = '100000';

const setStatus = (account: string, status: number) =>
  dbQuery('update blade_user set status = $1 where tenant_id = $2 and account = $3', [status, DEMO, account]);

/** The login page's answer to these credentials: its message, or '' once signed in. */
async function tryLogin(page: Page, account: string, password: string): Promise<string> {
  await submitLogin(page, { tenantId: DEMO, account, password });
  const notice = page.locator('.ant-message-notice');
  await expect.poll(async () => page.url().includes('/wel/index') || (await notice.count()) > 0).toBe(true);
  return page.url().includes('/wel/index') ? '' : ((await notice.last().textContent()) ?? '');
}

describe('rights removed bite on the next request', () => {
  it('a keeper disabled while signed in is back on the login page at the next screen, and cannot sign in again', SLOW, async () => {
    const keeper = await b.newPage();
    await loginAs(keeper, { tenantId: DEMO, account: 'keeper1', password: 'keeper1' });
    await keeper.goto('/zoo/park');
    await expect.poll(() => keeper.locator('.ant-table-row').count()).toBeGreaterThan(0);
    try {
      // The zoo's administrator disables the account; the keeper's token has not expired.
      await setStatus('keeper1', 0);
      await keeper.goto('/zoo/venue');
      await keeper.waitForURL(/\/login/);
      await screenshot(keeper, 'security-disabled-keeper-logged-out');
      expect(await tryLogin(keeper, 'keeper1', 'keeper1')).toContain('账号未启用或已被停用');
    } finally {
      await setStatus('keeper1', 1);
    }
    expect(await tryLogin(keeper, 'keeper1', 'keeper1')).toBe('');
  });
});
