import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Drawing in the flow modeler (bpmn-js) as a user does: the context pad, the replace menu and typed labels. */

/** A shape of the modeler's canvas by the label it shows (events' labels are shapes of their own: skipped). */
export const shape = (page: Page, label: string) => page.locator('g.djs-shape:not([data-element-id$="_label"])', { hasText: label }).first();
export const startEvent = (page: Page) => page.locator('g.djs-shape[data-element-id="start"]');

/** Opens the context pad of a shape (a click on it) and runs one of its entries. */
export async function padAction(page: Page, target: Locator, action: string): Promise<void> {
  const entry = page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`);
  await expect
    .poll(async () => {
      if (!(await entry.isVisible())) await target.click({ position: { x: 8, y: 8 } });
      return entry.isVisible();
    })
    .toBe(true);
  await page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
}

/** A click on empty canvas (bottom middle: clear of the palette, the logo and the drawn shapes) ends label editing. */
export async function clickBlank(page: Page): Promise<void> {
  const canvas = page.locator('.djs-container svg').first();
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width / 2, y: box.height - 15 } });
}

/** Appends a task after `from` through the context pad and names it by typing; returns the new shape. */
export async function appendTask(page: Page, from: Locator, name: string): Promise<Locator> {
  await padAction(page, from, 'append.append-task');
  await page.keyboard.type(name); // bpmn-js opens the label editor on the new task
  await clickBlank(page);
  return shape(page, name);
}

/** Replaces a shape through its context pad's replace menu and waits for the side panel to show `kind`. */
export async function replaceWith(page: Page, target: Locator, entry: string, kind: string): Promise<void> {
  await padAction(page, target, 'replace');
  await page.locator(`.djs-popup [data-id="${entry}"]`).click();
  // The replaced element is selected; a click near its corner selects it again if the popup's closing did not.
  await expect
    .poll(async () => {
      const text = (await page.getByTestId('element-panel').textContent()) ?? '';
      if (!text.includes(kind)) await target.click({ position: { x: 12, y: 60 } });
      return text;
    })
    .toContain(kind);
}

/** Appends a user task after `from`, names it, and sets one attribute in the side panel. */
export async function appendUserTask(page: Page, from: Locator, name: string, field: string, value: string): Promise<void> {
  const task = await appendTask(page, from, name);
  await replaceWith(page, task, 'replace-with-user-task', '用户任务');
  await page.getByTestId(field).fill(value);
  await page.getByTestId(field).blur();
}
