import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../lib/feedback';
import { call } from '../../lib/request';
import { useSession } from '../../lib/session';
import { LOGIN_PATH } from '../router/route-meta';

/** Confirm, tell the server (best effort), clear the session, go to /login. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  return () =>
    confirm({
      title: t('layout.tip'),
      content: t('layout.logoutConfirm'),
      onOk: async () => {
        await call(firstEndpoints.logout).catch(() => undefined);
        logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    });
}
