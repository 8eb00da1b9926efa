import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { authoriseSpecies } from '../lib/zoo';
import { dialogs, modal, openAdd, pick, row, rowAction, save, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

const SPECIES = 'e2e测试鹿';
const LATIN = 'Cervus testudo';

describe('zoo registry: species library, animals, flags, distribution', () => {
  it('adds a species, registers an animal with flags, reissues a 专用标识 and shows the distribution', SLOW, async () => {
    // Platform administrator: the species library.
    const admin = await b.newPage();
    await loginAs(admin);
    await admin.goto('/zoo/admin/species');
    await expect.poll(() => admin.getByText('大熊猫', { exact: true }).count()).toBeGreaterThan(0);
    await openAdd(admin, admin);
    await modal(admin).getByLabel('中文名').fill(SPECIES);
    await modal(admin).getByLabel('拉丁名').fill(LATIN);
    await pick(admin, modal(admin), '国家保护级别', '国家二级');
    await modal(admin)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => modal(admin).getByText('国家重点保护物种请选择主管部门(林草或渔业)').count()).toBe(1);
    await pick(admin, modal(admin), '主管部门', '林草');
    await pick(admin, modal(admin), 'CITES附录', '附录II');
    await pick(admin, modal(admin), 'IUCN等级', '易危');
    await modal(admin).getByLabel('IUCN评估年份').fill('2020');
    await modal(admin).getByLabel('最低温度(℃)').fill('-10');
    await modal(admin).getByLabel('最高温度(℃)').fill('30');
    await modal(admin).getByLabel('最低湿度(%)').fill('40');
    await modal(admin).getByLabel('最高湿度(%)').fill('80');
    await screenshot(admin, 'zoo-species-form');
    await save(admin, '新增成功');

    // Authorise it for the demo zoo on the 动物园 screen.
    await admin.goto('/zoo/admin/zoo');
    await expect.poll(() => admin.getByText('示范动物园', { exact: true }).count()).toBeGreaterThan(0);
    await authoriseSpecies(admin, '示范动物园', {
      search: SPECIES,
      option: LATIN,
      licenceNo: '(e2e)驯繁字[2026]001号',
      authority: '示范省林业和草原局',
      validFrom: '2026-01-01',
    });
    await modal(admin).getByRole('button', { name: '保存' }).click();
    await tip(admin, '操作成功!');

    // Zoo administrator: 新增 asks how the animal arrives; it enters the stock through 引进登记 in a seeded cage.
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: '100000' });
    await zoo.goto('/zoo/animal');
    await expect.poll(() => zoo.getByText('C001', { exact: true }).count()).toBeGreaterThan(0);
    await openAdd(zoo, zoo);
    await expect.poll(() => modal(zoo).getByText('新增 · 选择登记方式').count()).toBe(1);
    expect(
      await modal(zoo)
        .getByRole('button', { name: /出生登记/ })
        .count(),
    ).toBe(1);
    await screenshot(zoo, 'zoo-animal-add-choice');
    await modal(zoo)
      .getByRole('button', { name: /引进登记/ })
      .click();
    await expect.poll(() => modal(zoo).getByPlaceholder('本园编号').count()).toBe(1);
    expect(await dialogs(zoo).count()).toBe(1);
    await pick(zoo, modal(zoo), '物种', SPECIES, 'e2e');
    await pick(zoo, modal(zoo), '笼舍', 'HB-01', 'HB-01');
    await modal(zoo).getByPlaceholder('本园编号').fill('E2E-001');
    await modal(zoo).getByPlaceholder('名字').fill('测测');
    await pick(zoo, modal(zoo), '引进类型', '动物园间引进');
    await modal(zoo).getByLabel('来源单位').fill('e2e动物园');
    await screenshot(zoo, 'zoo-animal-form');
    await save(zoo, '操作成功!');
    expect(
      await dbQuery(
        `select l.movement_type k, l.counterpart from zoo_stock_log l join zoo_animal a on a.id = l.animal_id where a.local_no = 'E2E-001' and a.tenant_id = '100000'`,
      ),
    ).toEqual([{ k: 'import', counterpart: 'e2e动物园' }]);

    // Flags: a microchip (prefix meaning shown) and a 专用标识, then its new version.
    await rowAction(row(zoo, 'E2E-001'), '标识');
    const flags = modal(zoo);
    await expect.poll(() => flags.getByText('个体标识', { exact: false }).count()).toBeGreaterThan(0);
    await openAdd(zoo, flags);
    await pick(zoo, modal(zoo), '标识类型', '芯片');
    await modal(zoo).getByLabel('标识码').fill('156000000012345');
    await expect
      .poll(() =>
        modal(zoo)
          .getByText(/中国 \(ISO 3166 国家代码 156\)/)
          .count(),
      )
      .toBe(1);
    await save(zoo, '新增成功');
    await openAdd(zoo, modal(zoo));
    await pick(zoo, modal(zoo), '标识类型', '专用标识');
    await modal(zoo).getByLabel('标识码').fill('ZY-E2E-0001');
    await save(zoo, '新增成功');
    await rowAction(row(modal(zoo), 'ZY-E2E-0001'), '新版本');
    await expect.poll(() => zoo.locator('.ant-modal:visible').count()).toBe(2);
    await modal(zoo).getByLabel('标识码').fill('ZY-E2E-0002');
    await save(zoo, '操作成功!');
    await expect
      .poll(() =>
        row(modal(zoo), 'ZY-E2E-0001')
          .getByText(/已作废/)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => row(modal(zoo), 'ZY-E2E-0002').getByText('当前有效').count()).toBe(1);
    await screenshot(zoo, 'zoo-animal-flags');
    await modal(zoo)
      .locator('.ant-modal-footer button', { hasText: /关\s*闭/ })
      .click();

    // Detail: identity, flags with the voided version.
    await rowAction(row(zoo, 'E2E-001'), '详情');
    await zoo.waitForURL(/\/animal\/detail\/\d+/);
    await expect.poll(() => zoo.getByText('ZY-E2E-0001').count()).toBeGreaterThan(0);
    expect(await zoo.getByText(/已作废/).count()).toBeGreaterThan(0);
    expect(await zoo.getByText('156000000012345').count()).toBe(1);
    // The movement timeline: its entry into the stock (the import).
    await expect.poll(() => zoo.locator('.zoo-movement-timeline [data-movement="import"]').count()).toBe(1);
    await screenshot(zoo, 'zoo-animal-detail');

    // The zoo's species list carries the new authorisation and its stock.
    await zoo.goto('/zoo/species');
    await expect.poll(() => zoo.getByText('(国)驯繁字[2023]001号').count()).toBe(1);
    await zoo.getByLabel('中文名').fill(SPECIES);
    await zoo.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => row(zoo, SPECIES).count()).toBe(1);
    expect(await row(zoo, SPECIES).textContent()).toContain('(e2e)驯繁字[2026]001号');
    await screenshot(zoo, 'zoo-species-mine');

    // Distribution of the new species: chart and the demo zoo's row.
    await admin.goto('/zoo/admin/species');
    await admin.getByLabel('中文名').fill(SPECIES);
    await admin.getByRole('button', { name: /搜\s*索/ }).click();
    await rowAction(row(admin, SPECIES), '分布');
    await admin.waitForURL(/\/zoo\/admin\/species\/dist\/\d+/);
    await expect.poll(() => admin.locator('[data-testid=species-dist-chart] canvas').count()).toBeGreaterThan(0);
    expect(await admin.locator('[data-testid=species-dist-chart] canvas').first().isVisible()).toBe(true);
    await expect.poll(() => row(admin, '示范动物园').count()).toBe(1);
    expect(await row(admin, '示范动物园').textContent()).toContain('(e2e)驯繁字[2026]001号');
    await screenshot(admin, 'zoo-species-dist');
  });
});
