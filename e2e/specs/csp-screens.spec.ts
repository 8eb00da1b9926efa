import { describe, expect, it } from 'vitest';
import { useBrowser } from '../lib/browser';
import { watchCsp } from '../lib/csp';
import { captchaKeyOf, loginAs } from '../lib/login';
import { networkQuiet } from '../lib/wire';

const b = useBrowser();

/**
 * Content security policy beyond the menu screens (every-screen.spec.ts walks those with the policy watched): the
 * login page, and /myiframe refusing an origin not configured.
 */
describe('content security policy', () => {
  it('/myiframe refuses an origin not configured, without a violation', async () => {
    const page = await b.newPage();
    const violations = await watchCsp(page);
    await loginAs(page, { tenantId: '100000' });
    await page.goto(`/myiframe/urlPath?${new URLSearchParams({ src: 'https://evil.example.com/x', name: 'x' })}`);
    await expect.poll(() => page.getByText('https://evil.example.com 不在允许嵌入的来源之列', { exact: false }).count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await violations()).toEqual([]);
  });

  it('the login page has none either', async () => {
    const page = await b.newPage();
    const violations = await watchCsp(page);
    await captchaKeyOf(page, () => page.goto('/login'));
    await networkQuiet(page, 300);
    expect(await violations()).toEqual([]);
  });
});
