import type { RouteExtras } from '../../platform/http/route';

/**
 * Datasources, models and code rows are platform-wide (no tenant column) and reach databases with this server's
 * network rights: reads too are for the platform tenant only, whatever menus a tenant role was given. route()
 * refuses everyone else (403) before the input is read.
 */
export const PLATFORM_ONLY: RouteExtras = { platformOnly: true };
