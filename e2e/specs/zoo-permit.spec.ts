import ExcelJS from 'exceljs';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { api, tokenOf } from '../lib/api';
import { dialogs, modal, open, pick, pickTree, row, save, tip } from '../lib/ui';
import { choose } from '../lib/antd';

/**
 * Permits (decision 0040): an export of a class I animal is refused for want of a transport certificate; the
 * certificate is entered in 许可证管理; the export is booked with it; the permit shows what is left and its use.
 */
const b = useBrowser();
const SLOW = { timeout: 300_000 };
const ZOO = '100000';
const PANDA = 'E2E-PMT-1';
const PERMIT = 'YS-E2E-0032';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const animal = async () =>
  (await dbQuery<{ id: string; status: number }>(`select id::text, status from zoo_animal where tenant_id = $1 and local_no = $2`, [ZOO, PANDA]))[0]!;

async function fillExport(page: import('playwright-core').Page): Promise<void> {
  await page.getByRole('button', { name: '输出登记' }).click();
  await expect.poll(() => dialogs(page).count()).toBe(1);
  await pick(page, modal(page), '物种', '大熊猫', '大熊猫');
  await pick(page, modal(page), '个体', PANDA, 'E2E-PMT');
  await pick(page, modal(page), '输出类型', '交换');
  await modal(page).getByLabel('输出去向').fill('成都大熊猫繁育研究基地');
}
/** The permit's row, found through the list's search (open-ended permits sort last). */
async function findPermit(page: import('playwright-core').Page): Promise<void> {
  await page.getByLabel('证件编号').fill(PERMIT);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect.poll(() => row(page, PERMIT).count()).toBe(1);
}
/** The rows of a downloaded workbook's first sheet, as text. */
async function sheetRows(download: Download): Promise<string[][]> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}
const saveButton = (page: import('playwright-core').Page) => modal(page).getByRole('button', { name: /^保\s*存$/ });

