import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';

/**
 * Chooses `option` in an antd Select or TreeSelect and waits until the select shows it. A tree node is clicked
 * on its title: a click elsewhere on the node's row (where the row's centre often is) selects nothing. The
 * choice is retried until the select shows it, so a click racing the dropdown's opening cannot pass unseen.
 */
export async function choose(page: Page, select: Locator, option: string, o: { type?: string } = {}): Promise<void> {
  await vi.waitFor(
    async () => {
      const open = page.locator('.ant-select-dropdown:visible');
      if ((await open.count()) === 0) {
        await select.click();
        if (o.type) await page.keyboard.type(o.type);
      }
      await open.locator('.ant-select-item-option, .ant-select-tree-title', { hasText: option }).first().click({ timeout: 3_000 });
      await expect.poll(() => select.textContent(), { timeout: 2_000 }).toContain(option);
    },
    { timeout: 30_000, interval: 300 },
  );
}
