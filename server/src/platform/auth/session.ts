import type { Tx } from '../../db/client';

/** Who is calling, as carried by the access token. */
export interface Session {
  jti: string;
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  nickName: string;
  roleIds: string[];
  roleAliases: string[];
  deptId: string;
  postId: string;
  clientId: string;
}

export const ADMINISTRATOR = 'administrator';
export const ADMIN = 'admin';
export const PLATFORM_TENANT = '000000';

/**
 * The platform's super administrator (contract §2.8: "administrator = super admin of tenant 000000"). The alias
 * alone is not enough: a role called `administrator` in another tenant grants nothing platform-wide.
 */
export const isAdministrator = (s: Session) => s.tenantId === PLATFORM_TENANT && s.roleAliases.includes(ADMINISTRATOR);
export const isAdmin = (s: Session) => isAdministrator(s) || s.roleAliases.includes(ADMIN);
/** Same person as `isAdministrator`: may act across tenants where an endpoint allows it. */
export const isPlatformAdministrator = (s: Session) => isAdministrator(s);

/** Whether a call runs across tenants: a cross-tenant endpoint called by the platform administrator. */
export const acrossTenants = (ep: { crossTenant?: boolean }, s: Session) => Boolean(ep.crossTenant) && isPlatformAdministrator(s);

export interface RequestCtx {
  session: Session;
  /** The request's transaction: row-level security limits it to the session's tenant. */
  db: Tx;
}
