import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { dialogs, modal, open, pick, pickTree, row, rowAction, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

type Animal = { id: string; status: number; cage: string | null };
const tiger = (tenant: string) =>
  dbQuery<Animal>(
    `select a.id::text, a.status, c.cage_code cage from zoo_animal a left join zoo_cage c on c.id = a.cage_id where a.local_no = 'T005' and a.tenant_id = $1 and a.is_deleted = 0`,
    [tenant],
  );

describe('transfers between zoos', () => {
  it('the demo zoo proposes a tiger to the second demo zoo, which accepts it: both stocks change and both timelines show it', SLOW, async () => {
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: '100000' });
    // 转出: the demo transfers of every state are listed.
    await open(zoo, '/zoo/transfer', '转出');
    await expect.poll(() => zoo.locator('tr.ant-table-row').count()).toBeGreaterThanOrEqual(4);
    for (const state of ['待确认', '已接收', '已拒绝', '已撤回'])
      await expect.poll(() => zoo.locator('tr.ant-table-row').getByText(state).count()).toBeGreaterThan(0);

    // 发起转移 of 壮壮 (T005), individual management.
    await zoo.getByRole('button', { name: '发起转移' }).click();
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    await pick(zoo, modal(zoo), '接收动物园', '示范野生动物园');
    await pick(zoo, modal(zoo), '物种', '东北虎', '东北虎');
    await pick(zoo, modal(zoo), '个体', 'T005 壮壮');
    // A class I animal travels with a transport certificate: the demo zoo's (decision 0040).
    await pickTree(zoo, modal(zoo), '许可证', '野生动物运输证明');
    await modal(zoo).getByLabel('备注').fill('东北虎繁殖合作');
    await screenshot(zoo, 'zoo-transfer-propose');
    await modal(zoo)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await tip(zoo, '操作成功!');
    await expect.poll(() => dialogs(zoo).count()).toBe(0);
    await expect.poll(() => row(zoo, '东北虎繁殖合作').textContent()).toContain('待确认');
    const [sent] = await tiger('100000');
    expect(sent).toMatchObject({ status: 1, cage: 'CT-01' });
    // While pending the tiger cannot move: a death registration is refused with the reason.
    await open(zoo, '/zoo/animal', '本园编号');
    await zoo.getByLabel('本园编号').fill('T005');
    await zoo.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => row(zoo, 'T005').count()).toBe(1);
    await rowAction(row(zoo, 'T005'), /^死亡$/);
    await expect.poll(() => dialogs(zoo).count()).toBe(1);
    await pick(zoo, modal(zoo), '死亡类型', '疾病死亡');
    await modal(zoo)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await tip(zoo, '个体「壮壮(T005)」有待「示范野生动物园」确认的转移,不能死亡;请等待对方确认或撤回转移');
    await modal(zoo)
      .getByRole('button', { name: /^取\s*消$/ })
      .click();

    // The second zoo confirms on its 转入 tab, choosing the receiving enclosure.
    const zoo2 = await b.newPage();
    await loginAs(zoo2, { tenantId: '100001', account: 'admin', password: 'admin' });
    await open(zoo2, '/zoo/transfer', '转入');
    await zoo2.getByRole('tab', { name: '转入' }).click();
    await expect.poll(() => row(zoo2, '东北虎繁殖合作').count()).toBe(1);
    await rowAction(row(zoo2, '东北虎繁殖合作'), /^确认$/);
    await expect.poll(() => dialogs(zoo2).count()).toBe(1);
    await pick(zoo2, modal(zoo2), '接收笼舍', 'YH-01');
    await modal(zoo2).getByLabel('确认意见').fill('检疫合格,同意接收');
    await screenshot(zoo2, 'zoo-transfer-confirm');
    await modal(zoo2)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await tip(zoo2, '操作成功!');
    await expect.poll(() => row(zoo2, '东北虎繁殖合作').textContent()).toContain('已接收');
    await screenshot(zoo2, 'zoo-transfer-incoming');

    // Both stocks changed in the one confirmation: 已转出 at the sender, in stock at the receiver.
    expect((await tiger('100000'))[0]).toMatchObject({ status: 5 });
    const [arrived] = await tiger('100001');
    expect(arrived).toMatchObject({ status: 1, cage: 'YH-01' });
    const [ids] = await dbQuery<{ same: boolean }>(
      `select (select identity_id from zoo_animal where id = $1) = (select identity_id from zoo_animal where id = $2) as same`,
      [sent!.id, arrived!.id],
    );
    expect(ids!.same).toBe(true);

    // The animal's detail shows the transfer on both sides.
    await open(zoo2, `/animal/detail/${arrived!.id}`, '园间转移');
    await expect.poll(() => zoo2.locator('[data-movement="import"][data-transfer]').count()).toBe(1);
    await screenshot(zoo2, 'zoo-transfer-timeline-receiver');
    await open(zoo, `/animal/detail/${sent!.id}`, '园间转移');
    await expect.poll(() => zoo.locator('[data-movement="export"][data-transfer]').count()).toBe(1);
    await expect.poll(() => zoo.getByText('示范野生动物园').count()).toBeGreaterThan(0);
  });
});
