import type { TFunction } from 'i18next';
import type { RouteMeta } from './route-meta';

/** The human name of a route: server menu name, else the translated label, else the path. */
export const pageName = (meta: RouteMeta | undefined, pathname: string, t: TFunction): string => meta?.title ?? (meta?.label ? t(meta.label) : pathname);
