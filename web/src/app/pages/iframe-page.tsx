import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isExternal } from '../router/menu-paths';
import { frameOrigins } from './frame-origins';

/**
 * /myiframe/urlPath?src=…&name=…: an external menu page embedded full-size — only from the origins the server
 * allows (FRAME_ORIGINS, published as the page's CSP frame-src), in a sandbox without access to this app.
 */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  const allowed = useQuery({ queryKey: ['frame-origins'], queryFn: frameOrigins, staleTime: Infinity });
  // Only http(s) addresses: a javascript: URL in an iframe src would run in our origin.
  if (!isExternal(src)) return <Empty description={t('pages.iframeMissing')} />;
  if (allowed.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const origin = new URL(src).origin;
  if (!allowed.data?.includes(origin)) {
    return (
      <Result
        status="warning"
        title={t('pages.iframeBlocked', { origin })}
        extra={
          <Button href={src} target="_blank" rel="noopener noreferrer">
            {t('pages.iframeOpen')}
          </Button>
        }
      />
    );
  }
  return (
    <iframe
      title={params.get('name') ?? src}
      src={src}
      // Its own origin's scripts and forms work; it cannot navigate this window or reach its storage.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      referrerPolicy="no-referrer"
      style={{ border: 0, width: '100%', height: 'calc(100vh - 8px)' }}
    />
  );
}
