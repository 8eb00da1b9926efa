import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { bladeFlow } from '../../../test/flow-rows';
import StockDetailPage from './stock-detail.page';
import StockHandlePage from './stock-handle.page';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string, pattern: string, page: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const approval = (over: Record<string, unknown> = {}) =>
  ok({
    id: '42',
    tenantId: '300001',
    movement: 'export',
    payload: {
      animalType: 2,
      speciesId: '7',
      cageId: '9',
      maleQuantity: 1,
      femaleQuantity: 2,
      theyQuantity: 0,
      exportDate: '2026-11-20',
      exportType: 1,
      remark: '送往合作园',
    },
    state: 'pending',
    reason: '',
    processInstanceId: 'p-1',
    createUser: '3',
    createTime: '2026-11-24 09:00:00',
    decidedTime: '',
    stockLogIds: [],
    flow: bladeFlow({ assigneeName: '张饲养' }),
    ...over,
  });

const HANDLE = '/work/process/stock/handle/:taskId/:processInstanceId/:businessId';

describe('stock movement approval (flow_3)', () => {
  it('shows the pending movement with names and counts; 同意 sends flag ok, 驳回 the comment', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-stockLog/approval/detail': approval(),
      'GET /api/species/species/detail': ok(wholeRow('GET /api/species/species/detail', { id: '7', speciesName: '梅花鹿' })),
      'GET /api/zoo-cage/cage/detail': ok(wholeRow('GET /api/zoo-cage/cage/detail', { id: '9', cageName: '鹿苑一号' })),
      'GET /api/blade-flow/process/history-flow-list': ok([]),
      'POST /api/blade-flow/work/complete-task': ok({}),
    });
    const view = renderAt('/work/process/stock/handle/t-1/p-1/42', HANDLE, <StockHandlePage />);
    const info = await screen.findByTestId('stock-approval-info');
    expect(within(info).getByText('输出')).toBeInTheDocument();
    expect(within(info).getByText('审批中')).toBeInTheDocument();
    expect(await within(info).findByText('梅花鹿')).toBeInTheDocument();
    expect(await within(info).findByText('鹿苑一号 · 雄 1 / 雌 2 / 不明 0')).toBeInTheDocument();
    expect(within(info).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(info).getByText('送往合作园')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('stock-approval-comment'), { target: { value: '数量不符' } });
    fireEvent.click(screen.getByTestId('stock-approval-reject'));
    await waitFor(() =>
      expect(net.to('POST /api/blade-flow/work/complete-task')[0]?.body).toEqual({ taskId: 't-1', processInstanceId: 'p-1', comment: '数量不符' }),
    );
    view.unmount();
    renderAt('/work/process/stock/handle/t-1/p-1/42', HANDLE, <StockHandlePage />);
    fireEvent.click(await screen.findByTestId('stock-approval-approve'));
    await waitFor(() => expect(net.to('POST /api/blade-flow/work/complete-task')[1]?.body).toEqual({ taskId: 't-1', processInstanceId: 'p-1', flag: 'ok' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/work/start'));
  });

  it('shows an outgoing transfer request with the receiving zoo, names and counts', async () => {
    signIn();
    stubFetch({
      'GET /api/zoo-stockLog/approval/detail': approval({
        movement: 'transfer',
        payload: {
          toTenantId: '300002',
          animalType: 2,
          speciesId: '7',
          cageId: '9',
          maleQuantity: 2,
          femaleQuantity: 1,
          theyQuantity: 0,
          transferDate: '2026-11-25',
          remark: '种群交换',
          requester: { userId: '3', name: '张饲养' },
        },
      }),
      'GET /api/zoo-transfer/transferLog/zoos': ok([{ tenantId: '300002', tenantName: '乙动物园' }]),
      'GET /api/species/species/detail': ok(wholeRow('GET /api/species/species/detail', { id: '7', speciesName: '梅花鹿' })),
      'GET /api/zoo-cage/cage/detail': ok(wholeRow('GET /api/zoo-cage/cage/detail', { id: '9', cageName: '鹿苑一号' })),
      'GET /api/blade-flow/process/history-flow-list': ok([]),
    });
    renderAt('/work/process/stock/handle/t-1/p-1/42', HANDLE, <StockHandlePage />);
    const info = await screen.findByTestId('stock-approval-info');
    expect(within(info).getByText('园间转移')).toBeInTheDocument();
    expect(await within(info).findByText('乙动物园')).toBeInTheDocument();
    expect(await within(info).findByText('梅花鹿')).toBeInTheDocument();
    expect(await within(info).findByText('鹿苑一号 · 雄 2 / 雌 1 / 不明 0')).toBeInTheDocument();
    expect(within(info).getByText('2026-11-25')).toBeInTheDocument();
    expect(within(info).getByText('种群交换')).toBeInTheDocument();
  });

  it('detail of a rejected movement says why and that stock did not change', async () => {
    signIn();
    stubFetch({
      'GET /api/zoo-stockLog/approval/detail': approval({ state: 'rejected', reason: '数量不符', decidedTime: '2026-11-24 10:00:00' }),
      'GET /api/species/species/detail': ok(wholeRow('GET /api/species/species/detail', { id: '7', speciesName: '梅花鹿' })),
      'GET /api/zoo-cage/cage/detail': ok(wholeRow('GET /api/zoo-cage/cage/detail', { id: '9', cageName: '鹿苑一号' })),
      'GET /api/blade-flow/process/history-flow-list': ok([]),
    });
    renderAt('/work/process/stock/detail/p-1/42', '/work/process/stock/detail/:processInstanceId/:businessId', <StockDetailPage />);
    expect(await screen.findByText('审批未通过: 数量不符')).toBeInTheDocument();
    expect(screen.getByText('未通过,存栏未变动')).toBeInTheDocument();
  });
});
