import type { MenuNode, TokenResponse } from '@zoo/contract';
import { useSession } from '../lib/session';

export const tokenResponse = (over: Partial<TokenResponse> = {}): TokenResponse => ({
  access_token: 'access-1',
  token_type: 'bearer',
  refresh_token: 'refresh-1',
  expires_in: 3600,
  scope: 'all',
  tenant_id: '000000',
  tenant_name: '管理组',
  user_id: '1123598821738675201',
  dept_id: '1123598813738675201',
  post_id: '1123598817738675201',
  role_id: '1123598816738675201',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  role_name: 'administrator',
  avatar: '',
  oauth_id: '',
  client_id: 'saber',
  detail: { type: 'web' },
  license: 'powered by bladex',
  jti: 'jti-1',
  ...over,
});

export const menuNode = (over: Partial<MenuNode> & Pick<MenuNode, 'path' | 'name'>): MenuNode => ({
  id: over.path,
  parentId: '0',
  code: over.path.split('/').pop() ?? '',
  alias: 'menu',
  source: '',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: '',
  isDeleted: 0,
  ...over,
});

/** Puts a signed-in user straight into the session (as after a login). */
export function signIn(over: Partial<TokenResponse> = {}, menu: MenuNode[] = [], permission: Record<string, true> = {}) {
  useSession.getState().login(tokenResponse(over));
  useSession.setState({ menu, permission });
}
