/**
 * How the camera page can play a cage's stream address: HLS through hls.js (or the browser's own HLS), a file
 * the video element plays itself (MP4, WebM), or not at all in a browser (RTSP/RTMP need a gateway).
 */
export type StreamKind = { kind: 'none' } | { kind: 'hls'; url: string } | { kind: 'file'; url: string } | { kind: 'unsupported'; protocol: string };

export function streamKind(address: string): StreamKind {
  const s = address.trim();
  if (!s) return { kind: 'none' };
  let u: URL;
  try {
    u = new URL(s, window.location.href);
  } catch {
    return { kind: 'unsupported', protocol: s.slice(0, 12) };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { kind: 'unsupported', protocol: u.protocol.replace(/:$/, '') };
  return /\.m3u8$/i.test(u.pathname) ? { kind: 'hls', url: u.href } : { kind: 'file', url: u.href };
}
