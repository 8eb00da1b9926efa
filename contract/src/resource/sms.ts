import { z } from 'zod';
import { PHONE_MSG, phoneProblem } from '../phone';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../crud';
import { endpoint } from '../endpoint';

/** sms categories (dict `sms`). */
export const SMS_ALIYUN = 3;
export const SMS_TENCENT = 4;
export const SMS_LOG = 5;

export const sms = defineCrud({
  name: 'sms',
  base: '/blade-resource/sms',
  title: '短信配置',
  record: z.object({
    ...TenantRecord,
    category: z.number().meta({ title: '分类' }),
    categoryName: z.string().meta({ title: '分类' }),
    smsCode: z.string().meta({ title: '资源编号' }),
    templateId: z.string().meta({ title: '模板ID' }),
    accessKey: z.string().meta({ title: 'accessKey' }),
    secretKey: z.string().meta({ title: 'secretKey' }),
    regionId: z.string().meta({ title: 'regionId' }),
    signName: z.string().meta({ title: '短信签名' }),
    appId: z.string().meta({ title: '应用ID' }),
    endpoint: z.string().meta({ title: '接口地址' }),
    remark: z.string().meta({ title: '备注' }),
    statusName: z.string().meta({ title: '是否启用' }),
  }),
  input: z
    .object({
      id: Id.optional(),
      category: z.coerce.number({ error: '请选择分类' }).int('请选择分类').min(1, '请选择分类').max(5, '请选择分类'),
      smsCode: z
        .string({ error: '请输入资源编号' })
        .trim()
        .min(1, '请输入资源编号')
        .max(32, '资源编号不能超过32个字符')
        .regex(/^[A-Za-z0-9_-]+$/, '资源编号只能包含字母、数字、下划线和短横线'),
      templateId: z.string().trim().max(64).optional(),
      accessKey: z.string().trim().max(255).optional(),
      secretKey: z.string().trim().max(255).optional(),
      regionId: z.string().trim().max(255).optional(),
      signName: z.string().trim().max(255).optional(),
      appId: z.string().trim().max(255).optional(),
      endpoint: z.string().trim().max(255).regex(/^https?:\/\/[^\s/]+/i, '接口地址应为 http:// 或 https:// 开头的地址').optional().or(z.literal('')),
      remark: z.string().max(255).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.category === SMS_LOG) return;
      const need: Array<[keyof typeof v, string]> = [
        ['templateId', '请输入模板ID'],
        ['accessKey', '请输入accessKey'],
        ['secretKey', '请输入secretKey'],
        ['signName', '请输入短信签名'],
      ];
      if (v.category === SMS_TENCENT) need.push(['appId', '请输入应用ID (SmsSdkAppId)']);
      for (const [k, msg] of need) if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: msg });
    }),
  filters: z.object({ category: z.string().optional(), smsCode: z.string().optional(), status_equal: z.string().optional() }),
  access: { list: 'admin', detail: 'admin' },
});

/** Comma-joined mainland mobile numbers, checked in the order of spec §5 (empty, length, format). */
export const Phones = z
  .string({ error: PHONE_MSG.empty })
  .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
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
  enable: endpoint({
    method: 'POST',
    path: '/blade-resource/sms/enable',
    summary: '启用短信配置',
    access: { perm: 'sms_enable' },
    query: z.object({ id: Id }),
    data: z.object({}).loose(),
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/blade-resource/sms/endpoint/send-message',
    summary: '发送短信',
    access: { perm: 'sms_debug' },
    query: z.object({ code: z.string().max(32).optional(), phones: Phones, params: SmsParams }),
    data: z.object({ provider: z.string(), phones: z.array(z.string()), requestId: z.string() }),
  }),
};
