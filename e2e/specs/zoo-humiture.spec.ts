import { describe, expect, it } from 'vitest';
import { baseURL, dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { okButton, row, rowAction, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

/** What a sensor does: post readings with its key. */
const post = (key: string, readings: unknown[]) =>
  fetch(`${baseURL()}/api/zoo-cage/humiture/ingest`, {
    method: 'POST',
    headers: { 'Device-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ readings }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; msg: string } }));

describe('cage humiture', () => {
  it('a zoo admin gives a cage a sensor key, its readings chart against the comfort band, a breach is counted, the key is revoked', SLOW, async () => {
    // The species library's comfort range for giant pandas (entered by the platform's species curators).
    await dbQuery(`update zoo_species set temp_min = 0, temp_max = 26, humidity_min = 40, humidity_max = 80 where latin_name = 'Ailuropoda melanoleuca'`);
    const page = await b.newPage();
    await loginAs(page, { tenantId: '100000' });
    await page.goto('/zoo/cage');
    await expect.poll(() => row(page, 'PD-01').count()).toBe(1);
    await rowAction(row(page, 'PD-01'), '温湿度');
    await page.waitForURL(/\/cage\/humiture\/\d+$/);
    const cageId = page.url().split('/').pop()!;
    await expect.poll(() => page.getByTestId('comfort').textContent()).toBe('适宜范围: 0℃ ~ 26℃ · 40% ~ 80%');
    await expect.poll(() => page.getByTestId('chart-temp').locator('canvas').count()).toBe(1);
    const count = async () =>
      (
        await dbQuery<{ n: number; b: number }>(
          `select count(*)::int n, count(*) filter (where temperature > 26 or temperature < 0 or humidity < 40 or humidity > 80)::int b
           from zoo_humiture where cage_id = $1 and read_time >= (now() at time zone 'Asia/Shanghai') - interval '1 day'`,
          [cageId],
        )
      )[0]!;
    const before = await count();
    expect(before.n).toBeGreaterThan(20); // the demo zoo's hourly readings
    await expect.poll(() => page.getByTestId('breaches').locator('.ant-statistic-content').textContent()).toBe(`${before.b} / ${before.n}`);

    // A sensor key, shown once.
    await page.getByRole('button', { name: '生成密钥' }).click();
    const key = (await page.getByTestId('device-key').textContent())!.trim();
    expect(key).toMatch(/^zk_[0-9a-f]{16}_/);
    await screenshot(page, 'humiture-key');
    await page
      .locator('.ant-modal:visible .ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    const [stored] = await dbQuery<{ key_hash: string; revoke_time: string | null }>(
      `select key_hash, revoke_time from zoo_cage_device_key where cage_id = $1`,
      [cageId],
    );
    expect(stored!.revoke_time).toBeNull();
    expect(key).not.toContain(stored!.key_hash);

    // The sensor posts a hot reading: one more breach on the screen.
    const res = await post(key, [{ temperature: 31.5, humidity: 62 }]);
    expect(res.body).toMatchObject({ code: 200 });
    await page.getByText('近7天', { exact: true }).click();
    await page.getByText('近24小时', { exact: true }).click();
    const after = await count();
    expect(after).toEqual({ n: before.n + 1, b: before.b + 1 });
    await expect.poll(() => page.getByTestId('breaches').locator('.ant-statistic-content').textContent()).toBe(`${after.b} / ${after.n}`);
    await screenshot(page, 'humiture-chart');

    // Revoked: the sensor is refused.
    await page.getByRole('button', { name: '吊销' }).click();
    await okButton(page).click();
    await tip(page, '操作成功!');
    expect((await post(key, [{ temperature: 20, humidity: 60 }])).body).toMatchObject({ code: 401, msg: '设备密钥无效或已吊销' });
    const [revoked] = await dbQuery<{ revoke_time: string | null }>(`select revoke_time from zoo_cage_device_key where cage_id = $1`, [cageId]);
    expect(revoked!.revoke_time).not.toBeNull();
    await expect.poll(() => page.getByText('已吊销', { exact: true }).count()).toBe(1);

    // The cage card links to the same screen and to each animal's keeper-log calendar.
    await page.goto(`/cage/detail/${cageId}`);
    await expect.poll(() => row(page, 'P001').count()).toBe(1);
    await page.getByRole('button', { name: '温湿度' }).click();
    await page.waitForURL(new RegExp(`/cage/humiture/${cageId}$`));
    await page.goto(`/cage/detail/${cageId}`);
    await rowAction(row(page, 'P001'), '日志');
    await page.waitForURL(/\/animal\/log\/\d+$/);
    await expect.poll(() => page.getByTestId('calendar-subject').textContent()).toBe('美美 (P001)');
  });
});
