import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { ok, wholeRow, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { WelPage } from '../../app/pages/wel-page';
import DashboardPage from './dashboard.page';

/** jsdom has no canvas: the chart library is replaced by a recorder of the options it gets. */
const charts = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: (o: unknown) => charts.options.push(o), resize: () => undefined, dispose: () => undefined }),
}));

const notice = (id: string, title: string) =>
  wholeRow('GET /api/blade-desk/listAllNotice', {
    id,
    tenantId: '000000',
    title,
    category: 1,
    categoryName: '发布通知',
    releaseTime: '2026-11-20 00:00:00',
    content: `${title}的内容`,
  });

function server() {
  return stubFetch({
    'GET /api/blade-desk/countinfo': ok([
      { key: 'user', title: '用户', count: 3, path: '/system/user' },
      { key: 'notice', title: '通知公告', count: 2, path: '/desk/notice' },
    ]),
    'GET /api/blade-desk/notice/countinfo': ok({ total: 2, categories: [{ category: 1, categoryName: '发布通知', count: 2 }] }),
    'GET /api/blade-desk/listAllNotice': ok([notice('1', '大熊猫馆闭馆通知'), notice('2', '冬季开放时间')]),
  });
}

beforeEach(() => {
  charts.options.length = 0;
});

describe('home and dashboard', () => {
  it('home keeps the greeting and shows the counts and the latest notices', async () => {
    signIn();
    const net = server();
    renderPage(<WelPage />);
    expect(screen.getByText(/管理员/)).toBeInTheDocument();
    const users = await screen.findByTestId('desk-count-user');
    expect(within(users).getByText('用户')).toBeInTheDocument();
    expect(within(users).getByText('3')).toBeInTheDocument();
    expect(await screen.findByText('大熊猫馆闭馆通知')).toBeInTheDocument();
    expect(net.to('GET /api/blade-desk/listAllNotice')[0]!.query).toEqual({ limit: '5' });
    fireEvent.click(screen.getByText('冬季开放时间'));
    expect(await within(await screen.findByRole('dialog')).findByText('冬季开放时间的内容')).toBeInTheDocument();
  });

  it('names the figures in English on an English screen (the server titles them in Chinese), others by their title', async () => {
    signIn();
    useSession.getState().setLanguage('en');
    stubFetch({
      'GET /api/blade-desk/countinfo': ok([
        { key: 'user', title: '用户', count: 3, path: '/system/user' },
        { key: 'zoo_other', title: '其他', count: 1, path: '' },
      ]),
      'GET /api/blade-desk/listAllNotice': ok([]),
    });
    renderPage(<WelPage />);
    expect(within(await screen.findByTestId('desk-count-user')).getByText('Users')).toBeInTheDocument();
    expect(within(screen.getByTestId('desk-count-zoo_other')).getByText('其他')).toBeInTheDocument();
  });

  it('dashboard draws the figures as bars and the notices by category as a pie', async () => {
    signIn();
    server();
    renderPage(<DashboardPage />);
    expect(await screen.findByTestId('desk-count-notice')).toBeInTheDocument();
    expect(screen.getByText('通知公告 (共 2 条)')).toBeInTheDocument();
    await waitFor(() => expect(charts.options).toHaveLength(2));
    expect(charts.options).toContainEqual(
      expect.objectContaining({
        xAxis: expect.objectContaining({ data: ['用户', '通知公告'] }),
        series: [expect.objectContaining({ type: 'bar', data: [3, 2] })],
      }),
    );
    expect(charts.options).toContainEqual(
      expect.objectContaining({ series: [expect.objectContaining({ type: 'pie', data: [{ name: '发布通知', value: 2 }] })] }),
    );
  });
});
