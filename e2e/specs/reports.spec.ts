import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose } from '../lib/antd';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { formItem, open, row, rowAction, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

async function sheetRows(download: Download): Promise<string[][]> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

/** The preview table's header and rows as text. */
async function shownRows(page: Page): Promise<string[][]> {
  const table = page.getByTestId('report-preview').first();
  const header = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
  return [header, ...rows];
}

/** Closes an open select dropdown and waits until none shows, so the next `choose` opens its own. */
async function closeDropdowns(page: Page): Promise<void> {
  await page.locator('.ant-drawer:visible .ant-drawer-title').click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('report list: design, preview, export', () => {
  it('the zoo administrator designs a grouped report with a chart, previews it, saves it and exports xlsx', SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, { tenantId: '100000', account: 'admin', password: 'admin' });
    // The three starter reports of the demo zoo.
    await open(page, '/report/reportlist', '年度存栏(按保护级别)');
    for (const name of ['月度存栏变动', '饲养日志完成率']) expect(await row(page, name).count()).toBe(1);

    await page.getByRole('button', { name: '新建报表' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await formItem(page, drawer, '报表名称').locator('input').fill('按变动类型统计');
    await choose(page, formItem(page, drawer, '数据集').locator('.ant-select').first(), '存栏变动');
    await closeDropdowns(page);
    await choose(page, formItem(page, drawer, '分组列').locator('.ant-select').first(), '变动类型');
    await closeDropdowns(page);
    await drawer.getByRole('button', { name: '添加汇总' }).click();
    const agg = drawer.getByTestId('report-aggregate').first();
    await choose(page, agg.locator('.ant-select').first(), '头数', { type: '头数' });
    await closeDropdowns(page);
    await drawer.getByRole('button', { name: '添加排序' }).click();
    const sort = drawer.getByTestId('report-sort').first();
    await choose(page, sort.locator('.ant-select').first(), '变动类型');
    await closeDropdowns(page);
    await choose(page, formItem(page, drawer, '图表类型').locator('.ant-select').first(), '柱状图');
    await choose(page, formItem(page, drawer, '分类列').locator('.ant-select').first(), '变动类型');
    await choose(page, formItem(page, drawer, '数值列').locator('.ant-select').first(), '头数(合计)');
    await closeDropdowns(page);

    await drawer.getByTestId('report-run').click();
    await expect.poll(() => drawer.getByTestId('report-chart').locator('canvas').count()).toBeGreaterThan(0);
    const shown = await shownRows(page);
    // The same sums straight from the ledger (dictionary labels as the report shows them).
    const expected = await dbQuery<{ label: string; heads: string }>(
      `select d.dict_value as label, sum(case when l.animal_type = 1 then 1 else l.male_quantity + l.female_quantity + l.they_quantity end)::text as heads
         from zoo_stock_log l join blade_dict d on d.code = 'stock_movement_type' and d.dict_key = l.movement_type and d.parent_id <> 0
        where l.tenant_id = '100000' group by l.movement_type, d.dict_value order by l.movement_type`,
    );
    expect(shown[0]).toEqual(['变动类型', '头数(合计)']);
    expect(shown.slice(1)).toEqual(expected.map((r) => [r.label, r.heads]));
    await screenshot(page, 'report-designer-1280');

    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await tip(page, '报表已保存');
    const [file] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '导出 Excel' }).click()]);
    expect(file.suggestedFilename()).toBe('按变动类型统计.xlsx');
    expect(await sheetRows(file)).toEqual(shown);

    // Back on the list: the saved report previews in a dialog.
    await drawer.locator('.ant-drawer-close').click();
    await rowAction(row(page, '按变动类型统计'), '预览');
    const dialog = page.locator('.ant-modal:visible');
    await expect.poll(() => dialog.getByTestId('report-preview').locator('tbody tr.ant-table-row').count()).toBe(expected.length);
    await screenshot(page, 'report-preview-1280');
  });
});
