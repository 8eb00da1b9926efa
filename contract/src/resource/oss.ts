import { z } from 'zod';
import { Id } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { HttpUrl, OptionalText, ProviderCategory, ResourceCode, enableEndpoint, providerRecord, requireFields } from './provider-config';

/** Secrets are never sent back; a submit carrying this placeholder keeps the stored secret. */
export const SECRET_MASK = '******';
/** oss category (dict `oss`) of the built-in local-disk storage. */
export const OSS_LOCAL = 5;
/** Status of OSS and SMS configurations (contract §4). */
export const CONFIG_DISABLED = 1;
export const CONFIG_ENABLED = 2;

export const oss = defineCrud({
  name: 'oss',
  base: '/blade-resource/oss',
  title: '对象存储',
  record: z.object({
    ...providerRecord,
    ossCode: z.string().meta({ title: '资源编号' }),
    endpoint: z.string().meta({ title: '资源地址' }),
    bucketName: z.string().meta({ title: '空间名' }),
    appId: z.string().meta({ title: 'appId' }),
    region: z.string().meta({ title: 'region' }),
  }),
  input: z
    .object({
      id: Id.optional(),
      category: ProviderCategory,
      ossCode: ResourceCode,
      endpoint: HttpUrl('资源地址应为 http:// 或 https:// 开头的地址'),
      accessKey: OptionalText(),
      secretKey: OptionalText(),
      bucketName: z
        .string()
        .trim()
        .max(255)
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$|^$/, '空间名只能包含小写字母、数字、点和短横线 (3-63 位)')
        .optional(),
      appId: OptionalText(),
      region: OptionalText(),
      remark: z.string().max(255).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.category !== OSS_LOCAL)
        requireFields(v, ctx, [
          ['endpoint', '请输入资源地址'],
          ['accessKey', '请输入accessKey'],
          ['secretKey', '请输入secretKey'],
          ['bucketName', '请输入空间名'],
        ]);
    }),
  filters: z.object({ category: z.string().optional(), ossCode: z.string().optional(), status_equal: z.string().optional() }),
  access: { list: 'admin', detail: 'admin' },
});

export const UploadResult = z.object({
  link: z.string(),
  domain: z.string(),
  /** Object name in the storage. */
  name: z.string(),
  originalName: z.string(),
  attachId: z.string().optional(),
});
export type UploadResult = z.infer<typeof UploadResult>;

const UploadQuery = z.object({
  /** Use this OSS configuration instead of the enabled one (debug dialog). */
  code: z.string().max(32).optional(),
  /** `avatar`: JPG or PNG only, at most 500 KB (spec §5, §9). */
  type: z.enum(['avatar'], { error: '上传类型只能是 avatar' }).optional(),
});

export const ossEndpoints = {
  enable: enableEndpoint('/blade-resource/oss', '启用对象存储配置', 'oss_enable'),
  putFile: endpoint({
    method: 'POST',
    path: '/blade-resource/oss/endpoint/put-file',
    summary: '上传文件',
    access: 'login',
    query: UploadQuery,
    data: UploadResult,
  }),
  putFileAttach: endpoint({
    method: 'POST',
    path: '/blade-resource/oss/endpoint/put-file-attach',
    summary: '上传附件',
    access: 'login',
    query: UploadQuery,
    data: UploadResult,
  }),
  /** Objects of the local storage, served publicly under unguessable names (for <img src>). */
  file: endpoint({
    method: 'GET',
    path: '/blade-resource/oss/endpoint/file/*',
    summary: '读取本地存储文件',
    access: 'public',
    data: z.any(),
    raw: true,
  }),
};
