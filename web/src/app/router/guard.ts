import { LOCK_PATH, LOGIN_PATH, NOT_FOUND_PATH, type RouteMeta } from './route-meta';

export interface GuardInput {
  path: string;
  /** undefined = no route (static, registered or menu) answers this path. */
  meta: RouteMeta | undefined;
  token: string;
  isLock: boolean;
}

/**
 * The route guard of spec §2 as a pure decision: where to go instead, or null to stay.
 * Unknown → 404; with a token: locked → /lock, /login → /, a menu item named another way → its own route;
 * without: only isAuth:false routes.
 */
export function guard({ path, meta, token, isLock }: GuardInput): string | null {
  if (!meta) return NOT_FOUND_PATH;
  if (token) {
    if (isLock && path !== LOCK_PATH) return LOCK_PATH;
    if (path === LOGIN_PATH) return '/';
    if (meta.canonical && meta.canonical !== path) return meta.canonical;
    return null;
  }
  return meta.isAuth === false ? null : LOGIN_PATH;
}
