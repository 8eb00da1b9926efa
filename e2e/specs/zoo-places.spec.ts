import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { authoriseSpecies } from '../lib/zoo';
import { addButton, modal, open, pick, row, rowAction, save, tip } from '../lib/ui';

const b = useBrowser();
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SLOW = { timeout: 240_000 };

describe('zoo places: authorisation, park → venue → cage, the cage card', () => {
  it('the platform administrator authorises a species for the demo zoo', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/zoo/admin/zoo', '示范动物园');
    const before = await authoriseSpecies(page, '示范动物园', {
      search: '朱鹮',
      option: 'Nipponia nippon',
      licenceNo: '(国)驯繁字[2026]099号',
      authority: '国家林业和草原局',
      validFrom: '2026-01-01',
      approved: '6',
    });
    // The seeded licence scope is shown with the new row.
    expect(await modal(page).locator('input[value="(国)驯繁字[2023]001号"]').count()).toBe(1);
    await screenshot(page, 'zoo-auth-species');
    await modal(page).getByRole('button', { name: '保存' }).click();
    await tip(page, '操作成功!');

    const scope = await dbQuery<{ licence_no: string; approved_quantity: number }>(
      `select ts.licence_no, ts.approved_quantity from zoo_tenant_species ts join zoo_species s on s.id = ts.species_id
        where ts.tenant_id = '100000' and ts.is_deleted = 0 and s.latin_name = 'Nipponia nippon'`,
    );
    expect(scope).toEqual([{ licence_no: '(国)驯繁字[2026]099号', approved_quantity: 6 }]);
    await expect.poll(() => row(page, '示范动物园').locator('td').nth(5).textContent()).toBe(String(before + 1));
    await screenshot(page, 'zoo-admin-zoo');

    // The taxonomy: one level per call; a class opens onto its orders.
    await open(page, '/zoo/admin/taxonomy', '哺乳纲');
    await row(page, '哺乳纲').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => row(page, '食肉目').count()).toBe(1);
    await screenshot(page, 'zoo-taxonomy');
  });

  it('the zoo administrator builds park → venue → cage, sees them in the tree and opens a seeded cage card', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page, { tenantId: '100000' });

    await open(page, '/zoo/park', '示范动物园主园区');
    await addButton(page).click();
    await modal(page).getByLabel('园区名称').fill('e2e园区');
    await modal(page).getByLabel('地址').fill('示范市北路8号');
    await save(page, '新增成功');
    await expect.poll(() => row(page, 'e2e园区').count()).toBe(1);

    await open(page, '/zoo/venue', '熊猫馆');
    await addButton(page).click();
    await pick(page, modal(page), '所属园区', 'e2e园区');
    await modal(page).getByLabel('场馆名称').fill('e2e场馆');
    await modal(page).getByLabel('面积(m²)').fill('350');
    await save(page, '新增成功');
    await rowAction(row(page, 'e2e场馆'), '联系人');
    await addButton(modal(page)).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(2);
    const contact = page.locator('.ant-modal:visible').last();
    await contact.getByLabel('姓名').fill('e2e联系人');
    await contact.getByLabel('手机号码').fill('13912345678');
    await contact.getByRole('button', { name: '保存' }).click();
    await tip(page, '新增成功');
    await expect.poll(() => row(modal(page), '13912345678').count()).toBe(1);
    await screenshot(page, 'zoo-venue-contacts');
    await modal(page).locator('.ant-modal-close').click();
    await expect.poll(() => modal(page).count()).toBe(0);

    await open(page, '/zoo/cage', 'PD-01');
    await addButton(page).click();
    await pick(page, modal(page), '所属园区', 'e2e园区');
    await pick(page, modal(page), '所属场馆', 'e2e场馆');
    await modal(page).getByLabel('笼舍编号').fill('E2E-01');
    await modal(page).getByLabel('笼舍名称').fill('e2e笼舍');
    await pick(page, modal(page), '笼舍类型', '室外');
    await modal(page).getByLabel('容量').fill('4');
    await screenshot(page, 'zoo-cage-form');
    await save(page, '新增成功');
    await expect.poll(() => row(page, 'E2E-01').count()).toBe(1);

    await open(page, '/zoo/park', 'e2e园区');
    const tree = page.getByTestId('place-tree');
    await expect.poll(() => tree.getByText('e2e场馆', { exact: true }).count()).toBe(1);
    await expect.poll(() => tree.getByText('e2e笼舍 (E2E-01)', { exact: true }).count()).toBe(1);
    await screenshot(page, 'zoo-park-tree');

    // A seeded cage: its card lists the animals in it.
    await open(page, '/zoo/cage', 'PD-01');
    await rowAction(row(page, 'PD-01'), '详情');
    await page.waitForURL(/\/cage\/detail\/\d+$/);
    await expect.poll(() => page.getByText('笼舍详情 — 大熊猫1号舍 (PD-01)').count()).toBeGreaterThan(0);
    await expect.poll(() => row(page, '美美').count()).toBe(1);
    await expect.poll(() => row(page, '乐乐').count()).toBe(1);
    const [{ id }] = await dbQuery<{ id: string }>(`select id::text from zoo_cage where tenant_id = '100000' and cage_code = 'PD-01' and is_deleted = 0`);
    expect(page.url()).toMatch(new RegExp(`/cage/detail/${id}$`));
    await screenshot(page, 'zoo-cage-detail');

    // A photo goes to object storage (put-file-attach) and hangs on the cage.
    await page.getByRole('tab', { name: '照片' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'pd01.png', mimeType: 'image/png', buffer: PNG });
    await tip(page, '上传成功');
    await expect.poll(() => page.getByTestId('cage-photo').count()).toBe(1);
    const photos = await dbQuery<{ original_name: string }>(
      `select original_name from zoo_biz_attach where biz_type = 'cage' and biz_id = $1 and is_deleted = 0`,
      [id],
    );
    expect(photos).toEqual([{ original_name: 'pd01.png' }]);
    await screenshot(page, 'zoo-cage-photos');
  });
});
