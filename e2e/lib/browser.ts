import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/**
 * This worker's server and database: spec files run in parallel workers, each against its own (global-setup.ts);
 * vitest numbers its workers 1…n in `VITEST_POOL_ID`.
 */
export function mine(): { baseURL: string; dbUrl: string; mediaPort: number } {
  const all = inject('servers');
  return all[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % all.length]!;
}

export const baseURL = () => mine().baseURL;

/** Debian's chromium; the flags keep it off the network this machine does not have. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** One browser per spec file, a fresh context per call of `newPage`. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  // A failed test leaves a picture of every page it had open (results/FAILED-*.png) to show what the user saw.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 60);
    const pages = contexts.flatMap((c) => c.pages());
    for (const [i, p] of pages.entries()) await screenshot(p, `FAILED-${name}-${i}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    async newPage(): Promise<Page> {
      // Reduced motion switches antd's animations off: a click computed mid-animation on a loaded machine missed its button.
      const ctx = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
      contexts.push(ctx);
      return ctx.newPage();
    },
  };
}

/**
 * Pictures of what the user saw are for people reading a run (`E2E_PICTURES=1 npm test`, or a failure): a full-page
 * PNG costs a few hundred milliseconds of a 2-core machine, and the specs take ~150 of them, plus the small-screen
 * walk's ~200. A failed test always leaves its `FAILED-*` pictures.
 */
export const PICTURES = process.env.E2E_PICTURES === '1';

/** Reads a value from the server's database, as a test reads a test inbox (captcha codes). */
export async function dbQuery<T = Record<string, unknown>>(q: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: mine().dbUrl });
  await c.connect();
  try {
    return (await c.query(q, params)).rows as T[];
  } finally {
    await c.end();
  }
}

export async function captchaCode(key: string): Promise<string> {
  const rows = await dbQuery<{ code: string }>('select code from sys_captcha where key = $1', [key]);
  if (!rows[0]) throw new Error(`no captcha ${key}`);
  return rows[0].code;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!PICTURES && !name.startsWith('FAILED-')) return;
  const dir = path.resolve('results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
