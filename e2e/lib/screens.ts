import type { MenuNode } from '@zoo/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { submitLogin } from './login';
import { screen } from './ui';
import { networkQuiet } from './wire';

/** Every screen of the menu the user got at login (leaves; a top-level leaf opens under /index; URLs are skipped). */
export function screensOf(menu: MenuNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: MenuNode[], top: boolean) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children, false);
      else if (!/^https?:/.test(n.path)) out.push(top ? `${n.path.replace(/\/+$/, '')}/index` : n.path);
    }
  };
  walk(menu, true);
  return out;
}

/** Logs in through the real login page and answers the menu screens the server sent with the login. */
export async function loginForScreens(page: Page, tenantId: string): Promise<string[]> {
  const [routes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/blade-system/menu/routes') && r.ok()),
    submitLogin(page, { tenantId }),
  ]);
  await page.waitForURL(/\/wel\/index/);
  return screensOf(((await routes.json()) as { data: MenuNode[] }).data);
}

/**
 * Opens `path` with client-side navigation, as a click in the menu does (a reload per screen would double the
 * time), and waits until the screen drew something of its own and reported no error.
 */
export async function openScreen(page: Page, path: string, quietMs = 200): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const pathname = path.split('?')[0];
  await page.waitForURL((u) => u.pathname === pathname);
  // The address changes at once; the screen shown changes when React has rendered the new route (its code may still
  // be loading). Until then the previous screen is the one marked active, and a button found there is hidden a
  // moment later but stays in the page, so Playwright retries a click on it until its timeout (a CI run waited 30 s
  // on the previous screen's 新增). The key is the pathname ("\0" before it for a page that is not a tab,
  // kept-screens.tsx).
  await expect
    .poll(
      () =>
        screen(page)
          .getAttribute('data-screen', { timeout: 1_000 })
          .catch(() => null),
      { timeout: 10_000 },
    )
    .toMatch(new RegExp(`^\\0?${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await networkQuiet(page, quietMs, 10_000);
  await expect.poll(() => screen(page).innerText(), { timeout: 10_000 }).not.toBe('');
  expect(await page.locator('[role=alert]', { hasText: /出错|超时/ }).count(), path).toBe(0);
}
