/** What the guard and the tab bar read from a route (Saber's route meta). */
export interface RouteMeta {
  /** false = reachable without a token. Defaults to true. */
  isAuth?: boolean;
  /** false = never becomes a tab. */
  isTab?: boolean;
  /** false = hidden from the menu (dashboard). */
  menu?: boolean;
  /** i18n key of the page name (title, tab label). */
  label?: string;
  /** Plain page name, for menu routes whose names come from the server. */
  title?: string;
  /** The menu item's own route when this path names it another way: the guard goes there (one tab, one label). */
  canonical?: string;
}

export interface RouteHandle {
  meta?: RouteMeta;
  /** The catch-all inside the layout: its meta depends on the menu and the page registry. */
  dynamic?: boolean;
}

export const handle = (meta: RouteMeta): RouteHandle => ({ meta });

export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/wel/index';
