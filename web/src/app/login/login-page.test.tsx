import { fireEvent, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { ok, stubFetch, type Route } from '../../test/fetch-stub';
import { menuNode, tokenResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const CAPTCHA = 'GET /api/blade-auth/oauth/captcha';
const TOKEN = 'POST /api/blade-auth/oauth/token';
const TENANT_INFO = 'GET /api/blade-system/tenant/info';

let captchas = 0;
function network(token: Route, tenantInfo: Route = ok({})) {
  return stubFetch({
    [CAPTCHA]: () => ({ body: { key: `key-${++captchas}`, image: 'data:image/png;base64,AAAA' } }),
    [TENANT_INFO]: tenantInfo,
    [TOKEN]: token,
    'GET /api/blade-system/menu/routes': ok([
      menuNode({ path: '/system', name: '系统管理', children: [menuNode({ path: '/system/param', name: '参数管理' })] }),
    ]),
    'GET /api/blade-system/menu/buttons': ok([
      menuNode({ path: '/system/param', name: '参数管理', children: [menuNode({ path: '', name: '新增', code: 'param_add' })] }),
    ]),
  });
}

async function typeCaptchaAndSubmit(code = 'ab12') {
  await waitFor(() => expect(screen.getByTestId('captcha-img')).toHaveAttribute('src'));
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('login page', () => {
  it('sends every input in the query string with an md5 password and the captcha headers, then opens the home page', async () => {
    const net = network({ body: tokenResponse() });
    renderApp('/login');
    expect(document.querySelector('#tenantId')).toHaveValue('000000');
    expect(document.querySelector('#username')).toHaveValue('admin');
    expect(document.querySelector('#password')).toHaveValue('admin');
    await typeCaptchaAndSubmit('ab12');

    expect(await screen.findByText('欢迎您，管理员', undefined, { timeout: 20_000 })).toBeInTheDocument();
    const [req] = net.to(TOKEN);
    expect(req.query).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: md5('admin'),
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(req.headers['tenant-id']).toBe('000000');
    expect(req.headers['captcha-code']).toBe('ab12');
    expect(req.headers['captcha-key']).toBe(`key-${captchas}`);
    // switchMode is off: the dept/role headers travel empty (contract §2.1).
    expect([req.headers['dept-id'], req.headers['role-id']]).toEqual(['', '']);
    expect(req.headers.authorization).toMatch(/^Basic /);
    expect(useSession.getState()).toMatchObject({ token: 'access-1', refreshToken: 'refresh-1', tenantId: '000000' });
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().permission).toEqual({ param_add: true }));
  });

  it('shows error_description, refreshes the captcha and stores nothing when the login is refused', async () => {
    const net = network({ status: 400, body: { error: 'invalid_grant', error_description: '验证码不正确' } });
    renderApp('/login');
    await typeCaptchaAndSubmit('zzzz');

    expect(await screen.findByText('验证码不正确')).toBeInTheDocument();
    await waitFor(() => expect(net.to(CAPTCHA)).toHaveLength(2));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    expect(useSession.getState().token).toBe('');
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('also refuses a 200 answer carrying error_description', async () => {
    network({ body: { error: 'invalid_grant', error_description: '用户名或密码错误' } });
    renderApp('/login');
    await typeCaptchaAndSubmit();
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(useSession.getState().token).toBe('');
  });

  it('hides the tenant box and logs into the tenant bound to this domain', async () => {
    const net = network({ body: tokenResponse({ tenant_id: '204512' }) }, ok({ tenantId: '204512', domain: 'http://localhost' }));
    renderApp('/login');
    await waitFor(() => expect(document.querySelector('#tenantId')).toBeNull());
    expect(net.to(TENANT_INFO)[0].query).toEqual({ domain: window.location.origin });
    await typeCaptchaAndSubmit();
    await screen.findByText('欢迎您，管理员', undefined, { timeout: 20_000 });
    expect(net.to(TOKEN)[0].headers['tenant-id']).toBe('204512');
  });

  it('fetches a new captcha when the image is clicked', async () => {
    const net = network({ body: tokenResponse() });
    renderApp('/login');
    await waitFor(() => expect(net.to(CAPTCHA)).toHaveLength(1));
    fireEvent.click(screen.getByTestId('captcha-img'));
    await waitFor(() => expect(net.to(CAPTCHA)).toHaveLength(2));
  });

  it('switches the page to English', async () => {
    network({ body: tokenResponse() });
    renderApp('/login');
    expect(document.title).toBe('登录 - 珍稀野生动物繁育饲养管理系统');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Rare Wildlife Breeding & Care Management')).toBeInTheDocument();
  });
});
