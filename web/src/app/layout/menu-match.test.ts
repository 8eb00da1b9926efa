import type { MenuNode } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { menuNode } from '../../test/fixtures';
import { menuName } from '../router/menu-name';
import { matchMenus, searchableEntries, visibleMenu } from './menu-match';
import { collapsesAfterChoice, screenTier } from './screen';
import { isLightBackground, THEME_NAMES, themeOf, THEMES } from './themes';

const forest: MenuNode[] = [
  menuNode({ path: '/desk', name: 'Desk' }),
  menuNode({
    path: '/zoo',
    name: '动物管理',
    children: [menuNode({ path: '/zoo/cage', name: 'Cage 笼舍' }), menuNode({ path: '/zoo/animal', name: 'animal 个体' })],
  }),
  menuNode({ path: 'https://example.org', name: 'cat docs' }),
];

describe('menu matcher', () => {
  const entries = searchableEntries(forest);

  it('shows seeded menus in English on an English screen, stored names otherwise, and finds either', async () => {
    const cage = menuNode({ code: 'cage', path: '/zoo/cage', name: '笼舍管理' });
    const own = menuNode({ code: 'my_menu', path: '/zoo/mine', name: '自建菜单' });
    expect([menuName(cage), menuName(own)]).toEqual(['笼舍管理', '自建菜单']);
    await i18n.changeLanguage('en');
    expect([menuName(cage), menuName(own)]).toEqual(['Cages', '自建菜单']);
    const both = searchableEntries([cage, own]);
    expect(matchMenus(both, 'cag').map((e) => e.node.code)).toEqual(['cage']);
    expect(matchMenus(both, '笼舍').map((e) => e.node.code)).toEqual(['cage']);
  });

  it('searches leaves only, including external links', () => {
    expect(entries.map((e) => e.path)).toEqual(['/desk/index', '/zoo/cage', '/zoo/animal', 'https://example.org']);
  });

  it('matches a case-insensitive prefix of the menu name', () => {
    expect(matchMenus(entries, 'CA').map((e) => e.node.name)).toEqual(['Cage 笼舍', 'cat docs']);
    expect(matchMenus(entries, 'an').map((e) => e.node.name)).toEqual(['animal 个体']);
    expect(matchMenus(entries, 'nimal')).toEqual([]); // not a prefix
    expect(matchMenus(entries, '  ')).toHaveLength(4);
  });

  it('hides items whose meta roles exclude the current role, and folders left empty', () => {
    const withRoles = (node: MenuNode, roles: string[]) => Object.assign(node, { meta: { roles } });
    const restricted: MenuNode[] = [
      withRoles(menuNode({ path: '/a', name: 'A' }), ['admin']),
      menuNode({ path: '/b', name: 'B', children: [withRoles(menuNode({ path: '/b/x', name: 'X' }), ['hr'])] }),
      menuNode({ path: '/c', name: 'C' }),
    ];
    expect(visibleMenu(restricted, 'administrator').map((n) => n.name)).toEqual(['C']);
    expect(visibleMenu(restricted, 'admin,hr').map((n) => n.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('screen tiers and themes', () => {
  it('follows the 1200/992/768 breakpoints and collapses after a choice on small screens', () => {
    expect([1400, 1200, 1199, 992, 991, 768, 767].map(screenTier)).toEqual([3, 3, 2, 2, 1, 1, 0]);
    expect([0, 1, 2, 3].map(collapsesAfterChoice)).toEqual([true, true, false, false]);
  });

  it('has 11 themes with distinct header/sidebar colours', () => {
    expect(THEME_NAMES).toEqual([
      'theme-default',
      'theme-white',
      'theme-dark',
      'theme-star',
      'theme-bule',
      'theme-iview',
      'theme-vip',
      'theme-cool',
      'theme-d2',
      'theme-hey',
      'theme-lite',
    ]);
    const looks = new Set(THEMES.map((x) => `${x.header.background}|${x.sider.background}`));
    expect(looks.size).toBe(11);
    expect(themeOf('nope').name).toBe('theme-default');
    expect(isLightBackground('#ffffff')).toBe(true);
    expect(isLightBackground('#20222a')).toBe(false);
  });
});
