import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { modal, open, openAdd, pick, save } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

describe('reproduction (decision 0042)', () => {
  it('the demo season: hormone peak on the chart, an AI from the semen bank takes a straw, the board on a phone', SLOW, async () => {
    const [season] = await dbQuery<{ y: number; peak: string }>(
      `select extract(year from obs_date)::int y, to_char(obs_date, 'YYYY-MM-DD') peak from zoo_breed_oestrus
        where tenant_id = '100000' and is_deleted = 0 order by oestrogen desc limit 1`,
    );
    const straws = async () =>
      (await dbQuery<{ straws: number }>(`select straws from zoo_breed_semen where tenant_id = '100000' and sample_no = 'GRB-DXM-0012'`))[0]!.straws;
    const before = await straws();
    const page = await b.newPage();
    await page.setViewportSize({ width: 768, height: 1000 });
    await loginAs(page, { tenantId: '100000', account: 'admin', password: 'admin' });

    // 发情观察: 安安's curve of the season with the oestrogen peak marked.
    await open(page, '/zoo/breeding/oestrus', '发情观察');
    await page.getByLabel('年度').fill(String(season!.y));
    await page.locator('.ant-card .ant-select').first().click();
    await page.keyboard.type('安安');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '安安 (P006)' }).first().click();
    await expect.poll(() => page.getByTestId('hormone-chart').getAttribute('data-peak')).toBe(season!.peak);
    await screenshot(page, 'breeding-hormone-chart');

    // 配种记录: an insemination of 安安 with one straw of the bank's sample.
    await open(page, '/zoo/breeding/event', '配种记录');
    await openAdd(page, page);
    const dlg = modal(page);
    await pick(page, dlg, '雌性个体', '安安 (P006)', '安安');
    await pick(page, dlg, '类型', '人工授精');
    await pick(page, dlg, '精液样本', 'GRB-DXM-0012', 'GRB');
    await pick(page, dlg, '输精方式', '经宫颈子宫内输精');
    await dlg.getByLabel('用量(支)').fill('1');
    await save(page, '新增成功');
    await expect.poll(straws).toBe(before - 1);

    // 繁殖季看板 at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/zoo/breeding/season', '繁殖季看板');
    await page.locator('.ant-select').first().click();
    await page.keyboard.type('大熊猫');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '大熊猫' }).first().click();
    await page.getByLabel('年度').fill(String(season!.y));
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: '安安 (P006)' }).count()).toBe(1);
    await expect.poll(() => page.getByText('已发情').count()).toBeGreaterThan(0);
    // The board fits the phone: the table scrolls inside it (the shell's header is not this page's).
    const box = await page.getByTestId('season-board').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'breeding-season-390');
  });
});
