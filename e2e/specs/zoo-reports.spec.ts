import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose } from '../lib/antd';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { open } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 240_000 };
const DEMO = '100000';

/** Heads held now per species name (individuals in stock plus population heads) — what the period's closing must show. */
async function heldNow(extra = 'true'): Promise<Map<string, number>> {
  const rows = await dbQuery<{ name: string; n: number }>(
    `select s.species_name as name, sum(x.n)::int as n from (
       select species_id, 1 as n from zoo_animal where tenant_id = $1 and is_deleted = 0 and status = 1
       union all select species_id, male_quantity + female_quantity + they_quantity from zoo_population where tenant_id = $1 and is_deleted = 0) x
     join zoo_species s on s.id = x.species_id where ${extra} group by 1 having sum(x.n) > 0`,
    [DEMO],
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** The report table's rows as the text of their cells. */
const tableRows = (page: Page) =>
  page
    .locator('[data-testid="report-table"] tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));

async function sheetRows(download: Download): Promise<string[][]> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

// Column 13 (index 12) is 期末存栏, the stock at the end of the period (today by default).
const CLOSING = 12;

describe('stock report and the zoo home page', () => {
  it('shows this month per species with the DB stock as closing, filters by protection level and exports the same rows', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page, { tenantId: DEMO });
    await open(page, '/zoo/report', '期末存栏');
    await expect.poll(async () => (await tableRows(page)).length).toBeGreaterThan(0);
    const held = await heldNow();
    const rows = await tableRows(page);
    for (const r of rows) expect(Number(r[CLOSING]), r[0]).toBe(held.get(r[0]!) ?? 0);
    expect(
      rows
        .filter((r) => Number(r[CLOSING]) > 0)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...held.keys()].sort());
    const total = page.getByTestId('report-total');
    expect((await total.locator('td').allTextContents()).map((x) => x.trim())[CLOSING - 3]).toBe(String([...held.values()].reduce((s, n) => s + n, 0)));
    await expect.poll(() => page.getByTestId('chart-class').locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'zoo-report');

    // Protection level 国家一级: only those species, still with the DB's figures.
    await choose(page, page.getByTestId('report-protection'), '国家一级');
    const level1 = await heldNow('s.protection_class = 1');
    await expect
      .poll(async () =>
        (await tableRows(page))
          .filter((r) => Number(r[CLOSING]) > 0)
          .map((r) => r[0])
          .sort(),
      )
      .toEqual([...level1.keys()].sort());
    const filtered = await tableRows(page);
    for (const r of filtered) {
      expect(r[3]).toBe('国家一级');
      expect(Number(r[CLOSING]), r[0]).toBe(level1.get(r[0]!) ?? 0);
    }

    // The export holds exactly the rows on screen (same columns, same order) and the total row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^存栏报表_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await sheetRows(download);
    expect(sheet[0]![0]).toBe('物种');
    expect(sheet.slice(1, -1)).toEqual(filtered);
    expect(sheet.at(-1)![0]).toBe('合计');
    expect(sheet.at(-1)![CLOSING]).toBe(String([...level1.values()].reduce((s, n) => s + n, 0)));
  });

  it("shows the zoo's figures from the DB on the home page, each tile opening its screen", SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page, { tenantId: DEMO });
    const [db] = await dbQuery<{ animals: number; populations: number; species: number; month: number; transfers: number; alarms: number }>(
      `select (select count(*)::int from zoo_animal where tenant_id = $1 and is_deleted = 0 and status = 1) as animals,
              (select count(*)::int from zoo_population where tenant_id = $1 and is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0) as populations,
              (select count(*)::int from (select species_id from zoo_animal where tenant_id = $1 and is_deleted = 0 and status = 1
                 union select species_id from zoo_population where tenant_id = $1 and is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0) s) as species,
              (select count(*)::int from zoo_stock_log where tenant_id = $1 and event_date >= date_trunc('month', (now() at time zone 'Asia/Shanghai')::date) and event_date < (now() at time zone 'Asia/Shanghai')::date + 1) as month,
              (select count(*)::int from zoo_transfer_log where transfer_status = 0 and (tenant_id = $1 or to_tenant_id = $1)) as transfers,
              (select count(*)::int from zoo_humiture_alarm where tenant_id = $1 and is_deleted = 0 and end_time is null) as alarms`,
      [DEMO],
    );
    const tile = (key: string) => page.getByTestId(`home-tile-${key}`).locator('.ant-statistic-content-value');
    await expect.poll(() => tile('animals').textContent()).toBe(String(db!.animals));
    expect(await tile('populations').textContent()).toBe(String(db!.populations));
    expect(await tile('species').textContent()).toBe(String(db!.species));
    expect(await tile('movements').textContent()).toBe(String(db!.month));
    // The demo data holds one pending transfer (decision 0022).
    expect(db!.transfers).toBeGreaterThan(0);
    expect(await tile('transfers').textContent()).toBe(String(db!.transfers));
    expect(await tile('alarms').textContent()).toBe(String(db!.alarms));
    await expect.poll(() => tile('todayLog').textContent()).toMatch(/^\d+%$/);
    await expect.poll(() => page.getByTestId('chart-home-class').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('desk-count-user').count()).toBe(0);
    await screenshot(page, 'zoo-home');

    for (const [key, path] of [
      ['animals', '/zoo/animal'],
      ['populations', '/zoo/population'],
      ['species', '/zoo/species'],
      ['todayLog', '/zoo/basiclog'],
      ['movements', '/zoo/stocklog'],
      ['transfers', '/zoo/transfer'],
      ['alarms', '/zoo/alarm'],
    ] as const) {
      await page.goto('/wel/index');
      await page.getByTestId(`home-tile-${key}`).click();
      await page.waitForURL((u) => u.pathname === path);
    }
  });

  it('keeps the dashboard counts on the platform administrator’s home', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await expect.poll(() => page.getByTestId('desk-count-user').count()).toBe(1);
    expect(await page.getByTestId('home-tile-animals').count()).toBe(0);
  });
});
