import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamKind } from './stream-kind';

/**
 * Plays an HLS or file stream in one <video>. hls.js (~150 kB gzip) is imported only when an HLS stream is
 * shown and the browser has MediaSource; a browser with native HLS and no MSE (iOS Safari) plays the playlist
 * itself. Any fatal error shows a message instead of a black box.
 */
export function StreamPlayer({ stream }: { stream: Extract<StreamKind, { kind: 'hls' | 'file' }> }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    setFailed(false);
    let destroy = () => {};
    let cancelled = false;
    const fail = () => !cancelled && setFailed(true);
    const onError = () => fail();
    v.addEventListener('error', onError);
    if (stream.kind === 'file') v.src = stream.url;
    else
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (Hls.isSupported()) {
            const hls = new Hls({ enableWorker: false });
            hls.on(Hls.Events.ERROR, (_e, data) => {
              if (data.fatal) fail();
            });
            hls.loadSource(stream.url);
            hls.attachMedia(v);
            destroy = () => hls.destroy();
          } else if (v.canPlayType('application/vnd.apple.mpegurl')) v.src = stream.url;
          else fail();
        })
        .catch(fail);
    return () => {
      cancelled = true;
      v.removeEventListener('error', onError);
      destroy();
      v.removeAttribute('src');
    };
  }, [stream.kind, stream.url]);

  return (
    <>
      {failed ? <Alert type="error" showIcon message={t('monitor.failed')} data-testid="monitor-failed" style={{ marginBottom: 12 }} /> : null}
      <video
        ref={video}
        data-testid="monitor-video"
        controls
        autoPlay
        muted
        playsInline
        style={{ width: '100%', maxHeight: '70vh', background: '#000', display: failed ? 'none' : 'block' }}
      />
    </>
  );
}
