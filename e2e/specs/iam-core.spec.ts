import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { addButton, modal, open, pick, pickTree, row, rowAction, save, tip, treeNode } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 240_000 };

const TENANT = 'e2e野生动物园';
// Names of their own: the platform administrator's lists show every tenant's rows, and iam-access uses e2e饲养*.
const ROLE = 'e2e保育员';
const DEPT = 'e2e饲养部';
/** Spreadsheet rows (header = row 1) the import must refuse. */
const BAD_ROWS = [12, 52, 152];

/** 200 users in the server's own sheet layout (exceljs, as the server), three of them bad. */
async function usersXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['租户编号', '账号', '昵称', '姓名', '邮箱', '手机', '角色名称', '部门名称', '岗位名称', '生日']);
  for (let i = 0; i < 200; i++) {
    const r = i + 2;
    const account = `imp${String(i).padStart(3, '0')}`;
    const base = ['', account, `昵称${i}`, `姓名${i}`, `${account}@zoo.cn`, '', ROLE, DEPT, '', '1990-01-02'];
    if (r === BAD_ROWS[0]) base[6] = '无此角色';
    if (r === BAD_ROWS[1]) base[3] = '';
    if (r === BAD_ROWS[2]) base[7] = '无此部门';
    ws.addRow(base);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('tenants, packages, users: a new tenant set up through the screens', () => {
  it('platform admin → tenant with a package → tenant admin sets up a user → the user sees exactly the grant; user import', SLOW, async () => {
    // 1. Platform administrator: a package (套餐 dialog of the tenant page), a tenant with it, unlimited accounts.
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/tenant', '管理组');
    await page.getByRole('button', { name: '套餐' }).click();
    await addButton(modal(page)).click();
    await modal(page).getByLabel('产品包名称').fill('e2e套餐');
    await expect.poll(() => treeNode(page, '系统管理').count()).toBe(1);
    await treeNode(page, '系统管理').locator('.ant-tree-checkbox').click();
    await treeNode(page, '权限管理').locator('.ant-tree-checkbox').click();
    await screenshot(page, 'iam-core-package-form');
    await save(page, '新增成功');
    await expect.poll(() => row(modal(page), 'e2e套餐').count()).toBe(1);
    // The package table has no view button (spec §2).
    expect(await row(modal(page), 'e2e套餐').getByRole('button', { name: '查看' }).count()).toBe(0);
    await screenshot(page, 'iam-core-packages');
    await modal(page).locator('.ant-modal-close').click();

    await addButton(page).click();
    await modal(page).getByLabel('租户名称').fill(TENANT);
    await modal(page).getByLabel('联系人').fill('张园长');
    await pick(page, modal(page), '产品包', 'e2e套餐');
    await save(page, '新增成功');
    await row(page, TENANT).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '授权配置' }).click();
    await modal(page).getByLabel('账号额度').fill('-1');
    await save(page, '操作成功!');
    await expect.poll(() => row(page, TENANT).textContent()).toContain('不限');
    await screenshot(page, 'iam-core-tenant');
    // The platform tenant cannot be removed: the server's reason is shown.
    await rowAction(row(page, '管理组'), '删除');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await tip(page, '不可删除管理租户!');

    const [t] = await dbQuery<{ tenant_id: string }>('select tenant_id from blade_tenant where tenant_name = $1', [TENANT]);
    const [pw] = await dbQuery<{ v: string }>("select param_value as v from blade_param where param_key = 'tenant.default.password'");
    const tenantId = t!.tenant_id;

    // 2. The tenant's admin: department, post, role with a grant, user.
    const admin = await b.newPage();
    await loginAs(admin, { tenantId, account: 'admin', password: pw!.v });
    await open(admin, '/system/dept', TENANT);
    await rowAction(row(admin, TENANT), '新增子项');
    await modal(admin).getByLabel('机构名称').fill(DEPT);
    await modal(admin).getByLabel('机构全称').fill(`${DEPT}全称`);
    await pick(admin, modal(admin), '机构类型', '部门');
    await modal(admin).getByLabel('排序').fill('1');
    await save(admin, '新增成功');

    await open(admin, '/system/post', '岗位编号');
    await addButton(admin).click();
    await pick(admin, modal(admin), '岗位类型', '基层');
    await modal(admin).getByLabel('岗位编号').fill('keeper');
    await modal(admin).getByLabel('岗位名称').fill('e2e保育岗');
    await modal(admin).getByLabel('岗位排序').fill('1');
    await save(admin, '新增成功');

    await open(admin, '/authority/role', '角色名称');
    await addButton(admin).click();
    await modal(admin).getByLabel('角色名称').fill(ROLE);
    await modal(admin).getByLabel('角色别名').fill('keeper');
    await modal(admin).getByLabel('角色排序').fill('1');
    await save(admin, '新增成功');
    await rowAction(row(admin, ROLE), '权限设置');
    await expect.poll(() => treeNode(admin, '岗位管理').count()).toBe(1);
    // 岗位管理 with all its buttons; 部门管理 with 查看 only.
    await treeNode(admin, '岗位管理').locator('.ant-tree-checkbox').click();
    await treeNode(admin, '部门管理').locator('.ant-tree-switcher').click();
    await treeNode(admin, '查看').locator('.ant-tree-checkbox').click();
    await modal(admin).getByRole('button', { name: '保存' }).click();
    await tip(admin, '操作成功!');

    await open(admin, '/system/user', '登录账号');
    await expect.poll(() => admin.getByTestId('user-dept-tree').getByText(TENANT).count()).toBe(1);
    await addButton(admin).click();
    await modal(admin).getByLabel('登录账号').fill('keeper1');
    await modal(admin).getByLabel('用户昵称').fill('小李');
    await modal(admin).getByLabel('用户姓名').fill('李饲养');
    await modal(admin).getByLabel('密码', { exact: true }).fill('keeper-pw1');
    await modal(admin).getByLabel('确认密码').fill('keeper-pw1');
    await pickTree(admin, modal(admin), '所属角色', ROLE);
    await pickTree(admin, modal(admin), '所属部门', DEPT);
    await screenshot(admin, 'iam-core-user-form');
    await save(admin, '新增成功');
    await expect.poll(() => row(admin, 'keeper1').textContent()).toContain(ROLE);

    // 3. Import 200 users, three bad rows: the report names them.
    await admin.getByRole('button', { name: '导入' }).click();
    await modal(admin)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'users.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await usersXlsx(),
      });
    await modal(admin).getByRole('button', { name: '开始导入' }).click();
    const report = admin.getByTestId('import-report');
    await expect.poll(() => report.textContent(), { timeout: 60_000 }).toContain('导入完成');
    expect(await report.textContent()).toContain('成功 197 行, 失败 3 行');
    const rows = await report.locator('tbody tr.ant-table-row td:first-child').allTextContents();
    expect(rows.map(Number)).toEqual(BAD_ROWS);
    await screenshot(admin, 'iam-core-import');
    await modal(admin).locator('.ant-modal-footer button', { hasText: '关闭' }).click();
    const [{ n }] = (await dbQuery<{ n: string }>("select count(*) as n from blade_user where tenant_id = $1 and account like 'imp%' and is_deleted = 0", [
      tenantId,
    ])) as [{ n: string }];
    expect(Number(n)).toBe(197);

    // 4. The new user sees exactly the granted menus and buttons.
    const user = await b.newPage();
    await loginAs(user, { tenantId, account: 'keeper1', password: 'keeper-pw1' });
    await open(user, '/system/post', 'e2e保育岗');
    const sider = user.locator('.ant-layout-sider');
    expect(await sider.locator('.ant-menu-submenu-title').allTextContents()).toEqual(['系统管理']);
    expect(await sider.locator('.ant-menu-item').allTextContents()).toEqual(['部门管理', '岗位管理']);
    // Buttons follow the permission map, which may arrive after the rows.
    await expect.poll(() => addButton(user).count()).toBe(1);
    await expect.poll(() => row(user, 'e2e保育岗').getByRole('button').allTextContents()).toEqual(['查看', '编辑', '删除']);

    await open(user, '/system/dept', TENANT);
    await expect.poll(async () => (await row(user, TENANT).getByRole('button').allTextContents()).filter(Boolean)).toEqual(['查看']);
    expect(await addButton(user).count()).toBe(0);
    expect(await user.locator('button', { hasText: /^删除$/ }).count()).toBe(0);
    await screenshot(user, 'iam-core-user-view');
  });
});

