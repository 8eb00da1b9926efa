import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../lib/browser';
import { captchaKeyOf } from '../lib/login';
import { loginForScreens, openScreen } from '../lib/screens';
import { networkQuiet } from '../lib/wire';

const b = useBrowser();

type Violation = { directive: string; blocked: string; source: string };

/** Collects the page's CSP violations (the event every blocked load or inline code fires) and CSP console errors. */
async function watchCsp(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  const console: Violation[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push({ directive: 'console', blocked: m.text(), source: page.url() });
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp))];
}

// Screens already walked by an earlier test of this file (same code, same policy): not walked twice.
const visited = new Set<string>();

async function walkAll(tenantId: string, extra: string[]) {
  const page = await b.newPage();
  const violations = await watchCsp(page);
  const menu = [...(await loginForScreens(page, tenantId)), ...extra];
  expect(menu.length).toBeGreaterThan(10);
  const screens = menu.filter((p) => !visited.has(p));
  const seen: string[] = [];
  for (const path of screens) {
    await openScreen(page, path);
    expect(await page.locator('[role=alert]', { hasText: /出错|超时/ }).count(), path).toBe(0);
    seen.push(path);
    visited.add(path);
  }
  const found = await violations();
  if (found.length) await screenshot(page, `csp-violation-${tenantId}`);
  expect(found, `CSP violations while visiting ${seen.join(', ')}`).toEqual([]);
  return { page, seen };
}

describe('content security policy', () => {
  it('platform administrator: every menu screen, the dashboard charts and the static pages run without a violation', async () => {
    const t0 = Date.now();
    const { seen } = await walkAll('000000', ['/wel/dashboard', '/info/index', '/dict-horizontal/index', '/dict-vertical/index']);
    console.log(`platform admin: ${seen.length} screens in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });

  it('zoo administrator: the screens not walked above run without a violation; /myiframe refuses an origin not configured', async () => {
    const t0 = Date.now();
    const { page, seen } = await walkAll('100000', []);
    console.log(`zoo admin: ${seen.length} screens in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await page.goto(`/myiframe/urlPath?${new URLSearchParams({ src: 'https://evil.example.com/x', name: 'x' })}`);
    await expect.poll(() => page.getByText('https://evil.example.com 不在允许嵌入的来源之列', { exact: false }).count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('the login page has none either', async () => {
    const page = await b.newPage();
    const violations = await watchCsp(page);
    await captchaKeyOf(page, () => page.goto('/login'));
    await networkQuiet(page, 300);
    expect(await violations()).toEqual([]);
  });
});
