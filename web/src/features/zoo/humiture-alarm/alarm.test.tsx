import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import AlarmPage from './alarm.page';
import { AlarmBadge } from '../shared/alarm-badge';
import { clickRowAction } from '../../../test/row-action';

const LIST = 'GET /api/zoo-cage/humiture/alarm/list';
const ACK = 'POST /api/zoo-cage/humiture/alarm/ack';
const alarm = (over: Record<string, unknown>) => ({
  id: '1',
  tenantId: '100000',
  createUser: '',
  createDept: '',
  createTime: '2026-11-24 08:00:00',
  updateUser: '',
  updateTime: '2026-11-24 08:00:00',
  status: 1,
  isDeleted: 0,
  cageId: '31',
  cageCode: 'PD-01',
  cageName: '大熊猫1号舍',
  kind: 1,
  value: 28.5,
  peak: 30,
  rangeMin: 0,
  rangeMax: 26,
  startTime: '2026-11-24 08:00:00',
  endTime: '',
  open: true,
  ackUser: '',
  ackUserName: '',
  ackTime: '',
  notifiedToMe: true,
  ...over,
});

describe('environment alarm list', { timeout: 120_000 }, () => {
  it('shows open alarms with their reading, band and 通知我, and acknowledges one', async () => {
    signIn({ tenant_id: '100000', role_name: 'keeper' }, [], { humiture_alarm: true, humiture_alarm_ack: true });
    let acked = false;
    const net = stubFetch({
      [LIST]: () =>
        pageOf([
          alarm(acked ? { notifiedToMe: false, ackTime: '2026-11-24 09:00:00', ackUserName: '李饲养' } : {}),
          alarm({
            id: '2',
            kind: 2,
            value: 90,
            peak: 92,
            rangeMin: 40,
            rangeMax: 80,
            endTime: '2026-11-23 10:00:00',
            open: false,
            notifiedToMe: false,
            ackTime: '2026-11-23 11:00:00',
            ackUserName: '管理员',
          }),
        ]),
      [ACK]: () => {
        acked = true;
        return ok({ acknowledged: 1 });
      },
    });
    renderPage(<AlarmPage />);
    const first = (await screen.findByText('28.5℃')).closest('tr')!;
    expect(within(first).getByText('告警中')).toBeInTheDocument();
    expect(within(first).getByText('通知我')).toBeInTheDocument();
    expect(within(first).getByText('0 ~ 26℃')).toBeInTheDocument();
    const second = screen.getByText('90%').closest('tr')!;
    expect(within(second).getByText('已恢复')).toBeInTheDocument();
    expect(within(second).getByText('40 ~ 80%')).toBeInTheDocument();
    // Acknowledged rows offer no 确认.
    expect(within(second).queryByRole('button', { name: '确认' })).toBeNull();
    await clickRowAction(first, '确认');
    await waitFor(() => expect(net.to(ACK)).toHaveLength(1));
    expect(net.to(ACK)[0]!.query).toMatchObject({ ids: '1' });
    await waitFor(() => expect(screen.getByText('李饲养')).toBeInTheDocument());
    expect(screen.queryByText('通知我')).toBeNull();
  });

  it('hides 确认 without the button right', async () => {
    signIn({ tenant_id: '100000', role_name: 'keeper' }, [], { humiture_alarm: true });
    stubFetch({ [LIST]: () => pageOf([alarm({})]) });
    renderPage(<AlarmPage />);
    const row = (await screen.findByText('28.5℃')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '确认' })).toBeNull();
    expect(within(row).getByRole('button', { name: '温湿度' })).toBeInTheDocument();
  });

  it('the cage badge shows only open alarms', () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <AlarmBadge count={0} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <AlarmBadge count={2} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByTestId('alarm-badge')).toHaveTextContent('2 条告警');
  });
});
