import { describe, expect, it } from 'vitest';
import { CRUD_BUTTONS, MENU_TREE, type MenuSeed } from './menus';

/** Every code the seed writes: menus and their `<menu>_<verb>` buttons. */
function codes(items: MenuSeed[]): string[] {
  return items.flatMap((it) => [
    it.code,
    ...[...(it.crud ? CRUD_BUTTONS : []), ...(it.buttons ?? [])].map(([verb]) => `${it.code}_${verb}`),
    ...codes(it.children ?? []),
  ]);
}

describe('menu seed', () => {
  // The seed finds menus by code: a button code equal to a menu code made the menu reuse the button's row
  // (tenant's 产品包配置 "tenant_package" swallowed the 租户产品包 menu).
  it('gives every menu and button its own code', () => {
    const all = codes(MENU_TREE);
    const dupes = all.filter((c, i) => all.indexOf(c) !== i);
    expect(dupes).toEqual([]);
    expect(all).toContain('tenant_package');
    expect(all).toContain('tenant_package_setting');
  });
});
