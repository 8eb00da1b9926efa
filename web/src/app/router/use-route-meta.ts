import { useLocation, useMatches } from 'react-router';
import { useSession } from '../../lib/session';
import { resolveMeta } from './resolve-meta';
import type { RouteMeta } from './route-meta';

/** The meta of the current location (static route, menu route or page registry). */
export function useRouteMeta(): { pathname: string; search: string; meta: RouteMeta | undefined } {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const token = useSession((s) => s.token);
  const menu = useSession((s) => s.menu);
  const meta = resolveMeta(
    matches.map((m) => m.handle),
    pathname,
    menu,
    token,
  );
  return { pathname, search, meta };
}
