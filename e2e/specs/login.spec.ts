import { describe, expect, it } from 'vitest';
import { captchaCode, screenshot, useBrowser } from '../lib/browser';
import { captchaKeyOf, loginAs } from '../lib/login';
import { screen } from '../lib/ui';

const b = useBrowser();

describe('login, menu, reload, logout', () => {
  it('refuses a wrong captcha with the server message and stays on /login', async () => {
    const page = await b.newPage();
    await captchaKeyOf(page, () => page.goto('/login'));
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('admin');
    await page.locator('#captcha').fill('zzzzz');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('验证码不正确').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs in with the captcha, shows the server menu, survives a reload, and logs out', async () => {
    const page = await b.newPage();
    await loginAs(page);
    const sidebar = page.locator('.ant-layout-sider');
    await expect.poll(() => sidebar.getByText('系统管理').count()).toBeGreaterThan(0);
    await expect.poll(() => sidebar.getByText('动物园管理').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('欢迎您，管理员').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('当前租户：管理组').count()).toBeGreaterThan(0);
    await screenshot(page, 'home');

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    await expect.poll(() => sidebar.getByText('系统管理').count()).toBeGreaterThan(0);

    // Open a menu page through the sidebar.
    await sidebar.getByText('系统管理').click();
    await sidebar.getByText('参数管理').click();
    await page.waitForURL(/\/system\/param/);
    await expect.poll(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login/);
    await page.goto('/wel/index');
    await page.waitForURL(/\/login/);
  });

  it('uses the captcha image key it shows: clicking the image loads a new one', async () => {
    const page = await b.newPage();
    const first = await captchaKeyOf(page, () => page.goto('/login'));
    const second = await captchaKeyOf(page, () => page.getByTestId('captcha-img').click());
    expect(second).not.toBe(first);
    expect(await captchaCode(second)).toMatch(/^[a-z0-9]{5}$/);
  });
});
