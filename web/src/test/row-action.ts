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
