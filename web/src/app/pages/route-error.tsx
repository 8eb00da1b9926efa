import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { captureError } from '../../lib/session';

/**
 * Router errorElement: an unexpected render error or a failed chunk load. Shown outside any
 * router-dependent chrome, so "home" is a plain link that also reloads stale chunks. No antd Result: its
 * illustrations would sit in the login page's first download for a screen rarely seen.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  useEffect(() => captureError(error, 'route error'), [error]);
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, lineHeight: 1.35, marginBottom: 8 }}>500</div>
      <div style={{ color: 'rgba(0,0,0,.45)', marginBottom: 24 }}>{detail ?? t('pages.p500')}</div>
      <Button type="primary" href="/wel/index">
        {t('pages.backHome')}
      </Button>
    </div>
  );
}
