import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbQuery, mine, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { row, rowAction } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.mp4': 'video/mp4' };

let dir = '';
let server: http.Server | undefined;
const origin = () => `http://127.0.0.1:${mine().mediaPort}`;

/**
 * A camera of our own: Debian's ffmpeg encodes a few seconds of its test pattern (H.264, which Debian's
 * chromium plays through MediaSource) into an HLS playlist and 1-second segments, served with CORS from the
 * origin the app's CSP lists (MEDIA_ORIGINS, set by the global setup).
 */
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-cam-'));
  const ff = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-t',
      '8',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'baseline',
      '-g',
      '25',
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'vod',
      path.join(dir, 'cam.m3u8'),
    ],
    { encoding: 'utf8' },
  );
  if (ff.status !== 0) throw new Error(`ffmpeg failed: ${ff.stderr}`);
  const mp4 = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-t',
      '6',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      path.join(dir, 'cam.mp4'),
    ],
    { encoding: 'utf8' },
  );
  if (mp4.status !== 0) throw new Error(`ffmpeg failed: ${mp4.stderr}`);
  server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    const body = fs.readFileSync(file);
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : body.length - 1;
      res.writeHead(206, {
        'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
        'Content-Range': `bytes ${start}-${end}/${body.length}`,
        'Accept-Ranges': 'bytes',
      });
      return void res.end(body.subarray(start, end + 1));
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' }).end(body);
  });
  await new Promise<void>((resolve) => server!.listen(mine().mediaPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cageId = async (code: string) =>
  (await dbQuery<{ id: string }>(`select id::text from zoo_cage where tenant_id = '100000' and cage_code = $1`, [code]))[0]!.id;
const setCamera = (id: string, url: string) => dbQuery(`update zoo_cage set camera_url = $2 where id = $1`, [id, url]);
const currentTime = (page: import('playwright-core').Page) => page.getByTestId('monitor-video').evaluate((v) => (v as HTMLVideoElement).currentTime);

describe('cage camera', () => {
  it('plays an HLS stream made by ffmpeg, an MP4, and says why when there is none or it cannot play', SLOW, async () => {
    const page = await b.newPage();
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await loginAs(page, { tenantId: '100000' });
    const id = await cageId('PD-01');

    // None configured: a clear message, no player.
    await setCamera(id, '');
    await page.goto(`/cage/monitor/${id}`);
    await expect.poll(() => page.getByTestId('monitor-none').textContent()).toContain('该笼舍未配置监控视频地址');
    expect(await page.getByTestId('monitor-video').count()).toBe(0);

    // HLS through hls.js: the video really advances.
    await setCamera(id, `${origin()}/cam.m3u8`);
    await page.reload();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1.5);
    expect(await page.getByTestId('monitor-failed').count()).toBe(0);
    await screenshot(page, 'camera-hls');

    // Reached from the cage list's 监控 button.
    await page.goto('/zoo/cage');
    await rowAction(row(page, 'PD-01'), '监控');
    await page.waitForURL(new RegExp(`/cage/monitor/${id}$`));
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);

    // MP4 plays in the video element itself.
    await setCamera(id, `${origin()}/cam.mp4`);
    await page.reload();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);

    // A stream that is not there, and an RTSP camera a browser cannot open.
    await setCamera(id, `${origin()}/missing.m3u8`);
    await page.reload();
    await expect.poll(() => page.getByTestId('monitor-failed').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('monitor-failed').textContent()).toContain('视频无法播放');
    await setCamera(id, 'rtsp://10.0.0.8:554/live/pd01');
    await page.reload();
    await expect.poll(() => page.getByTestId('monitor-unsupported').textContent()).toContain('浏览器无法直接播放该地址 (rtsp)');
    expect(csp).toEqual([]);
    await setCamera(id, '');
  });
});
