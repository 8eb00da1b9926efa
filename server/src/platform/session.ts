import type { Tx } from '../db/client';

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

export const isAdministrator = (s: Session) => s.roleAliases.includes(ADMINISTRATOR);
export const isAdmin = (s: Session) => isAdministrator(s) || s.roleAliases.includes(ADMIN);
/** The platform's super administrator: may act across tenants where an endpoint allows it. */
export const isPlatformAdministrator = (s: Session) => s.tenantId === PLATFORM_TENANT && isAdministrator(s);

export interface RequestCtx {
  session: Session;
  /** The request's transaction: row-level security limits it to the session's tenant. */
  db: Tx;
}