describe('tenant copy: a new zoo from the demo zoo’s setup', () => {
  it('the platform administrator copies 示范动物园; the copy holds its roles, grants and species, no animals, and its admin signs in', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/tenant', '示范动物园');
    // The platform's own tenant has nothing to copy: no action on its row.
    expect(await row(page, '管理组').getByRole('button', { name: '复制' }).count()).toBe(0);
    await rowAction(row(page, '示范动物园'), '复制');
    await modal(page).getByLabel('租户名称').fill('e2e复制动物园');
    await modal(page).getByLabel('联系人').fill('赵园长');
    await modal(page).getByRole('button', { name: '保存' }).click();
    const done = page.locator('.ant-modal-title', { hasText: /已创建租户 \d{6}「e2e复制动物园」/ });
    await done.waitFor({ state: 'visible' });
    const tenantId = /已创建租户 (\d{6})/.exec((await done.textContent()) ?? '')![1]!;
    await screenshot(page, 'iam-core-tenant-copy');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => row(page, 'e2e复制动物园').count()).toBe(1);

    const count = async (table: string, tenant: string) =>
      Number((await dbQuery<{ n: string }>(`select count(*)::text as n from ${table} where tenant_id = $1 and is_deleted = 0`, [tenant]))[0]!.n);
    for (const table of ['blade_role', 'blade_dept', 'blade_post', 'zoo_tenant_species'])
      expect({ table, n: await count(table, tenantId) }).toEqual({ table, n: await count(table, '100000') });
    expect(await count('zoo_animal', tenantId)).toBe(0);
    // Only the new administrator: no person of the source is copied.
    expect(await dbQuery<{ account: string }>('select account from blade_user where tenant_id = $1 and is_deleted = 0', [tenantId])).toEqual([
      { account: 'admin' },
    ]);

    const [pw] = await dbQuery<{ v: string }>("select param_value as v from blade_param where param_key = 'tenant.default.password'");
    const admin = await b.newPage();
    await loginAs(admin, { tenantId, account: 'admin', password: pw!.v });
    // The copied grants: the zoo administrator's menu, as the source's holds it.
    await expect.poll(() => admin.locator('.ant-layout-sider').getByText('动物园管理', { exact: true }).count()).toBeGreaterThan(0);
  });
});

