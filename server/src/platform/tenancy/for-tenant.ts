import { asTenant } from './tenant-tx';
import { isPlatformAdministrator, type Session } from '../auth/session';
import type { Tx } from '../../db/client';

/**
 * Pickers that take `?tenantId` (role/dept tree, post select…): the platform administrator reads the named
 * tenant's rows (e.g. while editing that tenant's user); everyone else always reads their own tenant and the
 * parameter is ignored.
 */
export async function forTenant<T>(call: { db: Tx; session: Session }, tenantId: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!tenantId || tenantId === call.session.tenantId || !isPlatformAdministrator(call.session)) return fn();
  return asTenant(call.db, tenantId, fn);
}
