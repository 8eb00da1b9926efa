import type { MenuNode } from '@zoo/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { ok, pageOf, stubFetch } from '../../test/fetch-stub';
import { menuNode, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const menu: MenuNode[] = [
  menuNode({ path: '/desk', name: '工作台' }),
  menuNode({
    path: '/system',
    name: '系统管理',
    children: [menuNode({ path: '/system/param', name: '参数管理' }), menuNode({ path: '/system/nopage', name: '未建页面' })],
  }),
];

/** A signed-in session whose server answers with the same menu. */
function signedIn(forest: MenuNode[] = menu) {
  stubFetch({
    'GET /api/blade-system/menu/routes': ok(forest),
    'GET /api/blade-system/menu/buttons': ok([]),
    'GET /api/blade-system/param/list': pageOf([]),
  });
  signIn({}, forest);
}

describe('routes', () => {
  it('sends a visitor without a token from an app page to the login page', async () => {
    stubFetch({ 'GET /api/blade-auth/oauth/captcha': { body: { key: 'k', image: '' } }, 'GET /api/blade-system/tenant/info': ok({}) });
    const { router } = renderApp('/system/param');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens / as /wel/index and leaves /login once signed in', async () => {
    signedIn();
    const { router } = renderApp('/login');
    // The shell and the home page are lazy chunks: the first render of the file waits for them.
    expect(await screen.findByText('欢迎您，管理员', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(document.title).toBe('首页 - 珍稀野生动物繁育饲养管理系统');
  });

  it('turns visited pages into tabs, but not redirects such as /', async () => {
    signedIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('tab', { name: '首页' })).toBeInTheDocument();
    await router.navigate('/system/nopage');
    expect(await screen.findByRole('tab', { name: '未建页面' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['首页', '未建页面']);
  });

  it('keeps a locked session on /lock', async () => {
    signedIn();
    useSession.getState().setLock('1234');
    const { router } = renderApp('/wel/index');
    expect(await screen.findByText('屏幕已锁定')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lock');
  });

  it('shows 404 for a path no route, menu or page knows', async () => {
    signedIn();
    const { router } = renderApp('/nowhere/at/all');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('renders the registered page of a menu path inside the layout', async () => {
    signedIn();
    renderApp('/system/param');
    // The page chunk is lazy: the first import in a test run takes a moment.
    expect(await screen.findByRole('button', { name: /搜索/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('参数键名')).toBeInTheDocument();
    expect(document.title).toBe('参数管理 - 珍稀野生动物繁育饲养管理系统');
  });

  it('shows the under-construction page for menu paths without a page, top-level leaves under /index', async () => {
    signedIn();
    const { router } = renderApp('/system/nopage');
    expect(await screen.findByText('功能建设中')).toBeInTheDocument();
    expect(screen.getByText('“未建页面” 将在后续版本中提供。')).toBeInTheDocument();
    await router.navigate('/desk/index');
    expect(await screen.findByText('“工作台” 将在后续版本中提供。')).toBeInTheDocument();
  });

  it('names a tab opened by URL in the /index form after its menu item and opens the item at its own route', async () => {
    signedIn();
    const { router } = renderApp('/system/param/index?from=bookmark');
    expect(await screen.findByRole('tab', { name: '参数管理' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/param');
    expect(router.state.location.search).toBe('?from=bookmark');
    expect(screen.queryByRole('tab', { name: '/system/param/index' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /搜索/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(document.title).toBe('参数管理 - 珍稀野生动物繁育饲养管理系统');
    // The same item clicked in the menu is the same tab, not a second one.
    await router.navigate('/system/param');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['参数管理']);
  });

  it('opens a seeded menu item without a screen by its /index URL inside the shell, as a menu click does', async () => {
    signedIn();
    const { router } = renderApp('/system/nopage/index');
    expect(await screen.findByText('“未建页面” 将在后续版本中提供。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/nopage');
    expect(screen.getByTestId('shell-tabs')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '未建页面' })).toBeInTheDocument();
    expect(screen.queryByText('抱歉，您访问的页面不存在')).not.toBeInTheDocument();
  });

  it('tells the user when the menu is empty', async () => {
    signedIn([]);
    renderApp('/wel/index');
    expect(await screen.findByText('没有发现菜单')).toBeInTheDocument();
  });

  it('logs out from the user menu after confirmation', async () => {
    signedIn();
    stubFetch({
      'GET /api/blade-system/menu/routes': ok(menu),
      'GET /api/blade-system/menu/buttons': ok([]),
      'GET /api/blade-auth/oauth/logout': { body: { success: 'true', msg: 'success' } },
      'GET /api/blade-auth/oauth/captcha': { body: { key: 'k', image: '' } },
      'GET /api/blade-system/tenant/info': ok({}),
    });
    const { router } = renderApp('/wel/index');
    (await screen.findByTestId('user-menu')).click();
    (await screen.findByText('退出登录')).click();
    expect(await screen.findByText('退出系统, 是否继续?')).toBeInTheDocument();
    screen.getByRole('button', { name: '确定' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBe('');
  });
});
