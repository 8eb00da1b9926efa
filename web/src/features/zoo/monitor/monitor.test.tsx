import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { cageRow } from '../shared/cage-row.fixture';
import MonitorPage from './monitor.page';
import { streamKind } from './stream-kind';

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
