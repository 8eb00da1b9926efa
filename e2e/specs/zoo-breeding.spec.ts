import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { choose } from '../lib/antd';
import { modal, open, openAdd, pick, row, rowAction, save, tip } from '../lib/ui';
import { TODAY } from '../lib/round';

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

    // 妊娠诊断: 安安 confirmed by ultrasound; the window comes from the species' gestation (83–200 days).
    await page.setViewportSize({ width: 768, height: 1000 });
    await open(page, '/zoo/breeding/pregnancy', '妊娠诊断');
    await openAdd(page, page);
    const preg = modal(page);
    await pick(page, preg, '雌性个体', '安安 (P006)', '安安');
    await pick(page, preg, '诊断方法', 'B超');
    await pick(page, preg, '妊娠状态', '确认妊娠');
    await save(page, '新增成功');
    const [pg] = await dbQuery<{ n: number; w: number }>(
      `select count(*)::int n, max(expected_to - expected_from)::int w from zoo_breed_pregnancy p join zoo_animal a on a.id = p.female_id
        where a.local_no = 'P006' and p.tenant_id = '100000' and p.is_deleted = 0 and p.preg_status = 2 and p.check_date = ${TODAY}`,
    );
    expect(pg).toEqual({ n: 1, w: 117 });

    // 产仔与育幼: twins of 安安 in her cage, booked as the ledger's birth movement.
    const [home] = await dbQuery<{ code: string; ledger: number }>(
      `select c.cage_code code, (select count(*)::int from zoo_stock_log where tenant_id = '100000' and movement_type = 'born') ledger
         from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.tenant_id = '100000' and a.local_no = 'P006'`,
    );
    await open(page, '/zoo/breeding/litter', '产仔与育幼');
    await openAdd(page, page);
    const lit = modal(page);
    await pick(page, lit, '母本', '安安 (P006)', '安安');
    await pick(page, lit, '笼舍', home!.code, home!.code);
    await lit.getByRole('button', { name: /添加幼仔/ }).click();
    const cubs = lit.getByTestId('cubs-editor');
    for (const [i, [no, name, sex, g]] of [
      ['E2E-TWIN-1', '双双', '雄', '152'],
      ['E2E-TWIN-2', '对对', '雌', '98'],
    ].entries()) {
      await cubs.getByLabel('本园编号').nth(i).fill(no!);
      await cubs.getByLabel('名字').nth(i).fill(name!);
      await choose(page, cubs.locator('.ant-select').nth(i * 2), sex!);
      await cubs.getByLabel('出生体重(g)').nth(i).fill(g!);
    }
    await pick(page, lit, '育幼方式', '双胞胎交替育幼');
    await screenshot(page, 'breeding-litter-form');
    await save(page, '新增成功');
    // The database: one litter, two cubs in stock with 安安 as dam, two birth rows in the ledger, birth weights in g.
    const cubRows = await dbQuery<{ local_no: string; dam: string; status: number; born: number; grams: number }>(
      `select c.local_no, d.local_no dam, c.status,
              (select count(*)::int from zoo_stock_log l where l.animal_id = c.id and l.movement_type = 'born') born,
              (select (w.weight_kg * 1000)::float8 from zoo_med_weight w where w.animal_id = c.id limit 1) grams
         from zoo_animal c join zoo_animal d on d.id = c.dam_id
        where c.tenant_id = '100000' and c.local_no like 'E2E-TWIN-%' and c.is_deleted = 0 order by c.local_no`,
    );
    expect(cubRows).toEqual([
      { local_no: 'E2E-TWIN-1', dam: 'P006', status: 1, born: 1, grams: 152 },
      { local_no: 'E2E-TWIN-2', dam: 'P006', status: 1, born: 1, grams: 98 },
    ]);
    const [after] = await dbQuery<{ ledger: number; litters: number }>(
      `select (select count(*)::int from zoo_stock_log where tenant_id = '100000' and movement_type = 'born') ledger,
              (select count(*)::int from zoo_breed_litter where tenant_id = '100000' and is_deleted = 0 and jsonb_array_length(cubs) = 2 and rearing = 3 and birth_date = ${TODAY}) litters`,
    );
    expect(after).toEqual({ ledger: home!.ledger + 2, litters: 1 });
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: '安安 (P006)' }).getByText('双双 (E2E-TWIN-1)').count()).toBe(1);

    // The animal list shows the cubs, and 安安's detail has the 繁殖 card with the litter.
    await open(page, '/zoo/animal', '个体管理');
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: 'E2E-TWIN-2' }).count(), { timeout: 20_000 }).toBe(1);
    const [anan] = await dbQuery<{ id: string }>(`select id::text from zoo_animal where tenant_id = '100000' and local_no = 'P006'`);
    await page.goto(`/animal/detail/${anan!.id}`);
    const card = page.getByTestId('animal-breeding');
    await card.getByRole('tab', { name: /产仔/ }).click();
    await expect.poll(() => card.locator('tr.ant-table-row').filter({ hasText: '双胞胎交替育幼' }).count()).toBe(2); // the demo's twins and these
    await screenshot(page, 'breeding-animal-tab');

    // 繁殖日历 at phone width: this month lists the birth.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/zoo/breeding/calendar', '繁殖日历');
    await expect.poll(() => page.getByTestId('breeding-calendar').locator('.ant-list-item', { hasText: '产仔 2 只' }).count()).toBe(1);
    const cal = await page.getByTestId('breeding-calendar').boundingBox();
    expect(cal!.x + cal!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'breeding-calendar-390');
  });

  it('a crane clutch: an egg through the eggs dialog, candled fertile, the counts derived from the eggs', SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await loginAs(page, { tenantId: '100000', account: 'admin', password: 'admin' });
    const [home] = await dbQuery<{ code: string }>(
      `select c.cage_code code from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.tenant_id = '100000' and a.local_no = 'C002'`,
    );
    // 红红 paired with 丹丹 today, then her clutch of two eggs in the incubator.
    await open(page, '/zoo/breeding/event', '配种记录');
    await openAdd(page, page);
    const ev = modal(page);
    await pick(page, ev, '雌性个体', '红红 (C002)', '红红');
    await pick(page, ev, '候选父本/供体', '丹丹 (C001)', '丹丹');
    await ev.locator('.ant-modal-title').click();
    await save(page, '新增成功');
    await open(page, '/zoo/breeding/litter', '产仔与育幼');
    await openAdd(page, page);
    const lit = modal(page);
    await pick(page, lit, '母本', '红红 (C002)', '红红');
    await pick(page, lit, '笼舍', home!.code, home!.code);
    // No chick has hatched yet: the form's empty young row goes.
    await lit.getByTestId('cubs-editor').getByRole('button', { name: '移除该幼仔' }).click();
    await pick(page, lit, '育幼方式', '孵化箱孵化育雏(鸟类)');
    await lit.getByLabel('产卵数(鸟类)').fill('2');
    await save(page, '新增成功');

    // 卵记录: egg 1 in the incubator, then candled fertile.
    await rowAction(row(page, '红红 (C002)'), '卵记录');
    const dlg = modal(page);
    const form = dlg.getByTestId('egg-form');
    await form.getByLabel('卵重(g)').fill('205');
    await pick(page, form, '孵化方式', '孵化箱');
    await form.getByRole('button', { name: /保存卵记录/ }).click();
    await tip(page, '卵记录已保存');
    const egg = async () =>
      (
        await dbQuery<{ no: number; g: number; inc: number; fertility: number; candlings: number }>(
          `select e.egg_no no, e.weight_g::float8 g, e.incubation inc, e.fertility, jsonb_array_length(e.candlings)::int candlings
             from zoo_breed_egg e join zoo_breed_litter l on l.id = e.litter_id join zoo_animal a on a.id = l.dam_id
            where e.tenant_id = '100000' and a.local_no = 'C002' and e.is_deleted = 0 and l.is_deleted = 0 order by e.id desc limit 1`,
        )
      )[0];
    await expect.poll(egg).toEqual({ no: 1, g: 205, inc: 1, fertility: 0, candlings: 0 });
    const candle = dlg.getByTestId('candle-form');
    await pick(page, candle, '卵号', '1');
    await candle.getByRole('button', { name: /登记照蛋/ }).click();
    await tip(page, '照蛋结果已登记');
    await expect.poll(egg).toEqual({ no: 1, g: 205, inc: 1, fertility: 1, candlings: 1 });
    await expect.poll(() => dlg.getByTestId('clutch-summary').textContent()).toMatch(/产卵1.*受精1.*出壳0/);
    await screenshot(page, 'breeding-eggs-dialog');
  });
});
