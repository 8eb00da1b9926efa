import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { TODAY, clearTodaysRound } from '../lib/round';
import { modal } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };
const KEEPER = { tenantId: '100000', account: 'keeper1', password: 'keeper1' };

const card = (page: Page, name: string) => page.locator('[data-testid="round-item"]', { hasText: name }).first();

/** 美美 (P001) gets a plan of three feedings a day from ten days ago (the demo zoo has no diet plans). */
async function planFor(localNo: string): Promise<string> {
  const [a] = await dbQuery<{ id: string; species: string }>(
    `select id::text, species_id::text as species from zoo_animal where tenant_id = '100000' and local_no = $1`,
    [localNo],
  );
  const feedings = [
    { no: 1, time: '07:30', foodKey: 'bamboo', amount: 12, unit: 'kg', price: 1.5, note: '' },
    { no: 2, time: '11:00', foodKey: 'bamboo_shoot', amount: 2, unit: 'kg', price: 6, note: '' },
    { no: 3, time: '16:00', foodKey: 'apple', amount: 0.5, unit: 'kg', price: null, note: '切块' },
  ];
  const [p] = await dbQuery<{ id: string }>(
    `insert into zoo_diet_plan (tenant_id, animal_type, animal_id, species_id, effective_from, feedings)
     values ('100000', 1, $1, $2, ${TODAY} - 10, $3::jsonb) returning id::text`,
    [a!.id, a!.species, JSON.stringify(feedings)],
  );
  return p!.id;
}

/** Opens the round and waits until the service worker controls the page (the shell is precached). */
async function openRound(page: Page): Promise<void> {
  await page.goto('/zoo/basiclog');
  await expect.poll(() => page.getByTestId('round-item').count()).toBeGreaterThan(0);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}

