import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose } from './antd';

export interface Licence {
  /** Typed into the species picker to narrow it. */
  search: string;
  /** Text of the option to choose (e.g. the Latin name). */
  option: string;
  licenceNo: string;
  authority: string;
  validFrom: string;
  approved?: string;
}

/**
 * As the platform administrator on /zoo/admin/zoo: opens 授权物种 of `zoo`, appends one licence row and saves.
 * Returns how many licence rows the zoo had before.
 */
export async function authoriseSpecies(page: Page, zoo: string, l: Licence): Promise<number> {
  const dialog = page.locator('.ant-modal:visible').last();
  await page.locator('tr.ant-table-row', { hasText: zoo }).first().getByRole('button', { name: '授权物种' }).click();
  await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  const before = await dialog.locator('tbody tr.ant-table-row').count();
  await dialog.getByRole('button', { name: /添加物种/ }).click();
  const added = dialog.locator('tbody tr.ant-table-row').nth(before);
  await choose(page, added.locator('.ant-select').first(), l.option, { type: l.search });
  await added.getByLabel('许可证号').fill(l.licenceNo);
  await added.getByLabel('发证机关').fill(l.authority);
  await added.getByLabel('生效日期').click();
  await added.getByLabel('生效日期').fill(l.validFrom);
  await added.getByLabel('生效日期').press('Enter');
  if (l.approved) await added.getByLabel('核准数量').fill(l.approved);
  return before;
}
