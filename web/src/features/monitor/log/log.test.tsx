import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { pick } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import ApiLogPage from './api.page';
import ErrorLogPage from './error.page';
import { clickRowAction } from '../../../test/row-action';

const common = {
  tenantId: '000000',
  serviceId: 'zoo-api',
  serverHost: 'app-1',
  serverIp: '10.0.0.5',
  env: 'dev',
  method: 'GET',
  requestUri: '/api/blade-desk/notice/list',
  userAgent: 'Mozilla/5.0',
  remoteIp: '127.0.0.1',
  methodClass: '',
  methodName: '',
  params: 'current=1&size=10',
  createBy: 'admin',
  createUser: '1',
  createTime: '2026-11-22 13:05:00',
};
const apiRow = { ...common, id: '11', type: '1', title: '通知公告分页', time: '12' };
const errorRow = {
  ...common,
  id: '21',
  stackTrace: 'Error: boom\n    at handler (notice.routes.ts:10:5)',
  exceptionName: 'Error',
  message: 'boom',
  lineNumber: '10',
  fileName: 'notice.routes.ts',
};

const API = 'GET /api/blade-log/api/list';

function server() {
  return stubFetch({
    [API]: pageOf([apiRow]),
    'GET /api/blade-log/api/detail': ok(apiRow),
    'GET /api/blade-log/error/list': pageOf([errorRow]),
    'GET /api/blade-log/error/detail': ok(errorRow),
  });
}

describe('log screens', () => {
  it('lists API calls read-only: no add, delete or selection', async () => {
    signIn();
    server();
    renderPage(<ApiLogPage />);
    const tr = (await screen.findByText('通知公告分页')).closest('tr')!;
    expect(within(tr).getByText('成功')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });

  it('filters by a local date-time range under createTime_dategt / createTime_datelt', async () => {
    signIn();
    const net = server();
    renderPage(<ApiLogPage />);
    await screen.findByText('通知公告分页');
    const [from, to] = screen.getAllByPlaceholderText(/日期/);
    pick(from!, '2026-11-22 00:00:00');
    pick(to!, '2026-11-22 23:59:59');
    fireEvent.change(screen.getByLabelText('请求接口'), { target: { value: 'notice' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(net.to(API).at(-1)!.query).toEqual({
        current: '1',
        size: '10',
        requestUri: 'notice',
        createTime_dategt: '2026-11-22 00:00:00',
        createTime_datelt: '2026-11-22 23:59:59',
      }),
    );
  });

  it('shows every field of an error in the detail, the stack in a pre block', async () => {
    signIn();
    const net = server();
    renderPage(<ErrorLogPage />);
    const tr = (await screen.findByText('boom')).closest('tr')!;
    await clickRowAction(tr, '查看');
    const dialog = await screen.findByRole('dialog');
    const pre = await within(dialog).findByText(/at handler \(notice\.routes\.ts:10:5\)/);
    expect(pre.tagName).toBe('PRE');
    expect(within(dialog).getByText('堆栈')).toBeInTheDocument();
    expect(within(dialog).getByText('current=1&size=10').tagName).toBe('PRE');
    expect(within(dialog).getByText('10.0.0.5')).toBeInTheDocument();
    expect(net.to('GET /api/blade-log/error/detail')[0]!.query).toEqual({ id: '21' });
  });

  it('offers 查看 only with the log view code', async () => {
    signIn({ role_name: 'clerk' }, [], { log_api_view: true });
    server();
    const { unmount } = renderPage(<ApiLogPage />);
    const tr = (await screen.findByText('通知公告分页')).closest('tr')!;
    expect(within(tr).getByRole('button', { name: '查看' })).toBeInTheDocument();
    unmount();
    signIn({ role_name: 'clerk' }, [], {});
    renderPage(<ApiLogPage />);
    const tr2 = (await screen.findByText('通知公告分页')).closest('tr')!;
    expect(within(tr2).queryByRole('button', { name: '查看' })).not.toBeInTheDocument();
  });
});
