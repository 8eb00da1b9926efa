import { z } from 'zod';
import { Empty, R } from '../common';
import { endpoint } from '../endpoint';

export const GRANT_TYPES = ['captcha', 'password', 'refresh_token', 'social', 'authorization_code'] as const;

/** All token inputs travel in the query string (contract §2.2). */
export const TokenQuery = z
  .object({
    grant_type: z.string().optional(),
    tenantId: z.string().optional(),
    tenant_id: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    type: z.string().optional(),
  })
  .loose();

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number(),
  scope: z.string(),
  tenant_id: z.string(),
  /** Not in the reference body; the header shows it (spec §3 client-held user info `tenantName`). */
  tenant_name: z.string(),
  user_id: z.string(),
  dept_id: z.string(),
  post_id: z.string(),
  role_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  role_name: z.string(),
  avatar: z.string(),
  oauth_id: z.string(),
  client_id: z.string(),
  detail: z.object({ type: z.string() }).loose(),
  license: z.string(),
  jti: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const OAuthError = z.object({ error: z.string(), error_description: z.string() });

export const RawStatus = z.object({ success: z.string(), msg: z.string() });

export const ErrorLogEntry = z
  .object({
    type: z.string().optional(),
    url: z.string().optional(),
    message: z.string().optional(),
    stack: z.string().optional(),
    info: z.string().optional(),
    time: z.string().optional(),
  })
  .loose();

export const authEndpoints = {
  token: endpoint({
    method: 'POST',
    path: '/blade-auth/oauth/token',
    summary: '获取令牌(captcha/password/refresh_token)',
    access: 'public',
    query: TokenQuery,
    data: TokenResponse,
    raw: true,
  }),
  tokenRefresh: endpoint({
    method: 'POST',
    path: '/blade-auth/oauth/token/refresh',
    summary: '刷新令牌',
    access: 'public',
    query: z
      .object({
        refresh_token: z.string().optional(),
        refreshToken: z.string().optional(),
        tenantId: z.string().optional(),
        tenant_id: z.string().optional(),
        deptId: z.string().optional(),
        roleId: z.string().optional(),
      })
      .loose(),
    data: TokenResponse,
    raw: true,
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/captcha',
    summary: '获取验证码',
    access: 'public',
    data: z.object({ key: z.string(), image: z.string() }),
    raw: true,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/logout',
    summary: '退出登录',
    access: 'public',
    data: RawStatus,
    raw: true,
  }),
  sendLogs: endpoint({
    method: 'POST',
    path: '/blade-auth/oauth/logout',
    summary: '上传前端错误日志',
    access: 'public',
    body: z.array(ErrorLogEntry, { error: '请求参数类型错误' }).max(500),
    data: RawStatus,
    raw: true,
  }),
  clearCache: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/clear-cache',
    summary: '清除缓存(需登录)',
    access: 'login',
    data: RawStatus,
    raw: true,
  }),
  tenantList: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/tenant_list',
    summary: '可切换的租户列表(平台管理员: 全部租户; 其他用户: 本租户)',
    access: 'login',
    data: z.array(z.object({ tenantId: z.string(), tenantName: z.string() })),
    crossTenant: true,
  }),
  userInfo: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/user-info',
    summary: '当前登录用户',
    access: 'login',
    data: z
      .object({
        userId: z.string(),
        tenantId: z.string(),
        account: z.string(),
        userName: z.string(),
        realName: z.string(),
        roleId: z.string(),
        roleName: z.string(),
        deptId: z.string(),
        postId: z.string(),
        clientId: z.string(),
        authorities: z.array(z.string()),
      })
      .loose(),
  }),
};
export const RStatus = R(Empty);
