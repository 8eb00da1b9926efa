import { describe, expect, it } from 'vitest';
import { addTag, closeTag, isClosable } from './tags';

const home = { label: '首页', value: '/wel/index' };
const param = { label: '参数管理', value: '/system/param' };
const user = { label: '用户管理', value: '/system/user' };

describe('tab rules', () => {
  it('appends a tab once and updates it in place when revisited', () => {
    const tags = addTag(addTag([home], param), { ...param, query: '?a=1' });
    expect(tags).toEqual([home, { ...param, query: '?a=1' }]);
  });

  it('never closes the last tab or the home tab', () => {
    expect(isClosable([param], param)).toBe(false);
    expect(isClosable([home, param], home)).toBe(false);
    expect(isClosable([home, param], param)).toBe(true);
  });

  it('opens the previous tab when the active one closes, else keeps the active one', () => {
    expect(closeTag([home, param, user], '/system/param', '/system/param')).toEqual({ tags: [home, user], next: home });
    expect(closeTag([param, user], '/system/param', '/system/param')).toEqual({ tags: [user], next: user });
    expect(closeTag([home, param, user], '/system/user', '/wel/index')).toEqual({ tags: [home, param] });
  });
});
