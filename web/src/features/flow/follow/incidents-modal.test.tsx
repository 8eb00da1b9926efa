import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { IncidentsModal } from './incidents-modal';

const incident = {
  id: '501',
  processInstanceId: '900',
  activityId: 's0',
  activityName: '回调财务',
  service: 'webhook',
  message: 'Webhook 返回 HTTP 503: 维护中',
  attempts: 2,
  createTime: '2026-11-28 09:00:00',
  updateTime: '2026-11-28 09:05:00',
  resolved: false,
};

describe('流程跟踪: 服务调用异常', () => {
  it('lists why the call failed and retries it; a retry that fails again says so', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/blade-flow/follow/incident-list': ok([incident]),
      'POST /api/blade-flow/follow/incident-retry': ok({ resolved: false, message: 'Webhook 返回 HTTP 503: 仍在维护' }),
    });
    const onClose = vi.fn();
    renderPage(<IncidentsModal processInstanceId="900" canRetry onClose={onClose} />);
    expect(await screen.findByText('回调财务')).toBeInTheDocument();
    expect(screen.getByText('调用 Webhook')).toBeInTheDocument();
    expect(screen.getByText(/Webhook 返回 HTTP 503: 维护中/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('incident-retry'));
    await waitFor(() => expect(net.to('POST /api/blade-flow/follow/incident-retry')[0]?.query).toEqual({ incidentId: '501' }));
    expect(await screen.findByText('重试仍失败: Webhook 返回 HTTP 503: 仍在维护')).toBeInTheDocument();
  });

  it('offers no retry without the 重试 button', async () => {
    signIn();
    stubFetch({ 'GET /api/blade-flow/follow/incident-list': ok([incident]) });
    renderPage(<IncidentsModal processInstanceId="900" canRetry={false} onClose={() => undefined} />);
    expect(await screen.findByText('回调财务')).toBeInTheDocument();
    expect(screen.queryByTestId('incident-retry')).toBeNull();
  });
});
