import type { Page } from 'playwright-core';

export type Transfer = { url: string; type: string; bytes: number; encoding: string };

/**
 * Records every response of `page` with the bytes Chromium received for it (headers and compressed body:
 * `encodedDataLength` of the DevTools protocol), which is what "over the wire" means for a budget.
 */
export async function recordWire(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, { url: string; type: string; encoding: string }>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(e.requestId, { url: e.response.url, type: e.type, encoding: h['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  return {
    transfers: () => [...done],
    total: (filter: (t: Transfer) => boolean = () => true) => done.filter(filter).reduce((s, t) => s + t.bytes, 0),
    reset: () => void done.splice(0),
  };
}

export const isScript = (t: Transfer) => t.type === 'Script' || /\.m?js(\?|$)/.test(new URL(t.url).pathname);

/** Waits until no request has been in flight for `quietMs` (lazy chunks and background fetches settled). */
export async function networkQuiet(page: Page, quietMs = 1500, maxMs = 20_000): Promise<void> {
  let inflight = 0;
  let last = Date.now();
  const on = () => {
    inflight++;
    last = Date.now();
  };
  const off = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', on);
  page.on('requestfinished', off);
  page.on('requestfailed', off);
  const start = Date.now();
  try {
    while (Date.now() - start < maxMs) {
      if (inflight === 0 && Date.now() - last >= quietMs) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    page.off('request', on);
    page.off('requestfinished', off);
    page.off('requestfailed', off);
  }
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
