import { describe, expect, it } from 'vitest';
import { dbQuery, PICTURES, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { api, tokenOf } from '../lib/api';
import { dialogs, modal, open, openAdd, pick, row, rowAction, save, screen } from '../lib/ui';

/**
 * 数据质量 (decision 0047): the zoo administrator checks the data, finds a newborn panda without an identifier,
 * follows the link to 个体管理, gives it a ring, checks again and sees the count drop; the database keeps one count
 * per check for the day, replaced by the second run.
 */
const b = useBrowser();
const SLOW = { timeout: 300_000 };
const ZOO = '100000';
const CUB = 'E2E-DQ-1';
const RING = 'CN-E2E-DQ-0001';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const kept = async () =>
  (
    await dbQuery<{ count: number }>(`select count from zoo_quality_day where tenant_id = $1 and check_code = 'noIdentifier' and day = $2::date`, [ZOO, today])
  ).map((r) => r.count);
const shown = async (page: import('playwright-core').Page) =>
  Number(await page.getByTestId('quality-count-noIdentifier').locator('.ant-statistic-content-value').textContent());

async function runChecks(page: import('playwright-core').Page): Promise<void> {
  await page.getByTestId('quality-run').click();
  await expect
    .poll(() =>
      page
        .locator('.ant-message')
        .getByText(/检查完成/)
        .count(),
    )
    .toBeGreaterThan(0);
}

describe('data quality', () => {
  it('a defect found, followed to its screen, fixed, and the count drops on the next run (UI and database)', SLOW, async () => {
    // A newborn panda, registered without an identifier (the born form does not ask for one).
    const token = await tokenOf(ZOO, 'admin', 'admin');
    const [ids] = await dbQuery<{ species: string; cage: string }>(
      `select s.id::text species, c.id::text cage from zoo_species s, zoo_cage c where s.species_name = '大熊猫' and s.is_deleted = 0 and c.tenant_id = $1 and c.cage_code = 'PD-01'`,
      [ZOO],
    );
    await api(token, '/zoo-stockLog/stockLog/born_enroll', {
      body: { animalType: 1, speciesId: ids!.species, cageId: ids!.cage, bornDate: today, animals: [{ localNo: CUB, animalName: '质质', sex: 2 }] },
    });

    const page = await b.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, { tenantId: ZOO });
    await open(page, '/zoo/quality', '数据质量');
    await runChecks(page);
    const before = await shown(page);
    expect(before).toBeGreaterThan(0);
    expect(await kept()).toEqual([before]);
    expect((await dbQuery(`select 1 from zoo_quality_day where tenant_id = $1 and day = $2::date`, [ZOO, today])).length).toBe(7);
    await expect.poll(() => row(page, CUB).count()).toBe(1);
    await screenshot(page, 'zoo-quality-390');

    // The home card shows the day's issues.
    await page.goto('/wel/index');
    await expect.poll(() => page.getByTestId('home-quality').getByText('个体无标识').count()).toBe(1);
    await page.getByTestId('home-quality').scrollIntoViewIfNeeded();
    if (PICTURES) await page.getByTestId('home-quality').screenshot({ path: 'results/zoo-quality-home-390.png' });

    // The link opens 个体管理 searched for the cub; a ring is added through 标识.
    await open(page, '/zoo/quality', '数据质量');
    await page.setViewportSize({ width: 1280, height: 900 });
    await row(page, CUB).getByTestId('quality-fix').click();
    await page.waitForURL(/\/zoo\/animal\?localNo=/);
    await expect.poll(() => screen(page).locator('tr.ant-table-row').count()).toBe(1);
    await rowAction(row(page, CUB), '标识');
    await expect.poll(() => dialogs(page).count()).toBe(1);
    await openAdd(page, modal(page));
    await pick(page, modal(page), '标识类型', '脚环');
    await modal(page).getByLabel('标识码').fill(RING);
    await save(page, '新增成功');
    expect(
      await dbQuery(`select f.code from zoo_animal_flag f join zoo_animal a on a.id = f.animal_id where a.tenant_id = $1 and a.local_no = $2`, [ZOO, CUB]),
    ).toEqual([{ code: RING }]);
    await page.keyboard.press('Escape');

    // Checked again: one fewer, on the screen and in the day's kept count (replaced, not added).
    await page.setViewportSize({ width: 768, height: 1024 });
    await open(page, '/zoo/quality', '数据质量');
    await runChecks(page);
    await expect.poll(() => shown(page)).toBe(before - 1);
    expect(await kept()).toEqual([before - 1]);
    await expect.poll(() => row(page, CUB).count()).toBe(0);
    await screenshot(page, 'zoo-quality-768');
  });
});
