import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { menuNode } from '../../test/fixtures';
import { addTag, closeAllTags, closeOtherTags, closeTag, isClosable, tagLabel } from './tags';

const home = { label: '首页', value: '/wel/index' };
const param = { label: '参数管理', value: '/system/param' };
const user = { label: '用户管理', value: '/system/user' };

describe('tab rules', () => {
  it('appends a tab once and updates it in place when revisited', () => {
    const tags = addTag(addTag([home], param), { ...param, query: '?a=1' });
    expect(tags).toEqual([home, { ...param, query: '?a=1' }]);
  });

  it('never closes the only tab; the first page only closes when isFirstPage is on', () => {
    expect(isClosable([param], param)).toBe(false);
    expect(isClosable([home], home, true)).toBe(false);
    expect(isClosable([home, param], home)).toBe(false);
    expect(isClosable([home, param], home, true)).toBe(true);
    expect(isClosable([home, param], param)).toBe(true);
  });

  it('opens the previous tab when the active one closes, else keeps the active one', () => {
    expect(closeTag([home, param, user], '/system/param', '/system/param')).toEqual({ tags: [home, user], next: home });
    expect(closeTag([param, user], '/system/param', '/system/param')).toEqual({ tags: [user], next: user });
    expect(closeTag([home, param, user], '/system/user', '/wel/index')).toEqual({ tags: [home, param] });
  });

  it('close others keeps the first page and the active tab; close all keeps only the first page', () => {
    expect(closeOtherTags([home, param, user], '/system/user')).toEqual([home, user]);
    expect(closeOtherTags([home, param, user], '/system/user', true)).toEqual([user]);
    expect(closeAllTags([param, home, user])).toEqual({ tags: [home], next: home });
    expect(closeAllTags([param]).tags.map((x) => x.value)).toEqual(['/wel/index']);
  });

  it('labels a tab with its menu name even when it was stored with the path (opened by URL after login)', () => {
    const t = i18n.t.bind(i18n);
    const menu = [menuNode({ path: '/system', name: '系统管理', children: [menuNode({ path: '/system/param', name: '参数管理' })] })];
    expect(tagLabel({ label: '/system/param', value: '/system/param', meta: {} }, menu, t)).toBe('参数管理');
    expect(tagLabel({ label: '/wel/index', value: '/wel/index', meta: { label: 'route.home' } }, menu, t)).toBe('首页');
    expect(tagLabel({ label: 'x', value: '/other' }, menu, t)).toBe('x');
    // Stored before the fix by a visit to the /index form of a nested item.
    expect(tagLabel({ label: '/system/param/index', value: '/system/param/index', meta: {} }, menu, t)).toBe('参数管理');
  });
});
