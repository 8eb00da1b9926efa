import { useLocation, useNavigate } from 'react-router';
import { session } from '../../lib/session';
import { website } from '../../lib/website';
import { LOCK_PATH } from '../router/route-meta';
import { useShellUi } from './shell-ui';

/**
 * The lock flow of spec §4: without a lock password the set-password dialog opens first; then the
 * screen locks and, 100 ms later, the app goes to /lock.
 */
export function useLock(): { lock: () => void; lockWith: (password: string) => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const show = useShellUi((s) => s.show);
  const lockWith = (password: string) => {
    setTimeout(() => {
      session().setLock(password, location.pathname + location.search);
      navigate(LOCK_PATH);
    }, website.lockDelayMs);
  };
  const lock = () => {
    const { lockPasswd } = session();
    if (!lockPasswd) show('lock');
    else lockWith(lockPasswd);
  };
  return { lock, lockWith };
}
