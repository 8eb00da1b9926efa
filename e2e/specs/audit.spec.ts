import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { choose } from '../lib/antd';
import { formItem, modal, row, rowAction, save } from '../lib/ui';

const b = useBrowser();
const NEW_NAME = '乐乐E2E';

describe('audit trail', () => {
  it('shows an animal edit in its 变更记录 and on 审计日志, as stored in sys_audit', { timeout: 120_000 }, async () => {
    // The demo zoo's administrator renames an animal.
    const zoo = await b.newPage();
    await loginAs(zoo, { tenantId: '100000' });
    await zoo.goto('/zoo/animal');
    await zoo.getByLabel('本园编号').fill('P003');
    await zoo.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => row(zoo, 'P003').count()).toBe(1);
    // The dialog opens with the row and refills from detail?id: type only once that answer is in.
    await Promise.all([zoo.waitForResponse((r) => r.url().includes('/api/zoo-animal/animal/detail') && r.ok()), rowAction(row(zoo, 'P003'), '编辑')]);
    await expect.poll(() => modal(zoo).getByLabel('名字').inputValue()).toBe('乐乐');
    await modal(zoo).getByLabel('名字').fill(NEW_NAME);
    await save(zoo, '更新成功');

    const [animal] = await dbQuery<{ id: string }>(`select id::text from zoo_animal where tenant_id = '100000' and local_no = 'P003'`);
    const [zooAdmin] = await dbQuery<{ id: string }>(`select id::text from blade_user where tenant_id = '100000' and account = 'admin'`);
    const audit = await dbQuery<{ user_id: string; user_name: string; changes: Record<string, [unknown, unknown]>; create_time: string }>(
      `select user_id::text, user_name, changes, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') as create_time
         from sys_audit where table_name = 'zoo_animal' and record_id = $1 and action = 'update' order by id desc limit 1`,
      [animal!.id],
    );
    expect(audit[0]).toMatchObject({ user_id: zooAdmin!.id, user_name: '园区管理员', changes: { animal_name: ['乐乐', NEW_NAME] } });
    // Only the changed column (and no update stamp) is recorded.
    expect(Object.keys(audit[0]!.changes)).toEqual(['animal_name']);

    // Its detail screen: who, when, the action and before → after, newest first.
    await rowAction(row(zoo, NEW_NAME), '详情');
    await zoo.waitForURL(new RegExp(`/animal/detail/${animal!.id}$`));
    const latest = zoo.getByTestId('history-entry').first();
    await expect.poll(() => latest.textContent()).toContain('园区管理员');
    expect(await latest.textContent()).toContain('修改');
    expect(await latest.textContent()).toContain(audit[0]!.create_time);
    expect(await latest.getByTestId('change-line').allTextContents()).toEqual([`名字: 乐乐 → ${NEW_NAME}`]);
    await zoo.getByTestId('change-history').scrollIntoViewIfNeeded();
    await screenshot(zoo, 'audit-animal-history-1280');
    await zoo.setViewportSize({ width: 1024, height: 768 });
    await zoo.getByTestId('change-history').scrollIntoViewIfNeeded();
    await screenshot(zoo, 'audit-animal-history-1024');

    // The platform administrator finds the row on 审计日志 by its table.
    const admin = await b.newPage();
    await loginAs(admin);
    await admin.goto('/monitor/audit');
    await expect.poll(() => admin.getByRole('tab', { name: '审计日志' }).count()).toBe(1);
    await choose(admin, formItem(admin, admin.locator('form').first(), '数据表').locator('.ant-select'), '动物个体 (zoo_animal)', { type: 'zoo_animal' });
    await admin.getByRole('button', { name: /搜\s*索/ }).click();
    const hit = admin.locator('tr.ant-table-row', { hasText: animal!.id }).first();
    await expect.poll(() => hit.textContent()).toContain('园区管理员');
    expect(await hit.textContent()).toContain('动物个体');
    // Every listed row is of the chosen table.
    // Polled: the row of this animal can show while the filtered page is still replacing the unfiltered one.
    const rows = () => admin.locator('tr.ant-table-row').allTextContents();
    await expect.poll(async () => (await rows()).length).toBeGreaterThan(1);
    await expect.poll(async () => (await rows()).every((r) => r.includes('zoo_animal') && r.includes('动物个体'))).toBe(true);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await screenshot(admin, 'audit-list-1280');
    await hit.getByRole('button', { name: '查看' }).click();
    const changes = modal(admin).getByTestId('audit-changes');
    await expect.poll(() => changes.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['名字', '乐乐', NEW_NAME]);
    await screenshot(admin, 'audit-detail-1280');
    await modal(admin)
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await admin.setViewportSize({ width: 1024, height: 768 });
    await screenshot(admin, 'audit-list-1024');

    // A framework record's 查看 has the same timeline; the server answers for roles (the seeded ones predate the trail).
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/authority/role');
    await rowAction(row(admin, 'administrator'), '查看');
    await modal(admin).getByRole('tab', { name: '变更记录' }).click();
    await expect.poll(() => modal(admin).getByText('暂无变更记录').count()).toBe(1);
    expect(await modal(admin).getByText('变更记录加载失败').count()).toBe(0);
    await screenshot(admin, 'audit-role-history-1280');
  });
});
