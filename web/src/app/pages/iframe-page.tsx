import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isExternal } from '../router/menu-paths';

/** /myiframe/urlPath?src=…&name=…: an external menu page embedded full-size. */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  // Only http(s) addresses: a javascript: URL in an iframe src would run in our origin.
  if (!isExternal(src)) return <Empty description={t('pages.iframeMissing')} />;
  return (
    <iframe
      title={params.get('name') ?? src}
      src={src}
      style={{ border: 0, width: '100%', height: 'calc(100vh - 8px)' }}
    />
  );
}
