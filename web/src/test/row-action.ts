import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Clicks the action `name` of table row `row`: a row shows three actions, the others are under its 更多 menu
 * (decision 0048), so the action is clicked where it is.
 */
export async function clickRowAction(row: HTMLElement, name: string | RegExp): Promise<void> {
  const direct = within(row).queryByRole('button', { name });
  if (direct) return void fireEvent.click(direct);
  fireEvent.click(within(row).getByRole('button', { name: /更多|More/ }));
  const item = await waitFor(() => screen.getAllByRole('menuitem', { name }).at(-1)!);
  fireEvent.click(item);
}

/** Every action row `row` offers, shown or under its 更多 menu (the menu is opened and closed again). */
export async function rowActionNames(row: HTMLElement): Promise<string[]> {
  const shown = within(row)
    .queryAllByRole('button')
    .map((b) => (b.textContent ?? '').trim());
  const more = within(row).queryByRole('button', { name: /更多|More/ });
  if (!more) return shown;
  fireEvent.click(more);
  const menu = await waitFor(() => screen.getAllByRole('menu').at(-1)!);
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((m) => (m.textContent ?? '').trim());
  fireEvent.keyDown(more, { key: 'Escape' });
  return [...shown.filter((s) => !/^(更多|More)$/.test(s)), ...items];
}
