import { describe, expect, it } from 'vitest';
import { fixAntdMarkup } from './a11y-dom';

describe('fixAntdMarkup', () => {
  it('makes the measure row inert, moves the tablist role to the tab list and takes the × out of the tab order', () => {
    document.body.innerHTML = `
      <table><tbody><tr class="ant-table-measure-row" aria-hidden="true"><td><input type="checkbox"></td></tr></tbody></table>
      <div class="ant-tabs-nav" role="tablist" aria-orientation="horizontal">
        <div class="ant-tabs-nav-list"><div class="ant-tabs-tab"><div role="tab">A</div><button class="ant-tabs-tab-remove" tabindex="0" aria-label="remove">×</button></div></div>
        <button class="ant-tabs-nav-more" aria-label="more">…</button>
      </div>`;
    fixAntdMarkup(document.body);
    expect(document.querySelector<HTMLElement>('.ant-table-measure-row')!.inert).toBe(true);
    expect(document.querySelector('.ant-tabs-nav')!.getAttribute('role')).toBe('none');
    expect(document.querySelector('.ant-tabs-nav')!.hasAttribute('aria-orientation')).toBe(false);
    expect(document.querySelector('.ant-tabs-nav-list')!.getAttribute('role')).toBe('tablist');
    const x = document.querySelector<HTMLElement>('.ant-tabs-tab-remove')!;
    expect([x.tabIndex, x.getAttribute('aria-hidden')]).toEqual([-1, 'true']);
  });
});
