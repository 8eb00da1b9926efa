import { describe, expect, it } from 'vitest';
import { baseURL, dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { row, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

const post = (key: string, readings: unknown[]) =>
  fetch(`${baseURL()}/api/zoo-cage/humiture/ingest`, {
    method: 'POST',
    headers: { 'Device-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ readings }),
  }).then(async (r) => (await r.json()) as { code: number });

describe('environment alarms', () => {
  it(
    'a reading outside the comfort band shows on the cage and the alarm list, the keeper is notified and acknowledges, a reading back inside ends it',
    SLOW,
    async () => {
      const [cage] = await dbQuery<{ id: string }>(`select id::text from zoo_cage where tenant_id = '100000' and cage_code = 'PD-02'`);
      const id = cage!.id;
      const admin = await b.newPage();
      await loginAs(admin, { tenantId: '100000' });
      await admin.goto(`/cage/humiture/${id}`);
      // The demo species library's comfort ranges (red pandas: -5–24 ℃, 40–80 %) give the cage its band.
      await expect.poll(() => admin.getByTestId('comfort').textContent()).toMatch(/^适宜范围: -?\d+℃ ~ \d+℃/);
      const [, lo, hi] = /适宜范围: (-?\d+)℃ ~ (\d+)℃/.exec((await admin.getByTestId('comfort').textContent())!)!;
      expect(Number(hi)).toBeLessThan(33);
      await admin.getByRole('button', { name: /生成密钥|重新生成/ }).click();
      const key = (await admin.getByTestId('device-key').textContent())!.trim();
      await admin
        .locator('.ant-modal:visible .ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();

      expect((await post(key, [{ temperature: 33.5, humidity: 60 }])).code).toBe(200);

      // The cage list and the cage card carry the badge.
      // Searched for the cage: the demo zoo's cages fill more than the first page.
      await admin.goto('/zoo/cage?cageCode=PD-02');
      await expect.poll(() => row(admin, 'PD-02').getByTestId('alarm-badge').textContent()).toBe('1 条告警');
      await admin.goto(`/cage/detail/${id}`);
      await expect.poll(() => admin.getByTestId('alarm-badge').textContent()).toBe('1 条告警');

      // The keeper of PD-02 sees it on 环境告警, tagged as notified to them, and acknowledges it.
      const keeper = await b.newPage();
      await loginAs(keeper, { tenantId: '100000', account: 'keeper1', password: 'keeper1' });
      await keeper.goto('/zoo/alarm');
      const line = row(keeper, 'PD-02');
      await expect.poll(() => line.textContent()).toContain('33.5℃');
      expect(await line.textContent()).toContain('告警中');
      expect(await line.textContent()).toContain('通知我');
      expect(await line.textContent()).toContain(`${lo} ~ ${hi}℃`);
      await screenshot(keeper, 'alarm-list');
      await line.getByRole('button', { name: '确认' }).click();
      await tip(keeper, '已确认告警');
      await expect.poll(() => row(keeper, 'PD-02').textContent()).toContain('李饲养');
      expect(await row(keeper, 'PD-02').getByRole('button', { name: '确认' }).count()).toBe(0);

      // Back inside the band: the alarm ends, the badge goes.
      expect((await post(key, [{ temperature: 22, humidity: 60 }])).code).toBe(200);
      await admin.goto('/zoo/cage');
      await expect.poll(() => row(admin, 'PD-01').count()).toBe(1);
      expect(await row(admin, 'PD-02').getByTestId('alarm-badge').count()).toBe(0);
      await admin.goto('/zoo/alarm');
      await expect.poll(() => row(admin, 'PD-02').textContent()).toContain('已恢复');
      await screenshot(admin, 'alarm-list-admin');
    },
  );
});
