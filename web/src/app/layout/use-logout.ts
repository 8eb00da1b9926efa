import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../lib/feedback';
import { offlineDb, currentUser } from '../../lib/offline';
import { call } from '../../lib/request';
import { useSession } from '../../lib/session';
import { LOGIN_PATH } from '../router/route-meta';

/** Confirm, tell the server (best effort), clear the session, go to /login. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  return async () => {
    // Entries made offline and not sent yet stay on the device; the keeper is told before leaving (decision 0046).
    // Without IndexedDB (a locked-down browser, jsdom) there is no queue on the device.
    const unsent =
      typeof indexedDB === 'undefined'
        ? 0
        : await offlineDb.queue
            .where('userId')
            .equals(currentUser())
            .count()
            .catch(() => 0);
    confirm({
      title: t('layout.tip'),
      content: unsent ? t('offline.logoutUnsent', { n: unsent }) : t('layout.logoutConfirm'),
      onOk: async () => {
        await call(firstEndpoints.logout).catch(() => undefined);
        logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    });
  };
}
