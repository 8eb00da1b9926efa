import type { Access } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { BizError } from '../http/errors';
import { isAdmin, isAdministrator, isPlatformAdministrator, type Session } from '../auth/session';
import { sessionGrants } from './menu-access';
import type { Cache } from '../cache';

export const DENIED = '权限不足,无法访问该资源';

/** Whether the session's roles were granted the button `code` (administrators hold every button). */
export async function hasButton(cache: Cache, tx: Tx, s: Session, code: string): Promise<boolean> {
  if (isAdministrator(s)) return true;
  if (s.roleIds.length === 0) return false;
  return (await sessionGrants(cache, tx, s)).codes.has(code);
}

/**
 * `administrator` endpoints (tenants, packages, clients, menus…) act on the whole platform, so the role alias
 * alone is not enough: it must be held in the platform tenant 000000, not in a tenant that named a role so.
 */
export async function checkAccess(cache: Cache, tx: Tx, s: Session, access: Access): Promise<void> {
  if (access === 'public' || access === 'login') return;
  const allowed = access === 'admin' ? isAdmin(s) : access === 'administrator' ? isPlatformAdministrator(s) : await hasButton(cache, tx, s, access.perm);
  if (!allowed) throw new BizError(DENIED, 403);
}
