import { z } from 'zod';
import { BaseRecord, Id } from '../common';
import { defineCrud } from '../resource';

export const GRANT_TYPE_OPTIONS = ['refresh_token', 'password', 'authorization_code', 'captcha', 'social', 'implicit', 'client_credentials'] as const;

const GrantTypes = z
  .union([z.string({ error: '请输入授权类型' }), z.array(z.string())], { error: '请输入授权类型' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.enum(GRANT_TYPE_OPTIONS, { error: '授权类型不正确' })).min(1, '请输入授权类型'))
  .transform((g) => [...new Set(g)].join(','));

const seconds = (msg: string) => z.coerce.number({ error: msg }).int(msg).min(1, msg).max(315_360_000, '有效期过长');

const opt = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional();

/** OAuth clients (blade_client). Administrator only; the secret is shown to administrators (contract §5.10). */
export const client = defineCrud({
  name: 'client',
  base: '/blade-system/client',
  title: '应用',
  record: z.object({
    ...BaseRecord,
    clientId: z.string().meta({ title: '客户端ID' }),
    clientSecret: z.string().meta({ title: '客户端密钥' }),
    resourceIds: z.string().meta({ title: '资源集合' }),
    scope: z.string().meta({ title: '授权范围' }),
    authorizedGrantTypes: z.string().meta({ title: '授权类型' }),
    webServerRedirectUri: z.string().meta({ title: '回调地址' }),
    authorities: z.string().meta({ title: '权限' }),
    accessTokenValidity: z.number().meta({ title: '令牌过期秒数' }),
    refreshTokenValidity: z.number().meta({ title: '刷新令牌过期秒数' }),
    additionalInformation: z.string().meta({ title: '附加说明' }),
    autoapprove: z.string().meta({ title: '自动授权' }),
  }),
  input: z.object({
    id: Id.optional(),
    clientId: z
      .string({ error: '请输入客户端id' })
      .trim()
      .min(1, '请输入客户端id')
      .max(48, '客户端id不能超过48个字符')
      .regex(/^[A-Za-z0-9_.-]+$/, '客户端id只能包含字母、数字、下划线、点和横线'),
    clientSecret: z.string({ error: '请输入客户端密钥' }).trim().min(1, '请输入客户端密钥').max(256, '客户端密钥过长'),
    scope: z.string({ error: '请输入授权范围' }).trim().min(1, '请输入授权范围').max(256, '授权范围过长'),
    authorizedGrantTypes: GrantTypes,
    accessTokenValidity: seconds('请输入令牌过期秒数'),
    refreshTokenValidity: seconds('请输入刷新令牌过期秒数'),
    resourceIds: opt(256),
    webServerRedirectUri: opt(256),
    authorities: opt(256),
    additionalInformation: opt(4096),
    autoapprove: opt(256),
  }),
  filters: z.object({ clientId: z.string().optional(), clientSecret: z.string().optional() }),
  access: { list: 'administrator', detail: 'administrator', submit: 'administrator', remove: 'administrator' },
});
