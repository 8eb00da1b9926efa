import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { addButton, modal, open, pick, row, rowAction, save, tip, treeNode } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 240_000 };

describe('identity, access and system configuration screens', () => {
  it('creates a role and grants it menus and buttons, which the dialog shows again', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/authority/role', '超级管理员');

    await addButton(page).click();
    await modal(page).getByLabel('角色名称').fill('e2e饲养员');
    await modal(page).getByLabel('角色别名').fill('e2e_keeper');
    await modal(page).getByLabel('角色排序').fill('9');
    await screenshot(page, 'iam-role-form');
    await save(page, '新增成功');

    await rowAction(row(page, 'e2e饲养员'), '权限设置');
    await expect.poll(() => treeNode(page, '岗位管理').count()).toBe(1);
    await treeNode(page, '部门管理').locator('.ant-tree-checkbox').click();
    await treeNode(page, '岗位管理').locator('.ant-tree-switcher').click();
    await treeNode(page, '新增').locator('.ant-tree-checkbox').click();
    await screenshot(page, 'iam-role-grant');
    await modal(page).getByRole('button', { name: '保存' }).click();
    await tip(page, '操作成功!');

    const granted = await dbQuery<{ code: string }>(
      `select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id join blade_role r on r.id = rm.role_id
        where r.role_alias = 'e2e_keeper' and r.is_deleted = 0`,
    );
    const codes = granted.map((g) => g.code);
    expect(codes).toEqual(expect.arrayContaining(['system', 'dept', 'dept_add', 'dept_delete', 'post', 'post_add']));
    expect(codes).not.toContain('post_delete');

    await expect.poll(() => modal(page).count()).toBe(0);
    await rowAction(row(page, 'e2e饲养员'), '权限设置');
    await expect.poll(() => treeNode(page, '岗位管理').locator('.ant-tree-checkbox').getAttribute('aria-checked')).toBe('true');
    await treeNode(page, '岗位管理').locator('.ant-tree-switcher').click();
    expect(await treeNode(page, '新增').locator('.ant-tree-checkbox').getAttribute('aria-checked')).toBe('true');
    expect(await treeNode(page, '删除').locator('.ant-tree-checkbox').getAttribute('aria-checked')).toBe('false');
    await modal(page).getByRole('button', { name: '取消' }).click();
    await screenshot(page, 'iam-role');
  });

  it('creates a department with a child (lazy tree) and a post', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/dept', '管理组');

    await addButton(page).click();
    await modal(page).getByLabel('机构名称').fill('e2e动物园');
    await modal(page).getByLabel('机构全称').fill('e2e动物园全称');
    await pick(page, modal(page), '机构类型', '公司');
    await modal(page).getByLabel('排序').fill('5');
    await save(page, '新增成功');

    await rowAction(row(page, 'e2e动物园'), '新增子项');
    await expect.poll(() => modal(page).locator('.ant-select-content', { hasText: 'e2e动物园' }).count()).toBeGreaterThan(0);
    await modal(page).getByLabel('机构名称').fill('e2e兽医部');
    await modal(page).getByLabel('机构全称').fill('e2e兽医部全称');
    await pick(page, modal(page), '机构类型', '部门');
    await modal(page).getByLabel('排序').fill('1');
    await save(page, '新增成功');

    await row(page, 'e2e动物园').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => row(page, 'e2e兽医部').count()).toBe(1);
    await screenshot(page, 'iam-dept');

    await open(page, '/system/post', '岗位编号');
    await addButton(page).click();
    await pick(page, modal(page), '岗位类型', '基层');
    await modal(page).getByLabel('岗位编号').fill('e2e01');
    await modal(page).getByLabel('岗位名称').fill('e2e饲养岗');
    await modal(page).getByLabel('岗位排序').fill('1');
    await save(page, '新增成功');
    await expect.poll(() => row(page, 'e2e饲养岗').getByText('基层').count()).toBe(1);
    await screenshot(page, 'iam-post');
  });

  it('creates a dictionary and an entry, and opens both dictionary layouts', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await open(page, '/system/dict', '字典编号');
    const roots = page.locator('.ant-card', { has: page.locator('th', { hasText: '字典编号' }) });
    const items = page.locator('.ant-card', { has: page.getByTestId('dict-items-title') });

    await addButton(roots).click();
    await expect.poll(() => modal(page).evaluate((el) => el.getBoundingClientRect().width)).toBe(880);
    await modal(page).getByLabel('字典编号').fill('e2e_habitat');
    await modal(page).getByLabel('字典名称').fill('栖息地');
    await modal(page).getByLabel('字典排序').fill('99');
    await save(page, '新增成功');

    await roots.getByLabel('字典编号').fill('e2e_habitat');
    await roots.getByRole('button', { name: /搜索/ }).click();
    // The code cell, not the row's middle (where a row action may sit).
    await row(roots, 'e2e_habitat').getByRole('cell', { name: 'e2e_habitat', exact: true }).click();
    await expect.poll(() => page.getByTestId('dict-items-title').textContent()).toContain('栖息地 (e2e_habitat)');

    await addButton(items).click();
    expect(await modal(page).getByLabel('字典编号').inputValue()).toBe('e2e_habitat');
    await modal(page).getByLabel('字典名称').fill('森林');
    await modal(page).getByLabel('字典键值').fill('1');
    await modal(page).getByLabel('字典排序').fill('1');
    await save(page, '新增成功');
    await expect.poll(() => row(items, '森林').count()).toBe(1);
    expect(await row(items, '森林').textContent()).toContain('否');
    await screenshot(page, 'iam-dict');

    for (const layout of ['horizontal', 'vertical'] as const) {
      await open(page, `/dict-${layout}/index`, '字典编号');
      await row(page, 'sex').getByRole('cell', { name: 'sex', exact: true }).click();
      await expect.poll(() => row(items, '男').count()).toBe(1);
      const r = (await roots.boundingBox())!;
      const i = (await items.boundingBox())!;
      if (layout === 'horizontal') expect(i.x).toBeGreaterThan(r.x + r.width - 1);
      else expect(i.y).toBeGreaterThan(r.y + r.height - 1);
      await screenshot(page, `iam-dict-${layout}`);
    }
  });

  it('shows menus, top menus with their menus, scopes per menu and business dictionaries', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);

    await open(page, '/system/menu', '系统管理');
    await row(page, '系统管理').locator('.ant-table-row-expand-icon').click();
    await row(page, '岗位管理').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => row(page, 'post_add').getByText('按钮').count()).toBe(1);
    await screenshot(page, 'iam-menu');

    await open(page, '/system/topmenu', '菜单编号');
    await addButton(page).click();
    await modal(page).getByLabel('菜单名称').fill('e2e顶部');
    await modal(page).getByLabel('菜单编号').fill('e2e_top');
    await modal(page).getByLabel('菜单排序').fill('1');
    await save(page, '新增成功');
    await rowAction(row(page, 'e2e_top'), '菜单配置');
    await expect.poll(() => treeNode(page, '动物园管理').count()).toBe(1);
    await treeNode(page, '动物园管理').locator('.ant-tree-checkbox').click();
    await screenshot(page, 'iam-topmenu-grant');
    await modal(page).getByRole('button', { name: '保存' }).click();
    await tip(page, '操作成功!');

    // The header's top menu: choosing it narrows the sidebar to its menus; 首页 brings the whole menu back.
    await page.reload();
    const top = page.getByTestId('top-menu');
    const roots = page.locator('.ant-layout-sider .ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title');
    await top.getByText('e2e顶部').click();
    await expect.poll(() => roots.allTextContents()).toEqual(['动物园管理']);
    await screenshot(page, 'iam-topmenu-switched');
    await top.getByText('首页').click();
    await expect.poll(() => roots.allTextContents()).toContain('系统管理');

    // A search answers its hits from every level of the lazy menu tree.
    await open(page, '/authority/datascope', '系统管理');
    await page.getByLabel('菜单名称').fill('岗位管理');
    await page.getByRole('button', { name: /搜索/ }).click();
    await expect.poll(() => row(page, '系统管理').count()).toBe(0);
    await row(page, '岗位管理').click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await expect.poll(() => drawer.getByText('[岗位管理] 数据权限配置').count()).toBe(1);
    await addButton(drawer).click();
    expect(await modal(page).getByLabel('资源编号').inputValue()).toBe('post');
    await modal(page).getByLabel('权限名称').fill('e2e高层岗位');
    await pick(page, modal(page), '规则类型', '自定义');
    await modal(page)
      .getByRole('button', { name: /添加条件/ })
      .click();
    const rule = modal(page).getByTestId('scope-rule');
    await rule.getByRole('combobox', { name: '字段' }).fill('category');
    await rule.getByRole('textbox', { name: '值', exact: true }).fill('1');
    await screenshot(page, 'iam-datascope-rule');
    await save(page, '新增成功');
    await expect.poll(() => row(drawer, 'e2e高层岗位').count()).toBe(1);
    await screenshot(page, 'iam-datascope');
    const [stored] = await dbQuery<{ scope_value: string }>("select scope_value from blade_scope_data where scope_name = 'e2e高层岗位'");
    expect(JSON.parse(stored!.scope_value)).toEqual([{ column: 'category', op: 'eq', value: '1' }]);

    await open(page, '/authority/apiscope', '系统管理');
    await page.getByLabel('菜单名称').fill('岗位管理');
    await page.getByRole('button', { name: /搜索/ }).click();
    await expect.poll(() => row(page, '系统管理').count()).toBe(0);
    await rowAction(row(page, '岗位管理'), '权限配置');
    await expect.poll(() => drawer.getByText('[岗位管理] 接口权限配置').count()).toBe(1);
    await addButton(drawer).click();
    await modal(page).getByLabel('权限名称').fill('e2e岗位接口');
    await modal(page).getByLabel('接口路径').fill('/blade-system/post/**');
    await pick(page, modal(page), '接口类型', '业务接口');
    await save(page, '新增成功');
    await expect.poll(() => row(drawer, 'e2e岗位接口').count()).toBe(1);
    await screenshot(page, 'iam-apiscope');

    await open(page, '/system/dictbiz', '字典编号');
    await screenshot(page, 'iam-dictbiz');
  });
});
