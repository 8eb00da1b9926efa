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
});
