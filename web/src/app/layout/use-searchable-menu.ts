import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import type { MenuEntry } from '../router/menu-paths';
import { searchableEntries, visibleMenu } from './menu-match';

/** The entries the user may search (whole menu, role-filtered). */
export function useSearchableMenu(): MenuEntry[] {
  const menu = useSession((s) => s.menu);
  const roleName = useSession((s) => s.userInfo?.role_name);
  return useMemo(() => searchableEntries(visibleMenu(menu, roleName)), [menu, roleName]);
}
