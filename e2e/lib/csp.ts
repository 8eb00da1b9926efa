import type { Page } from 'playwright-core';

export type CspViolation = { directive: string; blocked: string; source: string };

/**
 * Collects the page's CSP violations (the event every blocked load or inline code fires) and CSP console errors,
 * from the next navigation on: call it before the page loads anything.
 */
export async function watchCsp(page: Page): Promise<() => Promise<CspViolation[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: CspViolation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  const console: CspViolation[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push({ directive: 'console', blocked: m.text(), source: page.url() });
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: CspViolation[] }).__csp))];
}