describe('the offline round (PWA, queued entries, conflicts)', () => {
  beforeAll(clearTodaysRound);

  it('a keeper records three feedings and a log offline, reloads offline, and they reach the database once each', SLOW, async () => {
    const planId = await planFor('P001');
    const page = await b.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, KEEPER);
    await page.goto('/zoo/basiclog');
    // The shell installs: the manifest and the service worker come from the app's own origin.
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    await openRound(page);
    // Controlled from the first load on (clientsClaim); a reload while online refreshes the device's copy.
    await page.reload();
    await expect.poll(() => card(page, '美美 (P001)').getByTestId('round-feeding').count()).toBe(3);

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('round-offline').count()).toBe(1);
    const mm = card(page, '美美 (P001)');
    await expect.poll(() => mm.getByTestId('round-feeding').count()).toBe(3);
    await screenshot(page, 'offline-round-390');

    // Three feedings: two eaten up, the apple weighed back; and the day's log with a remark.
    await mm.getByRole('button', { name: '吃完 07:30 竹子' }).click();
    await mm.getByRole('button', { name: '吃完 11:00 竹笋' }).click();
    await mm.getByRole('button', { name: '记录 16:00 苹果' }).click();
    const dlg = modal(page);
    await dlg.getByLabel('剩余量 (kg)').fill('0.2');
    await screenshot(page, 'offline-feeding-dialog-390');
    await dlg.getByRole('button', { name: /确\s*定/ }).click();
    await mm.getByRole('button', { name: '详细记录' }).click();
    await modal(page).getByLabel('备注').fill('夜间离线记录');
    await modal(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => page.getByTestId('unsynced').textContent()).toBe('未同步 4');
    await expect.poll(() => mm.getByText('未同步', { exact: true }).count()).toBe(4);

    // A reload without a network keeps the queue and the round.
    await page.reload();
    await expect.poll(() => page.getByTestId('unsynced').textContent()).toBe('未同步 4');
    await expect.poll(() => card(page, '美美 (P001)').getByText('已喂 0.5kg, 剩 0.2kg').count()).toBe(1);
    await screenshot(page, 'offline-round-queued-390');
    expect(await dbQuery(`select 1 from zoo_feeding where plan_id = $1`, [planId])).toEqual([]);

    // Back online: sent once, the header clears.
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('unsynced').count(), { timeout: 30_000 }).toBe(0);
    const fed = await dbQuery<{ no: number; offered: string; leftover: string; n: number }>(
      `select feeding_no as no, offered::text, leftover::text, count(*) over (partition by feeding_no)::int as n
         from zoo_feeding where plan_id = $1 and feed_date = ${TODAY} and is_deleted = 0 order by feeding_no`,
      [planId],
    );
    expect(fed).toEqual([
      { no: 1, offered: '12.000', leftover: '0.000', n: 1 },
      { no: 2, offered: '2.000', leftover: '0.000', n: 1 },
      { no: 3, offered: '0.500', leftover: '0.200', n: 1 },
    ]);
    const logs = await dbQuery<{ remark: string }>(
      `select l.remark from zoo_basic_log l join zoo_animal a on a.id = l.animal_id where a.local_no = 'P001' and l.log_date = ${TODAY} and l.is_deleted = 0`,
    );
    expect(logs).toEqual([{ remark: '夜间离线记录' }]);
    await expect.poll(() => card(page, '美美 (P001)').getByText('已记录', { exact: true }).count()).toBe(1);
    await screenshot(page, 'offline-round-synced-390');

    // The day's log, now on the server, is corrected without a network from the round's copy: queued on the version
    // the round saw, applied once when the network is back.
    const version = async () =>
      (
        await dbQuery<{ remark: string; v: number }>(
          `select l.remark, l.row_version as v from zoo_basic_log l join zoo_animal a on a.id = l.animal_id where a.local_no = 'P001' and l.log_date = ${TODAY} and l.is_deleted = 0`,
        )
      )[0]!;
    const before = await version();
    await page.reload();
    await expect.poll(() => card(page, '美美 (P001)').getByRole('button', { name: '修改' }).count()).toBe(1);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('round-offline').count()).toBe(1);
    await card(page, '美美 (P001)').getByRole('button', { name: '修改' }).click();
    await expect.poll(() => modal(page).getByTestId('log-from-copy').count()).toBe(1);
    expect(await modal(page).getByLabel('备注').inputValue()).toBe('夜间离线记录');
    await modal(page).getByLabel('备注').fill('夜间离线修改');
    await modal(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => page.getByTestId('unsynced').textContent()).toBe('未同步 1');
    await screenshot(page, 'offline-round-edit-queued-390');
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('unsynced').count(), { timeout: 30_000 }).toBe(0);
    expect(await version()).toEqual({ remark: '夜间离线修改', v: before.v + 1 });
  });

  it('two devices edit the same log: the second sees both versions and chooses', SLOW, async () => {
    const a = await b.newPage();
    await a.setViewportSize({ width: 768, height: 1024 });
    await loginAs(a, KEEPER);
    await openRound(a);
    const other = await b.newPage();
    await other.setViewportSize({ width: 768, height: 1024 });
    await loginAs(other, KEEPER);
    await other.goto('/zoo/basiclog');
    await expect.poll(() => card(other, '阳阳 (P002)').count()).toBe(1);

    // Device A, in the night house without signal, logs 阳阳.
    await a.context().setOffline(true);
    await card(a, '阳阳 (P002)').getByRole('button', { name: '详细记录' }).click();
    await modal(a).getByLabel('备注').fill('甲: 夜里咳嗽');
    await modal(a)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => a.getByTestId('unsynced').textContent()).toBe('未同步 1');

    // Device B, online, logs the same animal meanwhile.
    await card(other, '阳阳 (P002)').getByRole('button', { name: '详细记录' }).click();
    await modal(other).getByLabel('备注').fill('乙: 一切正常');
    await modal(other)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    const remark = async () =>
      (
        await dbQuery<{ remark: string }>(
          `select l.remark from zoo_basic_log l join zoo_animal a on a.id = l.animal_id where a.local_no = 'P002' and l.log_date = ${TODAY} and l.is_deleted = 0`,
        )
      ).map((r) => r.remark);
    await expect.poll(remark).toEqual(['乙: 一切正常']);

    // A comes back: a conflict, never an overwrite; both versions are shown.
    await a.context().setOffline(false);
    await expect.poll(() => a.getByTestId('conflicts').textContent(), { timeout: 30_000 }).toBe('冲突 1');
    expect(await remark()).toEqual(['乙: 一切正常']);
    await a.getByTestId('conflicts').click();
    const versions = modal(a).getByTestId('conflict-versions');
    await expect.poll(() => versions.getByText('甲: 夜里咳嗽').count()).toBe(1);
    await expect.poll(() => versions.getByText('乙: 一切正常').count()).toBe(1);
    await screenshot(a, 'offline-conflict-768');
    await modal(a).getByRole('button', { name: '保留本机' }).click();
    await expect.poll(remark, { timeout: 30_000 }).toEqual(['甲: 夜里咳嗽']);
    await expect.poll(() => a.getByTestId('conflicts').count()).toBe(0);
  });

  it('the zoo admin reads the plans and the intake chart, the fed day in it', SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 768, height: 1024 });
    await loginAs(page, { tenantId: '100000' });
    await page.goto('/zoo/diet/plan');
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: '美美 (P001)' }).count()).toBe(1);
    await screenshot(page, 'diet-plans-768');
    await page.goto('/zoo/diet/intake');
    // Today's three feedings of 美美: (1 + 1 + 0.6) / 3 eaten = 86.7 %, cost 12 × 1.5 + 2 × 6 = 30.00. The table reads
    // newest first (the plan's earlier days are there too, as missed feedings).
    const today = page.locator('tr.ant-table-row', { hasText: '美美 (P001)' }).first();
    await expect.poll(() => today.getByText('86.7%').count()).toBe(1);
    expect(await today.getByText('30.00').count()).toBe(1);
    expect(await page.getByTestId('intake-chart').isVisible()).toBe(true);
    await screenshot(page, 'diet-intake-768');
  });
});
