import { authEndpoints, param } from '@zoo/contract';
import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { pageOf, stubFetch, wholeRow } from '../../test/fetch-stub';
import { signIn, tokenResponse } from '../../test/fixtures';
import { setNavigator } from '../navigation';
import { useSession } from '../session';
import { website } from '../website';
import { call, http, RequestError } from './index';

const LIST = 'GET /api/blade-system/param/list';
const showApp = () => render(<AppProviders>{null}</AppProviders>);

describe('request layer', () => {
  afterEach(() => setNavigator((to) => window.location.assign(to)));

  it('sends the client Basic header always and Blade-Auth once a token exists, with credentials', async () => {
    const net = stubFetch({ [LIST]: pageOf([]) });
    await call(param.endpoints.list, { query: { current: 1, size: 10 } });
    signIn();
    await call(param.endpoints.list, { query: { current: 1, size: 10 } });
    const [anon, authed] = net.calls;
    expect(anon.headers.authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(anon.headers['blade-auth']).toBeUndefined();
    expect(authed.headers['blade-auth']).toBe('bearer access-1');
    expect(authed.credentials).toBe('include');
    expect(authed.query).toEqual({ current: '1', size: '10' });
  });

  it('unwraps data from R and passes a raw token body (no code) untouched', async () => {
    stubFetch({
      [LIST]: pageOf([wholeRow(LIST, { id: '1' })]),
      'POST /api/blade-auth/oauth/token': { body: tokenResponse({ access_token: 'abc' }) },
    });
    await expect(call(param.endpoints.list)).resolves.toMatchObject({ total: 1 });
    await expect(call(authEndpoints.token, { query: { grant_type: 'password' } })).resolves.toMatchObject({ access_token: 'abc' });
  });

  it('logs out and goes to /login on code 401, whether in the body or the HTTP status', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    for (const reply of [
      { status: 200, body: { code: 401, msg: '请求未授权' } },
      { status: 401, body: { msg: '缺失令牌,鉴权失败' } },
    ]) {
      signIn();
      stubFetch({ [LIST]: reply });
      await expect(call(param.endpoints.list)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect(useSession.getState().token).toBe('');
      expect(useSession.getState().menu).toEqual([]);
      expect(Cookies.get('saber-access-token')).toBeUndefined();
    }
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each([
    ['msg', { code: 400, msg: '参数名称已存在' }, '参数名称已存在'],
    ['error_description', { error: 'invalid_grant', error_description: '用户名或密码错误' }, '用户名或密码错误'],
    ['neither', { code: 500 }, '未知错误'],
  ])('shows the %s of a failed call as an error toast and rejects', async (_name, body, text) => {
    showApp();
    stubFetch({ [LIST]: { status: 400, body } });
    await expect(call(param.endpoints.list)).rejects.toBeInstanceOf(RequestError);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('rejects whitelisted codes silently', async () => {
    showApp();
    website.statusWhiteList.push(418);
    try {
      stubFetch({ [LIST]: { status: 200, body: { code: 418, msg: '茶壶' } } });
      await expect(call(param.endpoints.list)).rejects.toMatchObject({ kind: 'whitelist', status: 418 });
      // A failure after it does toast: once that toast is shown, a toast of the whitelisted code would be too.
      stubFetch({ [LIST]: { status: 400, body: { code: 400, msg: '随后的错误' } } });
      await expect(call(param.endpoints.list)).rejects.toBeInstanceOf(RequestError);
      expect(await screen.findByText('随后的错误')).toBeInTheDocument();
      expect(screen.queryByText('茶壶')).not.toBeInTheDocument();
    } finally {
      website.statusWhiteList.length = 0;
    }
  });

  it('gives up after 10 s with a timeout rejection', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    let settled = false;
    const pending = http({ method: 'GET', path: '/blade-system/param/list' }).finally(() => (settled = true));
    const outcome = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(9_999);
    // Still waiting a millisecond before the limit: the rejection below is the timeout's, not an early one.
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('treats statuses above 500 as network failures without a toast', async () => {
    showApp();
    stubFetch({ [LIST]: { status: 502, body: { msg: '网关错误' } } });
    await expect(call(param.endpoints.list)).rejects.toMatchObject({ kind: 'network' });
    // A failure after it does toast: once that toast is shown, a toast of the 502 would be too.
    stubFetch({ [LIST]: { status: 400, body: { code: 400, msg: '随后的错误' } } });
    await expect(call(param.endpoints.list)).rejects.toBeInstanceOf(RequestError);
    expect(await screen.findByText('随后的错误')).toBeInTheDocument();
    expect(screen.queryByText('网关错误')).not.toBeInTheDocument();
  });
});
