import { BizError } from '../../../platform/http/errors';
import { DENIED } from '../../../platform/access/permissions';
import { isPlatformAdministrator, type Session } from '../../../platform/auth/session';

/**
 * Platform tables (taxonomy, species library) and licence scopes are written by the platform's administrator
 * only: the `administrator` role alias alone is not enough, it must be tenant 000000's.
 */
export function requirePlatformAdmin(s: Session): void {
  if (!isPlatformAdministrator(s)) throw new BizError(DENIED, 403);
}
