import type { MenuNode } from '@zoo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorLog, useSession } from '../../lib/session';
import { website } from '../../lib/website';
import { ok, wholeRow, stubFetch, type Route } from '../../test/fetch-stub';
import { menuNode, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { useShellUi } from './shell-ui';

const boom = vi.hoisted(() => ({ on: false }));
vi.mock('../pages/wel-page', () => ({
  WelPage: function WelPage() {
    if (boom.on) throw new Error('render kaput');
    return <div>wel</div>;
  },
}));

const menu: MenuNode[] = [
  menuNode({ path: '/desk', name: '工作台' }),
  menuNode({
    path: '/zoo',
    name: '动物管理',
    children: [menuNode({ path: '/zoo/cage', name: 'Cage 笼舍' }), menuNode({ path: '/zoo/animal', name: '动物个体' })],
  }),
];
const raw = { body: { success: 'true', msg: 'success' } };

function signedIn(extra: Record<string, Route> = {}) {
  const net = stubFetch({
    'GET /api/blade-system/menu/routes': (req) => (req.query.topMenuId ? ok([menu[1]]) : ok(menu)),
    'GET /api/blade-system/menu/buttons': ok([]),
    'GET /api/blade-system/menu/top-menu': ok([{ id: '77', code: 'zoo', name: '动物园', source: '', path: '', sort: 1, tenantId: '000000' }]),
    ...extra,
  });
  signIn({}, menu);
  return net;
}

const tabNames = () => screen.getAllByRole('tab').map((x) => x.textContent);

afterEach(() => {
  useShellUi.getState().close();
  useErrorLog.getState().clear();
  (website as { switchMode: boolean }).switchMode = false;
});

describe('shell', () => {
  it('labels a tab opened by URL with its menu name and opens the previous tab when the active one closes', async () => {
    signedIn();
    useSession.setState({
      tags: [
        { label: '首页', value: '/wel/index', meta: { label: 'route.home' } },
        { label: '/zoo/cage', value: '/zoo/cage', meta: {} },
      ],
    });
    const { router } = renderApp('/zoo/animal');
    await waitFor(() => expect(tabNames()).toEqual(['首页', 'Cage 笼舍', '动物个体']));
    expect(document.title).toBe('动物个体 - 珍稀野生动物繁育饲养管理系统');
    const active = screen.getByRole('tab', { name: '动物个体' }).closest('.ant-tabs-tab')!;
    // The × is a mouse target only (the focused tab closes with Delete): out of the accessibility tree (decision 0048).
    fireEvent.click(active.querySelector('.ant-tabs-tab-remove')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/zoo/cage'));
    expect(tabNames()).toEqual(['首页', 'Cage 笼舍']);
    // The first page carries no close button (isFirstPage off).
    expect(screen.getByRole('tab', { name: '首页' }).closest('.ant-tabs-tab')!.querySelector('.ant-tabs-tab-remove')).toBeNull();
  });

  it('tab menu: close others, close all, clear cache after a confirm', async () => {
    const net = signedIn({ 'GET /api/blade-auth/oauth/clear-cache': raw });
    const { router } = renderApp('/wel/index');
    await act(() => router.navigate('/zoo/cage'));
    await act(() => router.navigate('/zoo/animal'));
    await waitFor(() => expect(tabNames()).toEqual(['首页', 'Cage 笼舍', '动物个体']));
    fireEvent.click(screen.getByTestId('tabs-menu'));
    fireEvent.click(await screen.findByText('关闭其他'));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '动物个体']));
    fireEvent.click(screen.getByTestId('tabs-menu'));
    fireEvent.click(await screen.findByText('关闭全部'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
    expect(tabNames()).toEqual(['首页']);
    fireEvent.click(screen.getByTestId('tabs-menu'));
    fireEvent.click(await screen.findByText('清除缓存'));
    expect(await screen.findByText('是否需要清除缓存?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('清除完毕')).toBeInTheDocument();
    expect(net.to('GET /api/blade-auth/oauth/clear-cache')).toHaveLength(1);
  });

  it('lock: asks for a password first, goes to /lock after 100 ms and leaves only with that password', async () => {
    signedIn();
    const { router } = renderApp('/wel/index');
    fireEvent.click(await screen.findByRole('button', { name: '锁屏' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('锁屏密码不能为空')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('锁屏密码'), { target: { value: 'pw1' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(router.state.location.pathname).toBe('/wel/index');
    await act(() => vi.advanceTimersByTimeAsync(60));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(useSession.getState()).toMatchObject({ isLock: true, lockPasswd: 'pw1', lockFrom: '/wel/index' });
    // Leaving /lock by URL is refused while locked.
    await act(() => router.navigate('/zoo/cage'));
    expect(router.state.location.pathname).toBe('/lock');
    // The lock page is its own chunk: wait for it to load before typing.
    fireEvent.change(await screen.findByPlaceholderText('请输入锁屏密码', {}, { timeout: 10_000 }), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: '解锁' }));
    expect(await screen.findByText('解锁密码错误,请重新输入')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入锁屏密码'), { target: { value: 'pw1' } });
    fireEvent.click(screen.getByRole('button', { name: '解锁' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
    expect(useSession.getState().isLock).toBe(false);
  });

  it('error log: badge counts captured errors; upload posts them to oauth/logout, clear empties', async () => {
    const net = signedIn({ 'POST /api/blade-auth/oauth/logout': raw });
    renderApp('/wel/index');
    await screen.findByRole('button', { name: '错误日志' });
    act(() => {
      for (let i = 0; i < 120; i++)
        useErrorLog.getState().add({ type: 'error', url: 'u', message: `m${i}`, stack: 's', info: 'i', time: '2026-01-01 00:00:00' });
    });
    expect(await screen.findByText('99+')).toBeInTheDocument();
    act(() => useErrorLog.getState().clear());
    act(() => useErrorLog.getState().add({ type: 'error', url: 'http://x/a', message: 'kaput', stack: 'at X', info: 'comp', time: '2026-01-01 00:00:00' }));
    fireEvent.click(screen.getByRole('button', { name: '错误日志' }));
    const dialog = await screen.findByRole('dialog');
    for (const col of ['类型', '地址', '内容', '错误堆栈', '信息', '时间']) expect(within(dialog).getByText(col)).toBeInTheDocument();
    expect(within(dialog).getByText('kaput')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '上传服务器' }));
    expect(await screen.findByText('确定上传本地日志到服务器?')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    expect(await screen.findByText('发送成功!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-auth/oauth/logout')[0].body).toEqual([
      { type: 'error', url: 'http://x/a', message: 'kaput', stack: 'at X', info: 'comp', time: '2026-01-01 00:00:00' },
    ]);
    expect(useErrorLog.getState().logs).toEqual([]);
    act(() => useErrorLog.getState().add({ type: 'error', url: 'u', message: 'again', stack: '', info: '', time: 't' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '清空本地日志' }));
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    expect(await screen.findByText('清空成功!')).toBeInTheDocument();
    expect(useErrorLog.getState().logs).toEqual([]);
  });

  it('a page that throws is caught by the boundary and logged with its component stack', async () => {
    signedIn();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    boom.on = true;
    const { router } = renderApp('/wel/index');
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(useErrorLog.getState().logs[0]).toMatchObject({ message: 'render kaput', info: expect.stringContaining('WelPage') });
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(screen.getByRole('tab', { name: '首页' })).toBeInTheDocument(); // the shell stays usable
    boom.on = false;
    spy.mockRestore();
  });

  it('search overlay: case-insensitive prefix match, Enter opens the first hit, Esc closes', async () => {
    signedIn();
    const { router } = renderApp('/wel/index');
    fireEvent.click(await screen.findByRole('button', { name: '查找菜单' }));
    const input = await screen.findByRole('textbox', { name: '查找菜单' });
    fireEvent.change(input, { target: { value: 'cA' } });
    const results = screen.getByTestId('search-results');
    expect(within(results).getByText('Cage 笼舍')).toBeInTheDocument();
    expect(within(results).queryByText('动物个体')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/zoo/cage'));
    fireEvent.click(screen.getByRole('button', { name: '查找菜单' }));
    await screen.findByTestId('search-results');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(useShellUi.getState().open).toBeNull());
  });

  it('header autocomplete uses the same matcher', async () => {
    signedIn();
    const { router } = renderApp('/wel/index');
    const box = await screen.findByRole('combobox', { name: '查找菜单' });
    fireEvent.change(box, { target: { value: '动物' } });
    fireEvent.click(await screen.findByText('动物个体'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zoo/animal'));
  });

  it('top menu reloads the sidebar from routes?topMenuId; 首页 restores the whole menu', async () => {
    const net = signedIn();
    renderApp('/wel/index');
    const sider = await screen.findByTestId('shell-sider');
    expect(within(sider).getByText('工作台')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('动物园'));
    await waitFor(() => expect(within(sider).queryByText('工作台')).toBeNull());
    expect(net.calls.some((c) => c.path === '/api/blade-system/menu/routes' && c.query.topMenuId === '77')).toBe(true);
    fireEvent.click(within(screen.getByTestId('top-menu')).getByText('首页'));
    expect(await within(sider).findByText('工作台')).toBeInTheDocument();
  });

  it('theme, colour and language switch apply and persist; every shell string follows the language', async () => {
    signedIn();
    renderApp('/wel/index');
    fireEvent.click(await screen.findByRole('button', { name: '主题' }));
    fireEvent.click(await screen.findByTestId('theme-theme-dark'));
    await waitFor(() => expect(document.body.dataset.theme).toBe('theme-dark'));
    expect(JSON.parse(localStorage.getItem('saber-theme')!).content).toBe('theme-dark');
    expect(screen.getByTestId('shell-header')).toHaveStyle({ background: '#191a23' });
    act(() => useSession.getState().setColour('#f5222d'));
    expect(JSON.parse(localStorage.getItem('saber-colour')!).content).toBe('#f5222d');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByRole('button', { name: 'Lock screen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error log' })).toBeInTheDocument();
    expect(screen.getByTestId('tabs-menu')).toHaveTextContent('More');
    expect(screen.getByRole('tab', { name: 'Home' })).toBeInTheDocument();
    expect(document.title).toBe('Home - Rare Wildlife Breeding & Care Management');
  });

  it('notice popover lists the latest notices from listAllNotice', async () => {
    const net = signedIn({
      'GET /api/blade-desk/listAllNotice': ok([
        wholeRow('GET /api/blade-desk/listAllNotice', {
          id: '1',
          title: '熊猫馆闭馆通知',
          categoryName: '通知',
          releaseTime: '2026-01-02 00:00:00',
          category: 1,
          content: '',
        }),
      ]),
    });
    renderApp('/wel/index');
    fireEvent.click(await screen.findByRole('button', { name: '通知公告' }));
    expect(await screen.findByText('熊猫馆闭馆通知')).toBeInTheDocument();
    expect(net.to('GET /api/blade-desk/listAllNotice')[0].query).toEqual({ limit: '5' });
  });

  it('switch department/role only when switchMode is on, checking both choices', async () => {
    signedIn();
    const { unmount } = renderApp('/wel/index');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('个人信息')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /切换部门/ })).toBeNull();
    unmount();
    (website as { switchMode: boolean }).switchMode = true;
    signedIn({ 'GET /api/blade-system/dept/select': ok([]), 'GET /api/blade-system/role/select': ok([]) });
    useSession.setState({ userInfo: { ...useSession.getState().userInfo!, dept_id: '', role_id: '' } });
    renderApp('/wel/index');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /切换部门/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(within(dialog).getByText('请选择角色', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  });

  it('register: checks in the spec order, then alerts and logs out to /login', async () => {
    const net = signedIn({
      'POST /api/blade-user/register-guest': ok({}),
      'GET /api/blade-auth/oauth/captcha': { body: { key: 'k', image: '' } },
      'GET /api/blade-system/tenant/info': ok({}),
    });
    const { router } = renderApp('/wel/index');
    await screen.findByRole('tab', { name: '首页' });
    act(() => useShellUi.getState().show('register'));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const send = () => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    field('租户编号', '');
    send();
    expect(await screen.findByText('请先输入租户编号')).toBeInTheDocument();
    field('租户编号', '100000');
    send();
    expect(await screen.findByText('请先输入账号名称')).toBeInTheDocument();
    field('账号名称', 'keeper');
    field('密码', 'pw');
    send();
    expect(await screen.findByText('请先输入密码')).toBeInTheDocument();
    field('确认密码', 'px');
    send();
    expect(await screen.findByText('两次密码输入不一致')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/register-guest')).toHaveLength(0);
    field('确认密码', 'pw');
    send();
    expect(await screen.findByText('注册申请已提交,请耐心等待管理员通过!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/register-guest')[0].query).toMatchObject({ tenantId: '100000', account: 'keeper', password: 'pw', password2: 'pw' });
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBe('');
  });
});
