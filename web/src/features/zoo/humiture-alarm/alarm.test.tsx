import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { cageRow } from '../shared/cage-row.fixture';
import MonitorPage from '../monitor/monitor.page';
import { streamKind } from '../monitor/stream-kind';
import AlarmPage from './alarm.page';
import { AlarmBadge } from './alarm-badge';

const LIST = 'GET /api/zoo-cage/humiture/alarm/list';
const ACK = 'POST /api/zoo-cage/humiture/alarm/ack';
const alarm = (over: Record<string, unknown>) => ({
  id: '1', tenantId: '100000', createUser: '', createDept: '', createTime: '2026-11-24 08:00:00', updateUser: '', updateTime: '2026-11-24 08:00:00',
  status: 1, isDeleted: 0, cageId: '31', cageCode: 'PD-01', cageName: '大熊猫1号舍', kind: 1, value: 28.5, peak: 30, rangeMin: 0, rangeMax: 26,
  startTime: '2026-11-24 08:00:00', endTime: '', open: true, ackUser: '', ackUserName: '', ackTime: '', notifiedToMe: true, ...over,
});

describe('environment alarm list', { timeout: 120_000 }, () => {
  it('shows open alarms with their reading, band and 通知我, and acknowledges one', async () => {
    signIn({ tenant_id: '100000', role_name: 'keeper' }, [], { humiture_alarm: true, humiture_alarm_ack: true });
    let acked = false;
    const net = stubFetch({
      [LIST]: () =>
        pageOf([
          alarm(acked ? { notifiedToMe: false, ackTime: '2026-11-24 09:00:00', ackUserName: '李饲养' } : {}),
          alarm({ id: '2', kind: 2, value: 90, peak: 92, rangeMin: 40, rangeMax: 80, endTime: '2026-11-23 10:00:00', open: false, notifiedToMe: false, ackTime: '2026-11-23 11:00:00', ackUserName: '管理员' }),
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
    fireEvent.click(within(first).getByRole('button', { name: '确认' }));
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

describe('camera stream address', () => {
  it('tells HLS, files and what a browser cannot open apart', () => {
    expect(streamKind('')).toEqual({ kind: 'none' });
    expect(streamKind('  ')).toEqual({ kind: 'none' });
    expect(streamKind('https://cam.example.com/live/pd01.m3u8?token=1')).toEqual({ kind: 'hls', url: 'https://cam.example.com/live/pd01.m3u8?token=1' });
    expect(streamKind('http://10.0.0.8/rec/pd01.mp4')).toEqual({ kind: 'file', url: 'http://10.0.0.8/rec/pd01.mp4' });
    expect(streamKind('rtsp://10.0.0.8:554/live/pd01')).toEqual({ kind: 'unsupported', protocol: 'rtsp' });
    expect(streamKind('rtmp://10.0.0.8/live')).toEqual({ kind: 'unsupported', protocol: 'rtmp' });
  });
});

function renderMonitor(cameraUrl: string) {
  stubFetch({ 'GET /api/zoo-cage/cage/detail': ok(cageRow({ cameraUrl })) });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/cage/monitor/31']}>
        <Routes>
          <Route path="/cage/monitor/:cageId" element={<MonitorPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('camera page', { timeout: 120_000 }, () => {
  it('says so when no stream is configured', async () => {
    signIn({ tenant_id: '100000' });
    renderMonitor('');
    expect(await screen.findByText('该笼舍未配置监控视频地址')).toBeInTheDocument();
    expect(screen.queryByTestId('monitor-video')).toBeNull();
  });

  it('explains that an RTSP camera needs an HLS or MP4 address', async () => {
    signIn({ tenant_id: '100000' });
    renderMonitor('rtsp://10.0.0.8:554/live/pd01');
    expect(await screen.findByText('浏览器无法直接播放该地址 (rtsp),请配置 HLS (.m3u8) 或 MP4 地址')).toBeInTheDocument();
  });

  it('plays an MP4 in the video element and shows a message when it fails', async () => {
    signIn({ tenant_id: '100000' });
    renderMonitor('http://10.0.0.8/rec/pd01.mp4');
    const video = (await screen.findByTestId('monitor-video')) as HTMLVideoElement;
    await waitFor(() => expect(video.src).toBe('http://10.0.0.8/rec/pd01.mp4'));
    expect(screen.getByText(/http:\/\/10\.0\.0\.8\/rec\/pd01\.mp4/)).toBeInTheDocument();
    fireEvent.error(video);
    expect(await screen.findByText('视频无法播放,请检查监控地址或网络')).toBeInTheDocument();
  });
});
