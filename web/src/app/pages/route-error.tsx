import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { captureError } from '../../lib/session';

/**
 * Router errorElement: an unexpected render error or a failed chunk load. Shown outside any
 * router-dependent chrome, so "home" is a plain link that also reloads stale chunks.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  useEffect(() => captureError(error, 'route error'), [error]);
  return (
    <Result
      status="500"
      title="500"
      subTitle={detail ?? t('pages.p500')}
      extra={
        <Button type="primary" href="/wel/index">
          {t('pages.backHome')}
        </Button>
      }
    />
  );
}
