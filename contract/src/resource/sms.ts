import { z } from 'zod';
import { PHONE_MSG, phoneProblem } from '../phone';
import { Id } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { HttpUrl, OptionalText, ProviderCategory, ResourceCode, enableEndpoint, providerRecord, requireFields } from './provider-config';

/** sms categories (dict `sms`). */
export const SMS_ALIYUN = 3;
export const SMS_TENCENT = 4;
export const SMS_LOG = 5;

export const sms = defineCrud({
  name: 'sms',
  base: '/blade-resource/sms',
  title: '短信配置',
  record: z.object({
    ...providerRecord,
    smsCode: z.string().meta({ title: '资源编号' }),
    templateId: z.string().meta({ title: '模板ID' }),
    regionId: z.string().meta({ title: 'regionId' }),
    signName: z.string().meta({ title: '短信签名' }),
    appId: z.string().meta({ title: '应用ID' }),
    endpoint: z.string().meta({ title: '接口地址' }),
  }),
  input: z
    .object({
      id: Id.optional(),
      category: ProviderCategory,
      smsCode: ResourceCode,
      templateId: OptionalText(64),
      accessKey: OptionalText(),
      secretKey: OptionalText(),
      regionId: OptionalText(),
      signName: OptionalText(),
      appId: OptionalText(),
      endpoint: HttpUrl('接口地址应为 http:// 或 https:// 开头的地址'),
      remark: z.string().max(255).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.category === SMS_LOG) return;
      const need: Array<[keyof typeof v & string, string]> = [
        ['templateId', '请输入模板ID'],
        ['accessKey', '请输入accessKey'],
        ['secretKey', '请输入secretKey'],
        ['signName', '请输入短信签名'],
      ];
      if (v.category === SMS_TENCENT) need.push(['appId', '请输入应用ID (SmsSdkAppId)']);
      requireFields(v, ctx, need);
    }),
  filters: z.object({ category: z.string().optional(), smsCode: z.string().optional(), status_equal: z.string().optional() }),
  access: { list: 'admin', detail: 'admin' },
});

/** Comma-joined mainland mobile numbers, checked in the order of spec §5 (empty, length, format). */
export const Phones = z
  .string({ error: PHONE_MSG.empty })
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .check((c) => {
    const list = c.value;
    const problem = list.length === 0 ? PHONE_MSG.empty : list.map((p) => phoneProblem(p, true)).find(Boolean);
    if (problem) c.issues.push({ code: 'custom', message: problem, input: c.value });
    else if (list.length > 100) c.issues.push({ code: 'custom', message: '一次最多发送100个手机号', input: c.value });
  });

/** `params`: a JSON object of template variables, e.g. {"code":"1234"}. */
export const SmsParams = z
  .string()
  .optional()
  .transform((s, c) => {
    if (!s) return {} as Record<string, string>;
    try {
      const v: unknown = JSON.parse(s);
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
    } catch {}
    c.issues.push({ code: 'custom', message: '短信参数格式不正确,应为 JSON 对象,如 {"code":"1234"}', input: s });
    return z.NEVER;
  });

export const smsEndpoints = {
  enable: enableEndpoint('/blade-resource/sms', '启用短信配置', 'sms_enable'),
  sendMessage: endpoint({
    method: 'POST',
    path: '/blade-resource/sms/endpoint/send-message',
    summary: '发送短信',
    access: { perm: 'sms_debug' },
    query: z.object({ code: z.string().max(32).optional(), phones: Phones, params: SmsParams }),
    data: z.object({ provider: z.string(), phones: z.array(z.string()), requestId: z.string() }),
  }),
};
