import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../router/route-meta';

type Status = '403' | '404' | '500';

/** Full-page 403/404/500 with a way back home. */
export function StatusPage({ status }: { status: Status }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`pages.p${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('pages.backHome')}
        </Button>
      }
    />
  );
}

export const ForbiddenPage = () => <StatusPage status="403" />;
export const NotFoundPage = () => <StatusPage status="404" />;
export const ServerErrorPage = () => <StatusPage status="500" />;
