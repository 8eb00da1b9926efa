import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose } from './antd';

/**
 * The shown screen of the shell. The screens of the other open tabs stay in the page, hidden (decision 0048):
 * a locator on the whole page would find their tables and forms too.
 */
export const screen = (page: Page) => page.locator('.ant-layout-content [data-active]');

/**
 * Where a helper given the whole page looks: the shown screen and the dialogs and drawers open above it, never a
 * hidden tab's screen.
 */
export const shown = (scope: Locator | Page): Locator | Page =>
  'goto' in scope ? scope.locator('.ant-layout-content [data-active], .ant-modal:visible, .ant-drawer:visible') : scope;

/** Every open dialog; `modal` is the topmost (a dialog's table may open its form on top of it). */
export const dialogs = (page: Page) => page.locator('.ant-modal:visible');
export const modal = (page: Page) => dialogs(page).last();

/** A toast with this text has shown (an earlier one may still be up). */
export const tip = (page: Page, text: string) => expect.poll(() => page.locator('.ant-message').getByText(text).count()).toBeGreaterThan(0);

/** The toolbar 新增 of `scope` (not a row's 新增子项). */
export const addButton = (scope: Locator | Page) =>
  shown(scope)
    .locator('button', { hasText: /^新\s*增$/ })
    .first();

/** The first table row holding `text`. */
export const row = (scope: Locator | Page, text: string) => shown(scope).locator('tr.ant-table-row', { hasText: text }).first();

/** 确定 of the open confirmation. */
export const okButton = (page: Page) => page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /确\s*定|OK/ });

/** A node of the topmost dialog's tree by its exact title. */
export const treeNode = (page: Page, title: string) =>
  modal(page)
    .locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title').getByText(title, { exact: true }) })
    .first();

/** Goes to `path` and waits until `text` shows. */
export async function open(page: Page, path: string, text: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
}

/** The form item of `scope` whose label is exactly `label`. */
export const formItem = (page: Page, scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { has: page.locator('.ant-form-item-label').getByText(label, { exact: true }) }).first();

/** Chooses `option` in the select (or tree select) labelled `label`; `type` narrows long lists first. */
export const pick = (page: Page, scope: Locator, label: string, option: string, type?: string) =>
  choose(page, formItem(page, scope, label).locator('.ant-select').first(), option, { type });

/** Checks one node of a multiple tree select, then closes its dropdown. */
export async function pickTree(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await pick(page, scope, label, option);
  await page.keyboard.press('Escape');
}

/** Clicks 新增 in `scope` and waits for its dialog to be the topmost one. */
export async function openAdd(page: Page, scope: Locator | Page): Promise<void> {
  const before = await dialogs(page).count();
  await addButton(scope).click();
  await expect.poll(() => dialogs(page).count()).toBe(before + 1);
}

/** Saves the topmost dialog: the message shows and the dialog closes. */
export async function save(page: Page, message: string): Promise<void> {
  const before = await dialogs(page).count();
  await modal(page)
    .getByRole('button', { name: /^(保\s*存|修改)$/ })
    .click();
  await tip(page, message);
  await expect.poll(() => dialogs(page).count()).toBe(before - 1);
}

/**
 * Clicks the action `name` of table row `r`: a row shows three actions, the others are under its 更多 menu
 * (decision 0048), so the action is clicked where it is.
 */
export async function rowAction(r: Locator, name: string | RegExp): Promise<void> {
  // A row action is a button; a few read-only lists offer 查看 as a link.
  const direct = r.getByRole('button', { name }).or(r.getByRole('link', { name }));
  const more = r.getByRole('button', { name: /^(更多|More)/ });
  await expect.poll(async () => (await direct.count()) + (await more.count())).toBeGreaterThan(0);
  if (await direct.count()) return direct.first().click();
  await more.click();
  await r.page().locator('.ant-dropdown:visible').getByRole('menuitem', { name }).click();
}
