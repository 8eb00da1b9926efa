import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from '../lib/browser';
import { submitLogin } from '../lib/login';
import { isScript, kb, networkQuiet, recordWire } from '../lib/wire';

const b = useBrowser();

// Issue 13 budgets, bytes as the browser received them (headers included), on a first visit with an empty cache.
const LOGIN_PAGE_BUDGET = 280 * 1024;
const HOME_JS_BUDGET = 400 * 1024;

/** Marks (performance.now(), i.e. ms after navigation start) the first frame in which the login form is laid out. */
const markFormVisible = () => {
  const w = window as unknown as { __formVisibleAt?: number };
  const check = () => {
    const el = document.querySelector('#password');
    if (w.__formVisibleAt === undefined && el && el.getBoundingClientRect().height > 0) w.__formVisibleAt = performance.now();
  };
  new MutationObserver(() => requestAnimationFrame(check)).observe(document, { childList: true, subtree: true });
};

async function formVisibleMs(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __formVisibleAt?: number }).__formVisibleAt !== undefined);
  return page.evaluate(() => (window as unknown as { __formVisibleAt: number }).__formVisibleAt);
}

describe('web delivery', () => {
  it('login page: first visit within budget, compressed, form visible fast', async () => {
    const page = await b.newPage();
    await page.addInitScript(markFormVisible);
    const wire = await recordWire(page);
    await page.goto('/login');
    const visibleMs = await formVisibleMs(page);
    await networkQuiet(page);
    const total = wire.total();
    console.log(`login page: ${kb(total)} over the wire in ${wire.transfers().length} responses, form visible after ${visibleMs.toFixed(0)} ms`);
    for (const t of wire.transfers().filter((x) => x.url.startsWith('http')))
      console.log(`  ${kb(t.bytes).padStart(9)} ${t.encoding.padEnd(4)} ${new URL(t.url).pathname}`);
    // Scripts and styles arrive compressed (index.html is under 1 KB: compression would not pay there).
    const files = wire.transfers().filter((x) => /\.(js|css)$/.test(new URL(x.url).pathname) && x.bytes > 2048);
    expect(files.length).toBeGreaterThan(1);
    for (const t of files) expect(t.encoding, t.url).toMatch(/^(br|gzip)$/);
    expect(total).toBeLessThanOrEqual(LOGIN_PAGE_BUDGET);
    expect(visibleMs).toBeLessThan(3000);
  });

  it('login form visible: median of five first visits (empty cache each time)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await b.newPage();
      await page.addInitScript(markFormVisible);
      await page.goto('/login');
      times.push(await formVisibleMs(page));
      await page.context().close();
    }
    const median = [...times].sort((x, y) => x - y)[2]!;
    console.log(`login form visible after navigation start: median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`);
    // The target is 0.5 s on an idle loopback; a CI box running other work gets slack here, the figure is printed.
    expect(median).toBeLessThan(2000);
  });

  it('home page after login: all JavaScript within budget; echarts and the CRUD screens not loaded', async () => {
    const page = await b.newPage();
    const wire = await recordWire(page);
    await submitLogin(page);
    await page.waitForURL(/\/wel\/index/);
    await expect.poll(() => page.getByText('欢迎您，管理员').count()).toBe(1);
    await networkQuiet(page, 2500);
    const scripts = wire.transfers().filter(isScript);
    const total = wire.total(isScript);
    console.log(`home page after login: ${kb(total)} of JavaScript in ${scripts.length} files`);
    for (const t of scripts.sort((x, y) => y.bytes - x.bytes)) console.log(`  ${kb(t.bytes).padStart(9)} ${new URL(t.url).pathname}`);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
    expect(scripts.map((s) => new URL(s.url).pathname).filter((p) => /echarts|crud|exceljs/.test(p))).toEqual([]);
  });

  it('caches hashed assets for a year, revalidates index.html, sends the security headers', async () => {
    const html = await fetch(`${baseURL()}/login`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const csp = html.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(html.headers.get('x-frame-options')).toBe('DENY');
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html.headers.get('referrer-policy')).toBe('same-origin');
    const asset = (await html.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const js = await fetch(`${baseURL()}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${baseURL()}/api/blade-auth/oauth/captcha`);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});
