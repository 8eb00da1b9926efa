import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { dialogs, modal, okButton, open, pick, pickTree, row, tip } from '../lib/ui';
import { api, tokenOf } from '../lib/api';

/**
 * An export behind the demo zoo's approval gate (issue 14): the platform administrator names the seeded
 * curator → director process in the zoo's parameter; the zoo records an export in the stock screen and is told it
 * waits for approval (nothing moves); the seeded curator and then director approve it in the work screens; the
 * animal leaves stock, on screen and in the database. The parameter is removed afterwards (the server is shared).
 */
const b = useBrowser();
const SLOW = { timeout: 300_000 };
const ZOO = '100000';
const PARAM_KEY = `zoo.stock.approvalProcess.${ZOO}`;
const PANDA = 'E2E-APPR-1';
// The ledger screen lists this year's movements: the birth is dated today (Beijing time) to be listed too.
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const animal = async () =>
  (await dbQuery<{ id: string; status: number }>(`select id::text, status from zoo_animal where tenant_id = $1 and local_no = $2`, [ZOO, PANDA]))[0]!;
const exportsOf = async (id: string) => (await dbQuery(`select 1 from zoo_stock_log where animal_id = $1 and movement_type = 'export'`, [id])).length;

/** Claims the stock approval's open task in 待签事务, then approves it from 待办事务 on its handle page. */
async function claimAndApprove(page: Page, taskName: string): Promise<void> {
  await page.goto('/work/claim');
  await row(page, taskName).getByTestId('row-claim').click();
  await okButton(page).click();
  await tip(page, '签收事务成功');
  await page.goto('/work/todo');
  await row(page, taskName).getByTestId('row-handle').click();
  await page.waitForURL(/\/work\/process\/stock\/handle\/\d+\/\d+\/\d+$/);
  const info = page.getByTestId('stock-approval-info');
  await expect.poll(() => info.getByText(PANDA).count()).toBe(1);
  expect(await info.getByText('输出', { exact: true }).count()).toBe(1);
  expect(await info.getByText('审批中').count()).toBe(1);
  expect(await info.getByText('成都大熊猫繁育研究基地').count()).toBe(1);
  expect(await info.getByText('园区管理员').count()).toBe(1); // the requester, by name
  await screenshot(page, `zoo-stock-approval-${taskName}`);
  await page.getByTestId('stock-approval-approve').click();
  await page.waitForURL(/\/work\/start$/);
}

let paramId: string | undefined;
let platform: string | undefined;
afterAll(async () => {
  // The shared server must not keep the gate: later specs record movements that apply at once.
  if (paramId && platform) await api(platform, '/blade-system/param/remove', { query: { ids: paramId } });
});

describe('stock movement approval in the browser', () => {
  it('an export waits for the curator and the director, then leaves stock', SLOW, async () => {
    // --- setup through the API: the gate on, and an animal of our own to export -------------------------------
    platform = await tokenOf('000000', 'admin', 'admin');
    await api(platform, '/blade-system/param/submit', { body: { paramName: '示范动物园存栏审批', paramKey: PARAM_KEY, paramValue: 'zoo_stock_approval' } });
    paramId = (await dbQuery<{ id: string }>(`select id::text from blade_param where param_key = $1 and is_deleted = 0`, [PARAM_KEY]))[0]!.id;
    const zooToken = await tokenOf(ZOO, 'admin', 'admin');
    const [ids] = await dbQuery<{ species: string; cage: string }>(
      `select s.id::text species, c.id::text cage from zoo_species s, zoo_cage c where s.species_name = '大熊猫' and s.is_deleted = 0 and c.tenant_id = $1 and c.cage_code = 'PD-01'`,
      [ZOO],
    );
    // Births are never gated.
    await api(zooToken, '/zoo-stockLog/stockLog/born_enroll', {
      body: { animalType: 1, speciesId: ids!.species, cageId: ids!.cage, bornDate: today, animals: [{ localNo: PANDA, animalName: '审审', sex: 1 }] },
    });
    const { id: animalId } = await animal();
    // A class I animal leaves with a transport certificate (decision 0040): the zoo holds one for it.
    await api(zooToken, '/zoo-permit/permit/submit', {
      body: { kind: 3, permitNo: 'YS-E2E-APPR', issuingAuthority: '四川省林业和草原局', validFrom: today, lines: [{ speciesId: ids!.species, quantity: 1 }] },
    });

    // --- the zoo records the export in the stock screen: pending, nothing moved ------------------------------
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: ZOO });
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await zoo.getByRole('button', { name: '输出登记' }).click();
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    await pick(zoo, modal(zoo), '物种', '大熊猫', '大熊猫');
    await pick(zoo, modal(zoo), '个体', PANDA, 'E2E-APPR');
    await pick(zoo, modal(zoo), '输出类型', '交换');
    await modal(zoo).getByLabel('输出去向').fill('成都大熊猫繁育研究基地');
    await pickTree(zoo, modal(zoo), '许可证', 'YS-E2E-APPR');
    await modal(zoo)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await tip(zoo, '已提交审批:审批通过后才记入存栏,可在「已发事务」查看进度');
    await expect.poll(() => dialogs(zoo).count()).toBe(0);
    await screenshot(zoo, 'zoo-stock-approval-pending');
    expect(await animal()).toMatchObject({ status: 1 });
    expect(await exportsOf(animalId)).toBe(0);
    const [approval] = await dbQuery<{ id: string; state: string; instance: string }>(
      `select id::text, state, process_instance_id::text instance from zoo_stock_approval where payload->>'animalId' = $1`,
      [animalId],
    );
    expect(approval!.state).toBe('pending');
    // 已发事务 lists it as running.
    await zoo.goto('/work/send');
    await expect.poll(() => row(zoo, '存栏变动审批').count()).toBe(1);

    // --- the seeded approvers decide in the work screens ---------------------------------------------------
    const curator = await b.newPage();
    await loginAs(curator, { tenantId: ZOO, account: 'curator', password: 'curator' });
    await claimAndApprove(curator, '主管审批');
    expect(await animal()).toMatchObject({ status: 1 });
    const director = await b.newPage();
    await loginAs(director, { tenantId: ZOO, account: 'director', password: 'director' });
    await claimAndApprove(director, '园长审批');

    // --- stock has changed: in the database and on screen ---------------------------------------------------
    expect(await animal()).toMatchObject({ status: 2 });
    expect(await exportsOf(animalId)).toBe(1);
    expect((await dbQuery<{ state: string }>(`select state from zoo_stock_approval where id = $1`, [approval!.id]))[0]!.state).toBe('approved');
    await open(zoo, '/zoo/stocklog', '存栏变动');
    await expect.poll(() => zoo.locator('tr.ant-table-row', { hasText: PANDA }).count()).toBe(2); // birth and export
    await expect.poll(() => row(zoo, '成都大熊猫繁育研究基地').count()).toBe(1);
    await zoo.goto(`/animal/detail/${animalId}`);
    const timeline = zoo.locator('.zoo-movement-timeline');
    await expect.poll(() => timeline.locator('[data-movement]').count()).toBe(2);
    expect(await timeline.textContent()).toMatch(/出生.*输出/);
    // The requester's detail page says it was approved.
    await zoo.goto(`/work/process/stock/detail/${approval!.instance}/${approval!.id}`);
    await expect.poll(() => zoo.getByTestId('stock-approval-info').getByText('已通过,已记入存栏').count()).toBe(1);
    await screenshot(zoo, 'zoo-stock-approval-detail');
  });
});
