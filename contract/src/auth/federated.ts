import { z } from 'zod';
import { Empty, Id, IdList, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import { defineCrud } from '../resource';

const url = (title: string) =>
  z
    .string()
    .trim()
    .max(512, `${title}不能超过512个字符`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), `${title}应为 http(s):// 地址`)
    .optional();
const text = (max: number, msg: string) => z.string().trim().max(max, msg).optional();

/**
 * A tenant's OAuth 2.0 / OpenID Connect identity providers (spec §7 social grant). The client secret is written,
 * never read: the record only says whether one is stored.
 */
export const identityProvider = defineCrud({
  name: 'identity_provider',
  base: '/blade-system/identity-provider',
  title: '身份源',
  record: z.object({
    ...TenantRecord,
    source: z.string().meta({ title: '来源编码' }),
    name: z.string().meta({ title: '名称' }),
    issuer: z.string().meta({ title: '签发者' }),
    authorizationEndpoint: z.string().meta({ title: '授权端点' }),
    tokenEndpoint: z.string().meta({ title: '令牌端点' }),
    userinfoEndpoint: z.string().meta({ title: '用户信息端点' }),
    jwksUri: z.string().meta({ title: 'JWKS 地址' }),
    clientId: z.string().meta({ title: '客户端ID' }),
    /** 1 when a secret is stored (the secret itself is never returned). */
    secretSet: z.number().meta({ title: '已设置密钥' }),
    scopes: z.string().meta({ title: '授权范围' }),
    claimAccount: z.string().meta({ title: '账号声明' }),
    claimName: z.string().meta({ title: '姓名声明' }),
    claimEmail: z.string().meta({ title: '邮箱声明' }),
    claimPhone: z.string().meta({ title: '手机声明' }),
    sort: z.number().meta({ title: '排序' }),
  }),
  input: z.object({
    id: Id.optional(),
    source: z
      .string({ error: '请输入来源编码' })
      .trim()
      .min(1, '请输入来源编码')
      .max(32, '来源编码不能超过32个字符')
      .regex(/^[a-z0-9_-]+$/, '来源编码只能包含小写字母、数字、下划线和横线'),
    name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(64, '名称不能超过64个字符'),
    issuer: url('签发者'),
    authorizationEndpoint: url('授权端点'),
    tokenEndpoint: url('令牌端点'),
    userinfoEndpoint: url('用户信息端点'),
    jwksUri: url('JWKS 地址'),
    clientId: z.string({ error: '请输入客户端ID' }).trim().min(1, '请输入客户端ID').max(255, '客户端ID不能超过255个字符'),
    /** Empty on an update keeps the stored secret. */
    clientSecret: text(512, '客户端密钥不能超过512个字符'),
    scopes: text(255, '授权范围不能超过255个字符'),
    claimAccount: text(64, '声明名称不能超过64个字符'),
    claimName: text(64, '声明名称不能超过64个字符'),
    claimEmail: text(64, '声明名称不能超过64个字符'),
    claimPhone: text(64, '声明名称不能超过64个字符'),
    status: z.coerce.number({ error: '请选择是否启用' }).int().min(0, '请选择是否启用').max(1, '请选择是否启用').optional(),
    sort: z.coerce.number({ error: '排序应为数字' }).int('排序应为整数').min(0, '排序应为数字').max(99999, '排序过大').optional(),
  }),
  filters: z.object({ source: z.string().optional(), name: z.string().optional() }),
});

export const FEDERATED_MSG = {
  unknownSource: '未知的登录来源',
  disabled: '该登录方式已停用,请联系管理员',
  badState: '登录状态无效或已过期,请重新发起第三方登录',
  providerFailed: '第三方登录失败,请重试',
  notRegistered: '该第三方账号尚未绑定本系统账号,请先注册',
  badTicket: '第三方账号绑定信息无效或已过期,请重新发起第三方登录',
  badClient: '应用不存在或未被授权使用授权码模式',
  badRedirect: '回调地址不在该应用允许的列表中',
  badCode: '授权码无效、已使用或已过期',
  pkceRequired: '缺少 PKCE 参数(code_challenge,仅支持 S256)',
  badVerifier: 'PKCE 校验失败(code_verifier 不匹配)',
  consent: '请确认授权',
} as const;

/** A provider's button on the login page. */
export const ProviderButton = z.object({ source: z.string(), name: z.string() });

/** What the authorize call answers: where the browser goes next (the client's redirect URI with code and state). */
export const AuthorizeResult = z.object({
  redirect: z.string(),
  /** The client's name when consent is still due (not first-party): the page asks, then calls again with approve=1. */
  consent: z.string(),
});

export const AuthorizeQuery = z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  state: z.string().max(512, 'state 过长').optional(),
  scope: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  approve: z.string().optional(),
});

export const federatedEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/providers',
    summary: '登录页可用的第三方登录方式',
    access: 'public',
    query: z.object({ tenantId: z.string().max(12, '租户编号不正确').optional() }),
    data: z.array(ProviderButton),
  }),
  render: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/render/:source',
    summary: '跳转到第三方登录(state + PKCE)',
    access: 'public',
    query: z.object({ tenantId: z.string().max(12, '租户编号不正确').optional(), tenant_id: z.string().max(12, '租户编号不正确').optional() }),
    data: Empty,
    raw: true,
  }),
  callback: endpoint({
    method: 'GET',
    path: '/blade-auth/oauth/callback/:source',
    summary: '第三方登录回调(转交登录页)',
    access: 'public',
    query: z
      .object({
        code: z.string().max(2048).optional(),
        state: z.string().max(128).optional(),
        error: z.string().max(256).optional(),
        error_description: z.string().max(1024).optional(),
      })
      .loose(),
    data: Empty,
    raw: true,
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/blade-auth/oauth/authorize',
    summary: '单点登录授权(为其他应用签发授权码)',
    access: 'login',
    query: AuthorizeQuery,
    data: AuthorizeResult,
  }),
};

/** Pending self-registrations (spec §4 "awaits approval"): the user screen's approve / refuse. */
export const registrationEndpoints = {
  approve: endpoint({
    method: 'POST',
    path: '/blade-user/register-approve',
    summary: '通过注册申请(启用并授予角色)',
    access: { perm: 'user_edit' },
    query: z.object({ userIds: IdList, roleIds: IdList }),
    data: Empty,
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/blade-user/register-refuse',
    summary: '拒绝注册申请',
    access: { perm: 'user_edit' },
    query: z.object({ userIds: IdList }),
    data: Empty,
  }),
};
