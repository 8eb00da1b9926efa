/**
 * How soon the login form is visible on a first visit (empty cache): median of LOGIN_VISIBLE_RUNS (default 5)
 * visits in Debian's chromium, from navigation start to the first frame in which the password field is laid out,
 * against the compiled server as `npm start` runs it. Target 0.5 s on an idle loopback; exits 1 above 2 s.
 * Moved here from e2e/specs/delivery.spec.ts, which keeps the byte budgets and compression (they do not depend
 * on the machine's load): a time inside a test passes or fails with the load.
 * Uses PostgreSQL at TEST_DATABASE_URL (default local) in a scratch database, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { buildServer, startServer } from './spawn-server';

const runs = Number(process.env.LOGIN_VISIBLE_RUNS ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 500;
const LIMIT_MS = 2000;

/**
 * Marks (performance.now(), i.e. ms after navigation start) the first frame in which the login form is laid out.
 * Browser code as text: this package compiles for Node, without the DOM's types.
 */
const markFormVisible = `
  const check = () => {
    const el = document.querySelector('#password');
    if (window.__formVisibleAt === undefined && el && el.getBoundingClientRect().height > 0) window.__formVisibleAt = performance.now();
  };
  new MutationObserver(() => requestAnimationFrame(check)).observe(document, { childList: true, subtree: true });
`;

async function main() {
  buildServer();
  const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${db}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();
  const server = await startServer({ DATABASE_URL: url }, 18510);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  let code = 0;
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      // A new context each time: an empty cache, as on a first visit.
      const ctx = await browser.newContext({ baseURL: server.base, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
      const page = await ctx.newPage();
      await page.addInitScript({ content: markFormVisible });
      await page.goto('/login');
      await page.waitForFunction('window.__formVisibleAt !== undefined');
      times.push(await page.evaluate<number>('window.__formVisibleAt'));
      await ctx.close();
    }
    const median = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
    console.log(`login form visible after navigation start: median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`);
    console.log(
      `target ${TARGET_MS} ms on an idle loopback: ${median <= TARGET_MS ? 'ok' : 'missed'}; limit ${LIMIT_MS} ms: ${median < LIMIT_MS ? 'ok' : 'EXCEEDED'}`,
    );
    if (!(median < LIMIT_MS)) code = 1;
  } finally {
    await browser.close();
    await server.stop();
    await dropBenchDatabase(adminUrl, db);
  }
  process.exit(code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
