import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginForScreens, openScreen } from '../lib/screens';
import { modal, row } from '../lib/ui';
import { networkQuiet } from '../lib/wire';

const b = useBrowser();

/**
 * Cross-tenant names in English (decision 0049). Every screen in English is walked by every-screen.spec.ts.
 */
describe('English: names across tenants', () => {
  it("the platform administrator viewing a zoo's user sees its roles, departments and posts by name", async () => {
    const [u] = await dbQuery<{ id: string; account: string; role_id: string; dept_id: string; post_id: string }>(
      `select id::text, account, role_id, dept_id, post_id from blade_user where tenant_id = '100000' and is_deleted = 0 and role_id <> '' and post_id <> ''
         and account not in (select account from blade_user where tenant_id <> '100000') order by id limit 1`,
    );
    expect(u, 'a zoo user with a role and a post').toBeTruthy();
    const names = async (table: string, col: string, ids: string) =>
      (await dbQuery<{ n: string }>(`select ${col} n from ${table} where id = any($1::bigint[]) order by id`, [ids.split(',')])).map((r) => r.n);
    const roles = await names('blade_role', 'role_name', u!.role_id);
    const depts = await names('blade_dept', 'dept_name', u!.dept_id);
    const posts = await names('blade_post', 'post_name', u!.post_id);
    const page = await b.newPage();
    await loginForScreens(page, '000000');
    await openScreen(page, '/system/user');
    await page.locator('[id$="-search_account"]').fill(u!.account);
    await page.keyboard.press('Enter');
    await networkQuiet(page, 300);
    await row(page, u!.account)
      .getByRole('button', { name: /查\s*看/ })
      .click();
    const dialog = modal(page);
    await networkQuiet(page, 300);
    const chosen = async (id: string) => dialog.locator(`.ant-form-item:has([id$="-form_${id}"]) .ant-select-selection-item`).allInnerTexts();
    await expect.poll(() => chosen('roleId')).toEqual(expect.arrayContaining(roles));
    await expect.poll(() => chosen('deptId')).toEqual(expect.arrayContaining(depts));
    await expect.poll(() => chosen('postId')).toEqual(expect.arrayContaining(posts));
    const all = [...(await chosen('roleId')), ...(await chosen('deptId')), ...(await chosen('postId'))];
    expect(all.filter((t) => /^\d+$/.test(t.trim()))).toEqual([]);
    await screenshot(page, 'cross-tenant-user-names');
  });
});
