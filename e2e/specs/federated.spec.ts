import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, captchaCode, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { modal, okButton, pickTree, row } from '../lib/ui';

/**
 * Federated login through a real OpenID provider (oidc-provider, started by the global setup): the demo zoo's
 * administrator configures the provider through the admin API; a newcomer signs in at the provider, registers
 * through the third-party register dialog, waits for approval, is approved in the user screen, then signs in.
 */
const b = useBrowser();
const TENANT = '100000';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The demo zoo administrator's token, the way the login page gets one (captcha read from the server's store). */
async function adminToken(): Promise<string> {
  const cap = (await (await fetch(`${baseURL()}/api/blade-auth/oauth/captcha`)).json()) as { key: string };
  const q = new URLSearchParams({ tenantId: TENANT, username: 'admin', password: md5('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await fetch(`${baseURL()}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': TENANT,
      'captcha-key': cap.key,
      'captcha-code': await captchaCode(cap.key),
    },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('federated login', () => {
  it('first time → register dialog → admin approval → login, all through the provider', { timeout: 180_000 }, async () => {
    const op = inject('op');
    const token = await adminToken();
    const saved = await fetch(`${baseURL()}/api/blade-system/identity-provider/submit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${token}`,
      },
      body: JSON.stringify({
        source: 'corp',
        name: '集团统一认证',
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        scopes: 'openid profile email phone',
        status: 1,
      }),
    });
    expect(await saved.json()).toMatchObject({ success: true });

    const page = await b.newPage();
    await page.goto('/login');
    const tenant = page.locator('#tenantId');
    if (await tenant.isVisible()) await tenant.fill(TENANT);
    await page.getByRole('button', { name: '集团统一认证' }).click();

    // The provider's own sign-in and consent pages.
    await page.waitForURL((u) => u.href.startsWith(op.issuer));
    await page.locator('input[name="login"]').fill('zoe');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button', { hasText: 'Continue' }).click();

    // Back on /login: the identity is not bound, so the third-party register dialog opens, prefilled.
    await page.waitForURL(/\/login$/);
    const dialog = modal(page);
    await expect
      .poll(() =>
        dialog
          .getByText('用户注册')
          .count()
          .catch(() => 0),
      )
      .toBeGreaterThan(0);
    expect(await dialog.locator('#account').inputValue()).toBe('zoe');
    await dialog.locator('#account').fill('zoe_keeper');
    await dialog.locator('#password').fill('zoe12345');
    await dialog.locator('#password2').fill('zoe12345');
    await screenshot(page, 'federated-register');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText('注册申请已提交,请耐心等待管理员通过!').count()).toBeGreaterThan(0);
    await okButton(page).click();
    await page.waitForURL(/\/login$/);

    // The administrator approves in the user screen.
    const adminPage = await b.newPage();
    await loginAs(adminPage, { tenantId: TENANT });
    await adminPage.goto('/system/user');
    const pending = row(adminPage, 'zoe_keeper');
    await pending.locator('.ant-checkbox-input').check();
    await adminPage.getByRole('button', { name: '审核通过' }).click();
    const grant = modal(adminPage);
    await pickTree(adminPage, grant, '所属角色', '饲养员');
    await grant.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await expect.poll(() => adminPage.locator('.ant-message').getByText('操作成功').count()).toBeGreaterThan(0);

    // Signed in through the provider (its session is still open: straight back with a code).
    await page.goto('/login');
    if (await tenant.isVisible()) await tenant.fill(TENANT);
    await page.getByRole('button', { name: '集团统一认证' }).click();
    await page.waitForURL(/\/wel\/index/);
    await expect
      .poll(() =>
        page
          .getByText('欢迎您，zoe 同学')
          .count()
          .catch(() => 0),
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .getByText('角色：keeper')
          .count()
          .catch(() => 0),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'federated-home');
  });
});
