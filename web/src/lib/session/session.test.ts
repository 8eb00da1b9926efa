import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { menuNode, signIn, tokenResponse } from '../../test/fixtures';
import { checkTokenRefresh, collectButtonCodes, refreshDue, useSession } from './index';

const stored = (key: string) => JSON.parse(localStorage.getItem(`saber-${key}`) ?? 'null');

describe('session', () => {
  afterEach(() => vi.useRealTimers());

  it('stores tokens in cookies and each value under its own saber- key, the token with a datetime', () => {
    signIn({}, [menuNode({ path: '/desk', name: '工作台' })]);
    expect(Cookies.get('saber-access-token')).toBe('access-1');
    expect(Cookies.get('saber-refresh-token')).toBe('refresh-1');
    expect(stored('token')).toMatchObject({ content: 'access-1', datetime: expect.any(Number) });
    expect(stored('tenantId').content).toBe('000000');
    expect(stored('menu').content).toHaveLength(1);
  });

  it('keeps the token datetime when other values change', () => {
    vi.useFakeTimers({ now: 1_000 });
    signIn();
    vi.setSystemTime(5_000);
    useSession.getState().setCollapse(true);
    expect(stored('token').datetime).toBe(1_000);
    expect(stored('isCollapse').datetime).toBe(5_000);
  });

  it('forgets token, menu, permissions, tags, lock and tenant name on logout but keeps the language', () => {
    signIn({}, [menuNode({ path: '/desk', name: '工作台' })], { param_add: true });
    useSession.setState({ tags: [{ label: '首页', value: '/wel/index' }], tenantName: '动物园', language: 'en' });
    useSession.getState().setLock('1234', '/system/param');
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({
      token: '',
      refreshToken: '',
      menu: [],
      permission: {},
      tags: [],
      isLock: false,
      lockPasswd: '',
      lockFrom: '',
      tenantName: '',
      language: 'en',
    });
    expect(Cookies.get('saber-access-token')).toBeUndefined();
  });

  it('collects the code of every button leaf', () => {
    const forest = [
      menuNode({
        path: '/system/param',
        name: '参数',
        code: 'param',
        children: [menuNode({ path: '', name: '新增', code: 'param_add' }), menuNode({ path: '', name: '删除', code: 'param_delete' })],
      }),
      menuNode({ path: '/x', name: '单独', code: 'lonely' }),
    ];
    expect(collectButtonCodes(forest)).toEqual({ param_add: true, param_delete: true, lonely: true });
  });
});

describe('token refresh', () => {
  it('is due once 3000 s have passed since the token was stored', () => {
    expect(refreshDue(3_000_000, 1)).toBe(false);
    expect(refreshDue(3_000_001, 1)).toBe(true);
    expect(refreshDue(10_000_000, 0)).toBe(false); // no token stored yet
  });

  it('calls the refresh grant when due, once at a time, and replaces only the two tokens', async () => {
    vi.useFakeTimers({ now: 1 });
    signIn();
    const net = stubFetch({
      'POST /api/blade-auth/oauth/token': () => ({ body: tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2' }) }),
    });
    expect(checkTokenRefresh(2_000_000)).toBe(false);
    expect(checkTokenRefresh(3_000_001)).toBe(true);
    expect(checkTokenRefresh(3_000_001)).toBe(false); // one already in flight
    await vi.waitFor(() => expect(useSession.getState().token).toBe('access-2'));
    expect(useSession.getState().refreshToken).toBe('refresh-2');
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0].query).toEqual({ tenantId: '000000', refresh_token: 'refresh-1', grant_type: 'refresh_token', scope: 'all' });
    expect(net.calls[0].headers['tenant-id']).toBe('000000');
  });
});
