import type { Page } from 'playwright-core';

/** A row shows at most this many actions; the rest go under 更多 (decision 0048, the web's `ROW_CONTROLS`). */
export const MAX_ROW_ACTIONS = 3;

/**
 * Table cells of the page that show more than three actions: every rendered table (CRUD screens and hand-built
 * ones alike), every body row, every cell. An action is a visible button or link; not counted are the 更多 menu
 * button itself (it holds the rest), a tree row's expand toggle and the selection checkbox. Answers
 * `row n · column title: action, action, …` per crowded cell.
 */
export async function crowdedRowCells(page: Page, max = MAX_ROW_ACTIONS): Promise<string[]> {
  return page.evaluate((limit) => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const out: string[] = [];
    for (const table of Array.from(document.querySelectorAll('.ant-table'))) {
      if (!visible(table)) continue;
      const titles = Array.from(table.querySelectorAll('thead tr:last-child > th')).map((th) => (th.textContent ?? '').trim());
      Array.from(table.querySelectorAll('tbody tr.ant-table-row')).forEach((tr, row) => {
        Array.from(tr.children).forEach((td, col) => {
          const actions = Array.from(td.querySelectorAll('button, a[href], [role=button], [role=link]')).filter(
            (e) =>
              visible(e) &&
              e.getAttribute('aria-haspopup') !== 'menu' &&
              !e.classList.contains('ant-table-row-expand-icon') &&
              !e.closest('.ant-checkbox-wrapper, .ant-radio-wrapper') &&
              // A control inside another counted one (a button's inner link) is one action.
              !e.parentElement?.closest('button, a[href], [role=button], [role=link]'),
          );
          if (actions.length > limit)
            out.push(
              `row ${row + 1} · ${titles[col] || `column ${col + 1}`}: ${actions.map((e) => (e.textContent ?? '').trim() || e.getAttribute('aria-label')).join(', ')}`,
            );
        });
      });
    }
    return out;
  }, max);
}