describe('permits', () => {
  it('an export refused without a transport certificate, the certificate entered, the export booked, what is left shown', SLOW, async () => {
    // --- setup through the API: a panda of our own to export -------------------------------------------------
    const zooToken = await tokenOf(ZOO, 'admin', 'admin');
    const [ids] = await dbQuery<{ species: string; cage: string }>(
      `select s.id::text species, c.id::text cage from zoo_species s, zoo_cage c where s.species_name = '大熊猫' and s.is_deleted = 0 and c.tenant_id = $1 and c.cage_code = 'PD-01'`,
      [ZOO],
    );
    await api(zooToken, '/zoo-stockLog/stockLog/born_enroll', {
      body: { animalType: 1, speciesId: ids!.species, cageId: ids!.cage, bornDate: today, animals: [{ localNo: PANDA, animalName: '证证', sex: 2 }] },
    });

    // --- the export without a permit: refused, the reason named, nothing moved ----------------------------------
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: ZOO });
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await fillExport(zoo);
    await saveButton(zoo).click();
    await tip(zoo, `物种「大熊猫」为国家一级保护野生动物,输出须选择在 ${today} 有效、覆盖该物种1只的野生动物运输证明`);
    expect(await animal()).toMatchObject({ status: 1 });
    await modal(zoo)
      .getByRole('button', { name: /^取\s*消$/ })
      .click();

    // --- the certificate entered in 许可证管理 ----------------------------------------------------------------
    await open(zoo, '/zoo/permit', '许可证管理');
    await zoo
      .locator('button', { hasText: /^新\s*增$/ })
      .first()
      .click();
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    await modal(zoo).getByLabel('证件编号').fill(PERMIT);
    await modal(zoo).getByLabel('发证机关').fill('四川省林业和草原局');
    await choose(zoo, modal(zoo).getByTestId('permit-lines').locator('.ant-select').first(), '大熊猫', { type: '大熊猫' });
    await modal(zoo).getByTestId('permit-lines').getByLabel('数量').fill('2');
    await screenshot(zoo, 'zoo-permit-form');
    await save(zoo, '新增成功');
    await findPermit(zoo);
    const [saved] = await dbQuery<{ id: string; kind: number; lines: unknown }>(
      `select id::text, kind, lines from zoo_permit where tenant_id = $1 and permit_no = $2 and is_deleted = 0`,
      [ZOO, PERMIT],
    );
    expect(saved).toMatchObject({ kind: 3, lines: [{ speciesId: ids!.species, sex: 0, quantity: 2 }] });

    // --- the export with the certificate: booked, the use recorded ------------------------------------------------
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await fillExport(zoo);
    await pickTree(zoo, modal(zoo), '许可证', PERMIT);
    expect(await modal(zoo).textContent()).toContain('剩余 2');
    await saveButton(zoo).click();
    await tip(zoo, '操作成功!');
    await expect.poll(() => dialogs(zoo).count()).toBe(0);
    expect(await animal()).toMatchObject({ status: 2 });
    expect(await dbQuery(`select quantity, use_kind from zoo_permit_use where permit_id = $1 and is_deleted = 0`, [saved!.id])).toEqual([
      { quantity: 1, use_kind: 'export' },
    ]);

    // --- the permit shows what is left and its use history -------------------------------------------------------
    await open(zoo, '/zoo/permit', '许可证管理');
    await findPermit(zoo);
    await expect.poll(() => row(zoo, PERMIT).textContent()).toContain('大熊猫 ×2(剩余 1)');
    await row(zoo, PERMIT).getByTestId('permit-uses').click();
    await expect.poll(() => zoo.locator('.ant-drawer').getByText('输出', { exact: true }).count()).toBe(1);
    await screenshot(zoo, 'zoo-permit-uses');
  });

  it('the annual inventory: this year reconciled with the ledger on screen, and the same rows in the Excel file', SLOW, async () => {
    const zoo = await b.newPage();
    await zoo.setViewportSize({ width: 768, height: 1024 });
    await loginAs(zoo, { tenantId: ZOO });
    await open(zoo, '/zoo/permit', '许可证管理');
    await zoo.getByRole('tab', { name: '年度存栏报告' }).click();
    const year = today.slice(0, 4);
    const input = zoo.getByTestId('inventory-year');
    await input.fill(year);
    await input.press('Enter');
    await input.blur();
    const banner = zoo.getByTestId('inventory-reconciled');
    await expect.poll(() => banner.textContent()).toContain(`${year}-01-01 至 ${year}-12-31:各物种年初存栏 + 增加 − 减少 = 年末存栏,与存栏台账一致`);
    // The panda row: born and exported this year (the first test), its closing stock what the zoo holds now.
    const table = zoo.getByTestId('inventory-table');
    const pandaRow = table.locator('tr.ant-table-row', { hasText: '大熊猫' });
    await expect.poll(() => pandaRow.count()).toBe(1);
    const [held] = await dbQuery<{ n: number }>(
      `select ((select count(*) from zoo_animal a join zoo_species s on s.id = a.species_id where a.tenant_id = $1 and s.species_name = '大熊猫' and a.status = 1 and a.is_deleted = 0)
             + (select coalesce(sum(p.male_quantity + p.female_quantity + p.they_quantity), 0) from zoo_population p join zoo_species s on s.id = p.species_id
                 where p.tenant_id = $1 and s.species_name = '大熊猫' and p.is_deleted = 0))::int as n`,
      [ZOO],
    );
    const cells = async () => (await pandaRow.locator('td').allTextContents()).map((x) => x.trim());
    const headers = (await table.locator('thead th').allTextContents()).map((x) => x.trim());
    const at = (name: string) => headers.indexOf(name);
    expect(at('年末存栏')).toBeGreaterThan(0);
    expect((await cells())[at('年末存栏')]).toBe(String(held!.n));
    expect(Number((await cells())[at('出生')])).toBeGreaterThanOrEqual(1);
    expect(Number((await cells())[at('输出')])).toBeGreaterThanOrEqual(1);
    expect((await cells())[at('差异')]).toBe('0');
    await screenshot(zoo, 'zoo-permit-inventory-768');

    // --- the Excel file: a header, the screen's rows in the screen's order, a total ---------------------------------
    const screenNames = (await table.locator('tr.ant-table-row td:first-child').allTextContents()).map((x) => x.trim());
    const [file] = await Promise.all([zoo.waitForEvent('download'), zoo.getByTestId('inventory-export').click()]);
    expect(file.suggestedFilename()).toBe(`国家重点保护野生动物年度存栏报告_${year}.xlsx`);
    const rows = await sheetRows(file);
    expect(rows[0]!.slice(0, 7)).toEqual(['物种', '学名', '保护级别', '主管部门', 'CITES附录', '人工繁育许可证', '年初存栏']);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(screenNames);
    expect(rows.at(-1)![0]).toBe('合计');
    const panda = rows.find((r) => r[0] === '大熊猫')!;
    expect(panda[rows[0]!.indexOf('年末存栏')]).toBe(String(held!.n));
    expect(panda[rows[0]!.indexOf('差异')]).toBe('0');

    // Phone width: the report scrolls sideways inside itself (the shell's header is not this page's).
    await zoo.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => {
        const box = await table.boundingBox();
        return box!.x + box!.width;
      })
      .toBeLessThanOrEqual(390);
    await screenshot(zoo, 'zoo-permit-inventory-390');

    // The home's compliance card and the other tabs, in English at tablet width (looked at, not asserted in detail).
    await zoo.setViewportSize({ width: 768, height: 1024 });
    await zoo.goto('/wel/index');
    await expect.poll(() => zoo.getByTestId('home-permits').count()).toBe(1);
    await zoo.getByTestId('shell-header').getByText('English').click();
    await expect.poll(() => zoo.getByTestId('home-permits').textContent()).toContain('Licence quota use');
    await screenshot(zoo, 'zoo-home-permits-en');
    await open(zoo, '/zoo/permit?tab=marking', 'Marking to-do');
    await screenshot(zoo, 'zoo-permit-marking-en');
    // A species' protection status history, from the zoo's species screen.
    await open(zoo, '/zoo/species', 'Species');
    await zoo.getByTestId('species-status').first().click();
    await expect.poll(() => zoo.getByTestId('species-status-table').getByText('As first recorded').count()).toBe(1);
    await screenshot(zoo, 'zoo-species-status-en');
  });
});
