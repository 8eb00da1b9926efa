/**
 * Places where antd 6's markup breaks WCAG 2.2 rules that no prop reaches (decision 0048); the shell
 * corrects them as they appear, for every screen at once:
 * - a table with horizontal scrolling keeps an aria-hidden measure row that copies the column titles, the
 *   select-all checkbox included (a focusable control hidden from screen readers, SC 4.1.2): the row is made inert;
 * - a tablist may hold only tabs (SC 1.3.1), but an overflowing tab bar puts its 更多 button in it and a closable
 *   tab its × button: the tablist role moves to the list of tabs, and the × leaves the tab order and the
 *   accessibility tree (the focused tab closes with Delete, as antd's tab list handles; the tab menu closes
 *   others and all);
 * - a scrolling table body holding no control cannot be scrolled from the keyboard (SC 2.1.1): it takes focus.
 */
export function fixAntdMarkup(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>('tr.ant-table-measure-row:not([inert])')) row.inert = true;
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('aria-orientation');
    nav.setAttribute('role', 'none');
  }
  for (const x of root.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove')) {
    if (x.getAttribute('aria-hidden') !== 'true') x.setAttribute('aria-hidden', 'true');
    if (x.tabIndex !== -1) x.tabIndex = -1;
  }
  // A calendar's year and month pickers have no label of their own (SC 4.1.2).
  const zh = document.documentElement.lang.startsWith('zh');
  for (const [cls, name] of [
    ['.ant-picker-calendar-year-select input', zh ? '年份' : 'Year'],
    ['.ant-picker-calendar-month-select input', zh ? '月份' : 'Month'],
  ] as const)
    for (const input of root.querySelectorAll<HTMLElement>(cls)) if (input.getAttribute('aria-label') !== name) input.setAttribute('aria-label', name);
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    if (box.hasAttribute('tabindex')) continue;
    if (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) box.tabIndex = 0;
  }
}

/** Applies `fixAntdMarkup` to `root` now and after each batch of changes (once a frame at most). */
export function watchAntdMarkup(root: HTMLElement = document.body): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    fixAntdMarkup(root);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  // tabindex too: antd gives the active tab's × tabindex 0 again on each switch.
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
  const onResize = () => fixAntdMarkup(root);
  window.addEventListener('resize', onResize);
  fixAntdMarkup(root);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', onResize);
  };
}
