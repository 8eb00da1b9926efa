import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { addButton, modal, okButton, open, pick, row, rowAction, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 240_000 };

/** Types into an antd picker input and confirms with Enter (the value is local time, as the user typed it). */
async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
const pad = (d: Date, n = 0) => {
  const x = new Date(d.getTime() + n * 86_400_000);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
};

describe('desk, logs and resources', () => {
  it('checks the phone in the spec order and the avatar file before uploading, then saves the profile', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await page.goto('/info/index');
    const phone = page.locator('#user-info_phone');
    // The form fills in from /blade-user/info; type only after that.
    await expect.poll(() => page.locator('#user-info_name').inputValue()).not.toBe('');
    const help = page.locator('#user-info_phone_help');
    const submit = page.getByRole('tabpanel').getByRole('button', { name: /提\s*交/ });
    for (const [value, message] of [
      ['', '手机号码不能为空'],
      ['1380013800', '手机号码长度不为11位'],
      ['12800138000', '手机号码格式不正确'],
    ] as const) {
      await phone.fill(value);
      await submit.click();
      await expect.poll(() => help.textContent()).toBe(message);
    }
    await screenshot(page, 'desk-info-phone');

    const file = page.locator('input[type=file]');
    const avatarHelp = page.locator('#user-info_avatar_help');
    await file.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: GIF });
    await expect.poll(() => avatarHelp.textContent()).toBe('头像只能是 JPG 或 PNG 格式的图片');
    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1X1, Buffer.alloc(520 * 1024)]) });
    await expect.poll(() => avatarHelp.textContent()).toBe('头像图片大小不能超过 500KB');

    const [put] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file?type=avatar')),
      file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 }),
    ]);
    const link = ((await put.json()) as { data: { link: string } }).data.link;
    await expect.poll(() => page.locator(`.ant-avatar img[src="${link}"]`).count()).toBe(1);
    await phone.fill('13900139000');
    await submit.click();
    await tip(page, '修改信息成功!');
    const [u] = await dbQuery<{ avatar: string; phone: string }>(`select avatar, phone from blade_user where tenant_id = '000000' and account = 'admin'`);
    expect(u).toEqual({ avatar: link, phone: '13900139000' });
    const served = await page.request.get(`${baseURL()}${link}`);
    expect(served.headers()['content-type']).toBe('image/png');
    await screenshot(page, 'desk-info');
  });

  it('changes the password (md5 on the client), then logs in with the new one', SLOW, async () => {
    const [saved] = await dbQuery<{ password: string }>(`select password from blade_user where tenant_id = '000000' and account = 'admin'`);
    try {
      const page = await b.newPage();
      await loginAs(page);
      await page.goto('/info/index');
      await page.getByRole('tab', { name: '修改密码' }).click();
      const pane = page.getByRole('tabpanel', { name: '修改密码' });
      await pane.getByLabel('原密码').fill('wrong-old');
      await pane.getByLabel('新密码').fill('zoo-e2e-2026');
      await pane.getByLabel('确认密码').fill('zoo-e2e-2026');
      await pane.getByRole('button', { name: /提\s*交/ }).click();
      await expect.poll(() => pane.locator('.ant-alert').textContent()).toContain('原密码不正确!');

      await pane.getByLabel('原密码').fill('admin');
      await pane.getByRole('button', { name: /提\s*交/ }).click();
      await tip(page, '修改密码成功!');
      await screenshot(page, 'desk-password');

      const again = await b.newPage();
      await loginAs(again, { password: 'zoo-e2e-2026' });
      expect(again.url()).toContain('/wel/index');
    } finally {
      await dbQuery(`update blade_user set password = $1 where tenant_id = '000000' and account = 'admin'`, [saved!.password]);
    }
  });

  it('adds a notice, sees it on the home page, edits and deletes it', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/desk/notice', '通知标题');
    await addButton(page).click();
    await modal(page).getByLabel('通知标题').fill('e2e 熊猫馆闭馆通知');
    await pick(page, modal(page), '通知类型', '发布通知');
    await typeDate(modal(page).getByLabel('通知日期'), pad(new Date()));
    await modal(page).getByLabel('通知内容').fill('周一闭馆维护');
    await modal(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await tip(page, '新增成功');
    await expect.poll(() => row(page, 'e2e 熊猫馆闭馆通知').count()).toBe(1);

    await page.goto('/wel/index');
    await expect.poll(() => page.getByText('e2e 熊猫馆闭馆通知').count()).toBeGreaterThan(0);
    await screenshot(page, 'desk-wel');
    await page.goto('/wel/dashboard');
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByText(/通知公告 \(共 \d+ 条\)/).count()).toBe(1);
    await screenshot(page, 'desk-dashboard');

    await open(page, '/desk/notice', '通知标题');
    await rowAction(row(page, 'e2e 熊猫馆闭馆通知'), '编辑');
    await expect.poll(() => modal(page).getByLabel('通知内容').inputValue()).toBe('周一闭馆维护');
    await modal(page).getByLabel('通知标题').fill('e2e 熊猫馆开馆通知');
    await modal(page)
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await tip(page, '更新成功');
    await expect.poll(() => row(page, 'e2e 熊猫馆开馆通知').count()).toBe(1);

    await rowAction(row(page, 'e2e 熊猫馆开馆通知'), '删除');
    await okButton(page).click();
    await tip(page, '删除成功');
    await expect.poll(() => row(page, 'e2e 熊猫馆开馆通知').count()).toBe(0);
  });

  it('lists API calls within a picked date-time range and shows one in the detail', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/monitor/log/api', '请求接口');
    const [from, to] = [page.locator('.ant-picker-range input').first(), page.locator('.ant-picker-range input').nth(1)];
    const now = new Date();
    await typeDate(from, `${pad(now, -1)} 00:00:00`);
    await typeDate(to, `${pad(now, 1)} 23:59:59`);
    await page.locator('#log_api-search_requestUri').fill('blade-desk');
    let sent = '';
    await expect
      .poll(
        async () => {
          const [req] = await Promise.all([
            page.waitForRequest((r) => r.url().includes('/api/blade-log/api/list')),
            page.getByRole('button', { name: /搜\s*索/ }).click(),
          ]);
          sent = req.url();
          await page.waitForLoadState('networkidle');
          return row(page, '/blade-desk/').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const q = new URL(sent).searchParams;
    expect(q.get('createTime_dategt')).toBe(`${pad(now, -1)} 00:00:00`);
    expect(q.get('createTime_datelt')).toBe(`${pad(now, 1)} 23:59:59`);
    expect(await page.locator('.ant-table-selection-column').count()).toBe(0);
    await screenshot(page, 'desk-log-api');
    await rowAction(row(page, '/blade-desk/'), '查看');
    await expect.poll(() => modal(page).locator('pre').count()).toBeGreaterThan(0);
    await expect.poll(() => modal(page).getByText('请求接口').count()).toBeGreaterThan(0);
    await screenshot(page, 'desk-log-detail');
  });

  it('uploads an attachment whose link serves the file with its content type', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/resource/attach', '附件原名');
    await page.locator('input[type=file]').setInputFiles({ name: 'e2e-photo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await tip(page, '上传成功');
    await expect.poll(() => row(page, 'e2e-photo.png').count()).toBe(1);
    const href = await row(page, 'e2e-photo.png').getByRole('link', { name: '下载' }).getAttribute('href');
    expect(href).toMatch(/\/api\/blade-resource\/oss\/endpoint\/file\/.+\.png$/);
    const res = await page.request.get(`${baseURL()}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await res.body(), PNG_1X1)).toBe(0);
    await screenshot(page, 'desk-attach');
  });

  it('adds an OSS configuration and enables it', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/resource/oss', '资源编号');
    await addButton(page).click();
    await pick(page, modal(page), '分类', '本地存储');
    await modal(page).getByLabel('资源编号').fill('e2e-local');
    await modal(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await tip(page, '新增成功');
    await expect.poll(() => row(page, 'e2e-local').count()).toBe(1);
    expect(await row(page, 'e2e-local').getByText('未启用').count()).toBe(1);
    await rowAction(row(page, 'e2e-local'), '启用');
    await okButton(page).click();
    await tip(page, '操作成功!');
    await expect.poll(() => row(page, 'e2e-local').getByText('已启用').count()).toBe(1);
    const enabled = await dbQuery<{ oss_code: string }>(`select oss_code from blade_oss where tenant_id = '000000' and status = 2 and is_deleted = 0`);
    expect(enabled.map((r) => r.oss_code)).toEqual(['e2e-local']);
    await screenshot(page, 'desk-oss');
  });

  it('adds an SMS configuration, enables it and sends a test message through it', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/resource/sms', '资源编号');
    await addButton(page).click();
    await pick(page, modal(page), '分类', '日志输出');
    await modal(page).getByLabel('资源编号').fill('e2e-sms');
    await modal(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await tip(page, '新增成功');
    await expect.poll(() => row(page, 'e2e-sms').count()).toBe(1);
    await rowAction(row(page, 'e2e-sms'), '启用');
    await okButton(page).click();
    await expect.poll(() => row(page, 'e2e-sms').getByText('已启用').count()).toBe(1);

    await rowAction(row(page, 'e2e-sms'), '发送测试短信');
    await modal(page).getByLabel('手机号码').fill('1380013800');
    await modal(page)
      .getByRole('button', { name: /发\s*送/ })
      .click();
    await expect.poll(() => modal(page).locator('.ant-form-item-explain-error').textContent()).toBe('手机号码长度不为11位');
    await modal(page).getByLabel('手机号码').fill('13800138000');
    await modal(page).getByLabel('短信参数').fill('{"code":"2468"}');
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sms/endpoint/send-message')),
      modal(page)
        .getByRole('button', { name: /发\s*送/ })
        .click(),
    ]);
    expect(((await sent.json()) as { data: { phones: string[] } }).data.phones).toEqual(['13800138000']);
    await tip(page, '发送成功!');
    await screenshot(page, 'desk-sms');
  });
});
