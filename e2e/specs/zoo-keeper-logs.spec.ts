import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { TODAY, clearTodaysRound } from '../lib/round';
import { modal, openAdd, row, save, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

const card = (page: Page, name: string) => page.locator('[data-testid="round-item"]', { hasText: name }).first();
const progress = (page: Page) => page.getByTestId('round-progress');

describe('keeper logs: today round, month calendar, feedback', () => {
  beforeAll(clearTodaysRound);

  it("a keeper logs today's round on a tablet, sees today's % and the month calendar", SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await loginAs(page, { tenantId: '100000', account: 'keeper1', password: 'keeper1' });
    const [keeper] = await dbQuery<{ id: string }>(`select id::text from blade_user where tenant_id = '100000' and account = 'keeper1'`);
    const [{ today }] = await dbQuery<{ today: string }>(`select to_char(${TODAY}, 'YYYY-MM-DD') as today`);
    const todays = () =>
      dbQuery<{ name: string; health: number; diet: Array<{ food: string; amount: number; intake: number }>; keeper: string }>(
        `select coalesce(a.animal_name, p.population_name) as name, l.health, l.diet, l.keeper_id::text as keeper
         from zoo_basic_log l left join zoo_animal a on a.id = l.animal_id left join zoo_population p on p.id = l.animal_id
        where l.tenant_id = '100000' and l.log_date = ${TODAY} and l.is_deleted = 0 order by l.id`,
      );

    // 饲养日志 opens on today's round: PD-01's six pandas and PD-02's four red pandas, nothing logged yet.
    await page.goto('/zoo/basiclog');
    // Other specs may have added cubs to PD-01 (a litter): the round holds the ten demo animals and any of theirs.
    await expect.poll(() => page.getByTestId('round-item').count()).toBeGreaterThanOrEqual(10);
    const n = await page.getByTestId('round-item').count();
    await expect.poll(() => progress(page).textContent()).toBe(`今日完成 0 / ${n}`);
    expect(await todays()).toEqual([]);
    await screenshot(page, 'keeper-round-start-1024');

    // One click: yesterday's diet, all eaten, everything normal.
    await card(page, '美美 (P001)').getByRole('button', { name: '一键记录' }).click();
    await tip(page, '已记录');
    await expect.poll(() => progress(page).textContent()).toBe(`今日完成 1 / ${n}`);
    await expect.poll(() => card(page, '美美 (P001)').getByText('已记录', { exact: true }).count()).toBe(1);
    const [quick] = await todays();
    expect(quick).toMatchObject({ name: '美美', health: 1, keeper: keeper!.id });
    expect(quick!.diet.map((d) => [d.food, d.intake])).toEqual([
      ['竹子', 1],
      ['竹笋', 1],
      ['窝窝头', 1],
    ]);

    // Full entry: a partly eaten item, a lethargic animal to watch.
    await card(page, '阳阳 (P002)').getByRole('button', { name: '详细记录' }).click();
    const dlg = modal(page);
    await expect.poll(() => dlg.getByTestId('diet-row').count()).toBe(3);
    const firstRow = dlg.getByTestId('diet-row').first();
    await firstRow.getByLabel('投喂量').fill('12');
    await firstRow.locator('.ant-select').last().click(); // the intake (the unit is an autocomplete)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '部分采食' }).click();
    await dlg.getByText('少动', { exact: true }).click();
    await dlg.getByText('需观察', { exact: true }).click();
    await dlg.getByLabel('备注').fill('午后少动,继续观察');
    await screenshot(page, 'keeper-entry-dialog-1024');
    await dlg.getByRole('button', { name: /保\s*存/ }).click();
    await tip(page, '操作成功!');
    await expect.poll(() => progress(page).textContent()).toBe(`今日完成 2 / ${n}`);
    await expect
      .poll(() =>
        page
          .getByRole('progressbar')
          .getByText(`${Math.round(200 / n)}%`, { exact: true })
          .count(),
      )
      .toBe(1);
    const full = (await todays()).find((l) => l.name === '阳阳');
    expect(full).toMatchObject({ health: 2, keeper: keeper!.id });
    expect(full!.diet[0]).toMatchObject({ food: '竹子', amount: 12, intake: 2 });
    const [p002] = await dbQuery<{ intake: number; behaviour: number; remark: string }>(
      `select l.intake, l.behaviour, l.remark from zoo_basic_log l join zoo_animal a on a.id = l.animal_id where a.local_no = 'P002' and l.log_date = ${TODAY} and l.is_deleted = 0`,
    );
    expect(p002).toEqual({ intake: 2, behaviour: 3, remark: '午后少动,继续观察' });
    await screenshot(page, 'keeper-round-done-1024');

    // The month calendar of 美美: every logged day of the month (the seeded weeks and today) is marked.
    await card(page, '美美 (P001)').getByRole('button', { name: '日志日历' }).click();
    await page.waitForURL(/\/animal\/log\/\d+$/);
    await expect.poll(() => page.getByTestId('calendar-subject').textContent()).toBe('美美 (P001)');
    const month = await dbQuery<{ day: string }>(
      `select to_char(l.log_date, 'YYYY-MM-DD') as day from zoo_basic_log l join zoo_animal a on a.id = l.animal_id
        where a.local_no = 'P001' and l.is_deleted = 0 and date_trunc('month', l.log_date) = date_trunc('month', ${TODAY}) order by 1`,
    );
    expect(month.at(-1)!.day).toBe(today);
    await expect.poll(() => page.locator('[data-testid^="logged-"]').count()).toBe(month.length);
    for (const { day } of month) expect(await page.getByTestId(`logged-${day}`).count()).toBe(1);
    expect(await page.getByTestId('calendar-count').textContent()).toBe(`本月已记录 ${month.length} 天`);
    await screenshot(page, 'keeper-calendar-1024');

    // A logged day opens its log.
    await page.getByTestId(`logged-${today}`).click();
    await page.waitForURL(/\/basiclog\/detail\/\d+$/);
    await expect.poll(() => page.getByText(`饲养日志详情 · 美美 (P001) · ${today}`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: '窝窝头' }).count()).toBe(1);
    await screenshot(page, 'keeper-log-detail-1024');

    // The same round in English.
    await page.goto('/zoo/basiclog');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => progress(page).textContent()).toBe(`Done today 2 / ${n}`);
    await expect.poll(() => card(page, '欢欢 (P004)').getByRole('button', { name: 'One-click log' }).count()).toBe(1);
    await screenshot(page, 'keeper-round-en-1024');
  });

  it("a zoo admin reads every keeper's logs, then records feedback and answers it", SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page, { tenantId: '100000' });
    // The admin keeps no cage: nothing due today; the keeper's logs are in 全部日志, newest first.
    await page.goto('/zoo/basiclog');
    await expect.poll(() => progress(page).textContent()).toBe('今日完成 0 / 0');
    await page.getByRole('tab', { name: '全部日志' }).click();
    await expect.poll(() => row(page, '阳阳 (P002)').getByText('需观察').count()).toBe(1);
    expect(await row(page, '阳阳 (P002)').getByText('李饲养').count()).toBe(1);
    await screenshot(page, 'keeper-log-list');

    await page.goto('/zoo/feedback/index');
    await expect.poll(() => page.locator('.ant-table').count()).toBeGreaterThan(0);
    await openAdd(page, page);
    await modal(page).getByLabel('标题').fill('鹿苑围栏松动');
    await modal(page).getByLabel('反馈内容').fill('东侧第三段围栏松动,需要加固');
    await modal(page).getByLabel('联系人').fill('王饲养');
    await save(page, '新增成功');
    await expect.poll(() => row(page, '鹿苑围栏松动').getByText('待处理').count()).toBe(1);
    await row(page, '鹿苑围栏松动')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await modal(page).locator('.ant-form-item', { hasText: '处理状态' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已答复' }).click();
    await modal(page).getByLabel('处理答复').fill('已安排加固');
    await save(page, '更新成功');
    await expect.poll(() => row(page, '鹿苑围栏松动').getByText('已答复').count()).toBe(1);
    const [fb] = await dbQuery<{ handle_state: number; reply: string; replier: string }>(
      `select f.handle_state, f.reply, u.account as replier from zoo_feedback f join blade_user u on u.id = f.reply_user where f.title = '鹿苑围栏松动'`,
    );
    expect(fb).toEqual({ handle_state: 3, reply: '已安排加固', replier: 'admin' });
    await screenshot(page, 'zoo-feedback');
  });
});
