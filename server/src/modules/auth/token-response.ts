import type { TokenResponse } from '@zoo/contract';
import type { IssuedTokens, TokenUser } from '../../platform/auth/tokens';

/** The raw snake_case body of a successful token call (contract §2.3). */
export function tokenResponse(u: TokenUser, t: IssuedTokens, clientId: string): TokenResponse {
  return {
    access_token: t.access,
    token_type: 'bearer',
    refresh_token: t.refresh,
    expires_in: t.expiresIn,
    scope: 'all',
    tenant_id: u.tenantId,
    tenant_name: u.tenantName,
    user_id: u.userId,
    dept_id: u.deptId,
    post_id: u.postId,
    role_id: u.roleIds.join(','),
    account: u.account,
    user_name: u.account,
    nick_name: u.name,
    real_name: u.realName,
    role_name: u.roleAliases.join(','),
    avatar: u.avatar,
    oauth_id: '',
    client_id: clientId,
    detail: { type: 'web' },
    license: 'powered by bladex',
    jti: t.accessJti,
  };
}
