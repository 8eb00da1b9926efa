import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { dialogs, formItem, modal, open, pick, pickTree, row, rowAction, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };
const CUB = 'E2E-CUB-1';

const saveMovement = async (page: import('playwright-core').Page) => {
  const before = await dialogs(page).count();
  await modal(page)
    .getByRole('button', { name: /^保\s*存$/ })
    .click();
  await tip(page, '操作成功!');
  await expect.poll(() => dialogs(page).count()).toBe(before - 1);
};

describe('stock ledger: birth, move, population export, death', () => {
  it('registers a birth, moves it, exports part of a population and records a death, on screen and in the database', SLOW, async () => {
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: '100000' });
    // The demo zoo's year of movements is listed.
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await expect.poll(() => zoo.locator('tr.ant-table-row').count()).toBeGreaterThan(0);

    // 出生登记 of an individual: the animal pick is hidden, the newborn's number and sex are asked.
    await zoo.getByRole('button', { name: '出生登记' }).click();
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    expect(await formItem(zoo, modal(zoo), '个体').count()).toBe(0);
    expect(await formItem(zoo, modal(zoo), '雄性数量').count()).toBe(0);
    await modal(zoo)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await expect.poll(() => formItem(zoo, modal(zoo), '物种').getByText('请选择物种').count()).toBe(1);
    await pick(zoo, modal(zoo), '物种', '大熊猫', '大熊猫');
    await pick(zoo, modal(zoo), '笼舍', 'PD-01');
    await modal(zoo).getByPlaceholder('本园编号').fill(CUB);
    await modal(zoo).getByPlaceholder('名字').fill('测测');
    await pick(zoo, modal(zoo), '出生方式', '自然繁殖');
    await screenshot(zoo, 'zoo-stocklog-born-form');
    await saveMovement(zoo);
    const [cub] = await dbQuery<{ id: string; status: number; cage: string }>(
      `select a.id::text, a.status, c.cage_code cage from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.local_no = $1 and a.tenant_id = '100000'`,
      [CUB],
    );
    expect(cub).toMatchObject({ status: 1, cage: 'PD-01' });

    // 迁移登记: the newborn to the other cage of the panda house.
    await zoo.getByRole('button', { name: '迁移登记' }).click();
    await pick(zoo, modal(zoo), '物种', '大熊猫', '大熊猫');
    await pick(zoo, modal(zoo), '个体', CUB, 'E2E');
    expect(await formItem(zoo, modal(zoo), '迁出笼舍').count()).toBe(0);
    await pick(zoo, modal(zoo), '迁入笼舍', 'PD-02', 'PD-02');
    await saveMovement(zoo);
    expect(
      (await dbQuery<{ cage: string }>(`select c.cage_code cage from zoo_animal a join zoo_cage c on c.id = a.cage_id where a.id = $1`, [cub!.id]))[0]!.cage,
    ).toBe('PD-02');

    // A population row's 输出: cage and counts shown, the animal pick hidden; never more than in stock.
    await open(zoo, '/zoo/population', '梅花鹿群');
    await rowAction(row(zoo, '梅花鹿群'), /^输出$/);
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    expect(await formItem(zoo, modal(zoo), '个体').count()).toBe(0);
    await formItem(zoo, modal(zoo), '雌性数量').locator('input').fill('99');
    await pick(zoo, modal(zoo), '输出类型', '交换');
    await modal(zoo).getByLabel('输出去向').fill('北京动物园');
    await modal(zoo)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await tip(zoo, '笼舍「HB-01」该种群雌性存栏 10 只,不能减少 99 只');
    await formItem(zoo, modal(zoo), '雌性数量').locator('input').fill('2');
    // 梅花鹿 is class I: the export names the demo zoo's transport certificate (decision 0040).
    await pickTree(zoo, modal(zoo), '许可证', '野生动物运输证明');
    await screenshot(zoo, 'zoo-stocklog-export-form');
    await saveMovement(zoo);
    await expect.poll(() => row(zoo, '梅花鹿群').textContent()).toContain('14 (4.8.2)');
    expect(
      await dbQuery(
        `select male_quantity m, female_quantity f, they_quantity u from zoo_population where population_name = '梅花鹿群' and tenant_id = '100000'`,
      ),
    ).toEqual([{ m: 4, f: 8, u: 2 }]);

    // The population's detail (linked from its name): read-only stock per sex and cage, the timeline ending with
    // this export, its 变更记录.
    await row(zoo, '梅花鹿群').getByRole('link', { name: '梅花鹿群' }).click();
    await zoo.waitForURL(/\/animal\/detail\/\d+\?type=2$/);
    await expect.poll(() => zoo.getByTestId('population-stock').textContent()).toBe('14 (4.8.2)');
    await expect.poll(() => zoo.locator('.zoo-population-cages tr', { hasText: 'HB-01' }).count()).toBe(1);
    const popTimeline = zoo.locator('.zoo-movement-timeline');
    await expect.poll(() => popTimeline.locator('[data-movement]').last().getAttribute('data-movement')).toBe('export');
    expect(await popTimeline.locator('[data-movement]').last().textContent()).toContain('北京动物园');
    expect(await zoo.getByText('变更记录').count()).toBeGreaterThan(0);
    expect(await zoo.getByRole('button', { name: /编\s*辑|修\s*改/ }).count()).toBe(0);
    await screenshot(zoo, 'zoo-population-detail');

    // The animal row's 死亡 for the newborn.
    await open(zoo, '/zoo/animal', 'C001');
    await zoo.getByLabel('本园编号').fill(CUB);
    await zoo.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => row(zoo, CUB).count()).toBe(1);
    await rowAction(row(zoo, CUB), /^死亡$/);
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    await pick(zoo, modal(zoo), '死亡类型', '疾病死亡');
    await modal(zoo).getByLabel('兽医意见').fill('先天不足,抢救无效');
    await saveMovement(zoo);
    expect((await dbQuery<{ status: number }>(`select status from zoo_animal where id = $1`, [cub!.id]))[0]!.status).toBe(3);
    expect((await dbQuery<{ k: string }>(`select movement_type k from zoo_stock_log where animal_id = $1 order by id`, [cub!.id])).map((r) => r.k)).toEqual([
      'born',
      'move',
      'die',
    ]);

    // Its detail page shows the timeline; the ledger lists the three rows.
    await zoo.goto(`/animal/detail/${cub!.id}`);
    const timeline = zoo.locator('.zoo-movement-timeline');
    await expect.poll(() => timeline.locator('[data-movement]').count()).toBe(3);
    expect(await timeline.textContent()).toMatch(/出生.*迁移.*死亡/);
    await screenshot(zoo, 'zoo-stocklog-animal-timeline');
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await expect.poll(() => zoo.locator('tr.ant-table-row', { hasText: CUB }).count()).toBe(3);
    await expect.poll(() => zoo.locator('tr.ant-table-row', { hasText: '北京动物园' }).count()).toBeGreaterThan(0);
    await screenshot(zoo, 'zoo-stocklog-list');
  });
});
