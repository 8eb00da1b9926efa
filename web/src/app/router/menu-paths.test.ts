import { describe, expect, it } from 'vitest';
import { menuNode } from '../../test/fixtures';
import { findMenu, flattenMenu, menuTarget } from './menu-paths';
import { resolvePage } from './page-registry';

const forest = [
  menuNode({ path: '/desk', name: '工作台' }),
  menuNode({ path: '/system', name: '系统管理', children: [menuNode({ path: '/system/param', name: '参数管理' })] }),
  menuNode({ path: 'https://example.org/doc', name: '文档', isOpen: 2 }),
  menuNode({ path: 'https://example.org/wiki', name: '维基' }),
];

describe('menu paths', () => {
  it('appends /index to top-level leaves only', () => {
    expect(flattenMenu(forest).map((e) => e.path)).toEqual(['/desk/index', '/system', '/system/param', 'https://example.org/doc', 'https://example.org/wiki']);
  });

  it('finds a menu item by its route form or its server path', () => {
    expect(findMenu(forest, '/desk/index')?.node.name).toBe('工作台');
    expect(findMenu(forest, '/desk')?.node.name).toBe('工作台');
    expect(findMenu(forest, '/nowhere')).toBeUndefined();
  });

  it('finds a nested item written in the top-level /index form (bookmarks, typed addresses)', () => {
    expect(findMenu(forest, '/system/param/index')?.path).toBe('/system/param');
    expect(findMenu(forest, '/system/nowhere/index')).toBeUndefined();
  });

  it('opens external items in a new window (isOpen 2) or the iframe route', () => {
    const byName = (name: string) => flattenMenu(forest).find((e) => e.node.name === name)!;
    const [doc, wiki] = [byName('文档'), byName('维基')];
    expect(menuTarget(doc)).toEqual({ kind: 'window', url: 'https://example.org/doc' });
    expect(menuTarget(wiki)).toEqual({ kind: 'route', to: '/myiframe/urlPath?src=https%3A%2F%2Fexample.org%2Fwiki&name=%E7%BB%B4%E5%9F%BA' });
  });

  it('resolves registered pages under both /x and /x/index', () => {
    expect(resolvePage('/system/param')).toBeDefined();
    expect(resolvePage('/system/param/index')).toBe(resolvePage('/system/param'));
    expect(resolvePage('/system/nopage')).toBeUndefined();
  });
});
