import type { Page } from 'playwright-core';
import { captchaCode } from './browser';

/** Waits for the login page's captcha and returns its key (from the network response the page received). */
export async function captchaKeyOf(page: Page, action: () => Promise<unknown>): Promise<string> {
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha') && r.ok()), action()]);
  return ((await res.json()) as { key: string }).key;
}

/** Fills the real login page (typing the captcha text the server stored) and presses 登录. */
export async function submitLogin(page: Page, o: { tenantId?: string; account?: string; password?: string } = {}): Promise<void> {
  // A login page already open (a refused attempt) refreshes its captcha on its own: that response must not be the
  // one waited for, its body is gone once the page navigates. Leave the page first.
  if (new URL(page.url(), 'http://x').pathname === '/login') await page.goto('about:blank');
  const key = await captchaKeyOf(page, () => page.goto('/login'));
  const tenant = page.locator('#tenantId');
  if (await tenant.isVisible()) await tenant.fill(o.tenantId ?? '000000');
  await page.locator('#username').fill(o.account ?? 'admin');
  await page.locator('#password').fill(o.password ?? 'admin');
  await page.locator('#captcha').fill(await captchaCode(key));
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs in through the real login page. */
export async function loginAs(page: Page, o: { tenantId?: string; account?: string; password?: string } = {}): Promise<void> {
  await submitLogin(page, o);
  await page.waitForURL(/\/wel\/index/);
}
