import { describe, expect, it } from 'vitest';
import { guard } from './guard';

const auth = { isAuth: true };
const open = { isAuth: false };

describe('route guard rules', () => {
  it('sends a visitor without a token to /login unless the route is public', () => {
    expect(guard({ path: '/wel/index', meta: auth, token: '', isLock: false })).toBe('/login');
    expect(guard({ path: '/system/param', meta: {}, token: '', isLock: false })).toBe('/login');
    expect(guard({ path: '/login', meta: open, token: '', isLock: false })).toBeNull();
    expect(guard({ path: '/404', meta: open, token: '', isLock: false })).toBeNull();
  });

  it('sends a signed-in user away from /login to /', () => {
    expect(guard({ path: '/login', meta: open, token: 't', isLock: false })).toBe('/');
    expect(guard({ path: '/wel/index', meta: auth, token: 't', isLock: false })).toBeNull();
  });

  it('forces /lock while the screen is locked', () => {
    expect(guard({ path: '/wel/index', meta: auth, token: 't', isLock: true })).toBe('/lock');
    expect(guard({ path: '/login', meta: open, token: 't', isLock: true })).toBe('/lock');
    expect(guard({ path: '/lock', meta: open, token: 't', isLock: true })).toBeNull();
  });

  it('sends a signed-in user from another name of a menu item to its own route', () => {
    const alias = { isAuth: true, isTab: true, title: '参数管理', canonical: '/system/param' };
    expect(guard({ path: '/system/param/index', meta: alias, token: 't', isLock: false })).toBe('/system/param');
    expect(guard({ path: '/system/param', meta: { ...alias, canonical: undefined }, token: 't', isLock: false })).toBeNull();
  });

  it('sends unknown paths to /404', () => {
    expect(guard({ path: '/nowhere', meta: undefined, token: 't', isLock: false })).toBe('/404');
    expect(guard({ path: '/nowhere', meta: undefined, token: '', isLock: false })).toBe('/404');
  });
});