/**
 * Removes every row of the imported zoo, as the owner and with triggers off (as the import wrote them), so the specs
 * this worker runs next see the demo data as seeded: a second 示范动物园 would add its pandas to the shared studbook.
 */
async function removeTenant(tenantId: string): Promise<void> {
  if (!/^\d{6}$/.test(tenantId) || tenantId === '100000' || tenantId === '000000') throw new Error(`not an imported tenant: ${tenantId}`);
  const tables = await dbQuery<{ t: string }>(
    `select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition`,
  );
  // One connection, one simple-protocol message: the session setting holds for the deletes after it.
  await dbQuery(['set session_replication_role = replica', ...tables.map(({ t }) => `delete from "${t}" where tenant_id = '${tenantId}'`)].join(';\n'));
}

describe('tenant archive: a zoo exported and imported back through the tenant screen', () => {
  it('the platform administrator exports 示范动物园, imports the file as a new zoo, and its administrator sees the same animals', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/tenant', '示范动物园');
    const [download] = await Promise.all([page.waitForEvent('download'), rowAction(row(page, '示范动物园'), '导出数据')]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-')), 'zoo.tar.gz');
    await download.saveAs(file);
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);

    // The upload button's own file input (antd Upload): what a click on 导入数据 and choosing the file does.
    await page.locator('input[type=file]').setInputFiles(file);
    const toastText = page.locator('.ant-message', { hasText: /已导入租户 \d{6}「示范动物园」/ });
    await toastText.waitFor({ state: 'visible', timeout: 120_000 });
    const tenantId = /已导入租户 (\d{6})/.exec((await toastText.textContent()) ?? '')![1]!;
    expect(tenantId).not.toBe('100000');
    onTestFinished(() => removeTenant(tenantId));
    await screenshot(page, 'iam-core-tenant-import');
    await expect.poll(() => page.locator('.ant-table-row', { hasText: tenantId }).count()).toBe(1);

    // Every animal came across, under the new tenant, each with new ids (the originals are still there).
    const animals = (tenant: string) =>
      dbQuery<{ no: string; id: string }>('select local_no as no, id::text from zoo_animal where tenant_id = $1 and is_deleted = 0 order by id', [tenant]);
    const [before, after] = [await animals('100000'), await animals(tenantId)];
    expect(before.length).toBeGreaterThan(0);
    // Ids are remapped in the order of the old ones, so creation order (and each list's default order) is kept.
    expect(after.map((a) => a.no)).toEqual(before.map((a) => a.no));
    expect(after.filter((a) => before.some((o) => o.id === a.id))).toEqual([]);

    // The imported zoo's administrator signs in with the new tenant id and reads the imported animal list.
    const admin = await b.newPage();
    await loginAs(admin, { tenantId });
    await open(admin, '/zoo/animal', `共 ${after.length} 条`);
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(Math.min(10, after.length));
    await screenshot(admin, 'iam-core-tenant-imported-animals');
  });
});

describe('platform screens: tenant packages, clients, regions', () => {
  it('opens the package, client and region screens; a region level opens lazily', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/tenantpackage', '产品包名称');
    await screenshot(page, 'iam-core-tenantpackage');
    await open(page, '/system/client', 'saber');
    await screenshot(page, 'iam-core-client');
    await open(page, '/base/region', '云南省');
    await row(page, '云南省').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => row(page, '昆明市').count()).toBe(1);
    await rowAction(row(page, '昆明市'), '新增子项');
    expect(await modal(page).getByLabel('上级区划').inputValue()).toBe('5301');
    await screenshot(page, 'iam-core-region');
    await modal(page).getByRole('button', { name: '取消' }).click();
  });
});
