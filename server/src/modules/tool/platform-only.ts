import type { Session } from '../../platform/auth/session';
import { PLATFORM_TENANT } from '../../platform/auth/session';
import { DENIED } from '../../platform/access/permissions';
import { BizError } from '../../platform/http/errors';

/**
 * Datasources, models and code rows are platform-wide (no tenant column) and reach databases with this server's
 * network rights: reads too are for the platform tenant only, whatever menus a tenant role was given.
 */
export function platformOnly(session: Session): void {
  if (session.tenantId !== PLATFORM_TENANT) throw new BizError(DENIED, 403);
}
