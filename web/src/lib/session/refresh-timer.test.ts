import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../test/fetch-stub';
import { signIn, tokenResponse } from '../../test/fixtures';
import { website } from '../website';
import { captureError, installErrorCapture, startTokenRefresh, switchDeptRole, useErrorLog, useSession } from './index';

const mutable = website as { switchMode: boolean };

afterEach(() => {
  mutable.switchMode = false;
  useErrorLog.getState().clear();
});

describe('token refresh timer', () => {
  it('checks every 10 s and refreshes once when 3000 s have passed, never two at once', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    signIn();
    let release: () => void = () => undefined;
    const net = stubFetch({
      'POST /api/blade-auth/oauth/token': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2' }) });
        }),
    });
    const stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(2_990_000);
    expect(net.calls).toHaveLength(0); // 2990 s: not yet
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.calls).toHaveLength(1); // the tick at 3000 s
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.calls).toHaveLength(1); // still in flight: no second refresh
    release();
    await vi.waitFor(() => expect(useSession.getState().token).toBe('access-2'));
    expect(net.calls[0].query).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1', tenantId: '000000' });
    expect(net.calls[0].headers['dept-id']).toBe('');
    // The new token restarts the clock.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.calls).toHaveLength(1);
    stop();
  });

  it('switches department and role through the refresh grant with Dept-Id and Role-Id', async () => {
    mutable.switchMode = true;
    signIn({ dept_id: 'd1,d2', role_id: 'r1,r2' });
    useSession.getState().setLock('x');
    const net = stubFetch({
      'POST /api/blade-auth/oauth/token': () => ({ body: tokenResponse({ access_token: 'a3', dept_id: 'd2', role_id: 'r2' }) }),
      'GET /api/blade-system/menu/routes': ok([]),
    });
    await switchDeptRole('d2', 'r2');
    expect(net.calls[0].headers['dept-id']).toBe('d2');
    expect(net.calls[0].headers['role-id']).toBe('r2');
    expect(useSession.getState()).toMatchObject({ token: 'a3', isLock: false, userInfo: { role_id: 'r2' } });
  });
});

describe('error capture', () => {
  it('records window errors and unhandled rejections with type, url, message, stack, info and time', () => {
    const stop = installErrorCapture();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom', filename: 'app.js', lineno: 3, colno: 7 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('late') });
    window.dispatchEvent(rejection);
    const silent = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(silent, { reason: Object.assign(new Error('400'), { name: 'RequestError' }) });
    window.dispatchEvent(silent);
    stop();
    const logs = useErrorLog.getState().logs;
    expect(logs.map((l) => l.message)).toEqual(['late', 'boom']);
    expect(logs[1]).toMatchObject({ type: 'error', url: window.location.href, info: 'app.js:3:7', stack: expect.stringContaining('boom') });
    expect(logs[1].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    captureError('plain text');
    expect(useErrorLog.getState().logs[0]).toMatchObject({ message: 'plain text', stack: '' });
  });
});
