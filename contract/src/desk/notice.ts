import { z } from 'zod';
import { DATE_TIME_RE, DateFilterIn, Id, INT32_MAX, isDateTimeText, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

const NoticeRecord = z.object({
  ...TenantRecord,
  title: z.string().meta({ title: '通知标题' }),
  /** dict `notice` key */
  category: z.number().meta({ title: '通知类型' }),
  categoryName: z.string().meta({ title: '通知类型' }),
  releaseTime: z.string().meta({ title: '通知日期' }),
  content: z.string().meta({ title: '通知内容' }),
  /** Role aliases the notice is for, comma-separated; '' = everyone in the zoo (decision 0051). */
  audienceRoles: z.string().meta({ title: '通知对象' }),
  /** The names of those roles, '、'-joined ('' = everyone); an alias no live role has shows as itself. */
  audienceName: z.string().meta({ title: '通知对象' }),
});

/** A day or a full date-time; a bare day means its start. */
const ReleaseTime = z
  .string({ error: '请输入通知日期' })
  .trim()
  .min(1, '请输入通知日期')
  .refine((v) => isDateTimeText(v), '通知日期格式应为 yyyy-MM-dd HH:mm:ss')
  .transform((v) => (DATE_TIME_RE.test(v) ? v : `${v} 00:00:00`));

/**
 * Who a notice is for: role aliases (`admin`, `vet`…), a comma list or an array, trimmed and deduplicated; none
 * means everyone in the zoo. The server checks that each names a role of the zoo.
 */
export const AudienceRoles = z
  .union([z.string(), z.array(z.string())], { error: '通知对象格式不正确' })
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))].join(','))
  .pipe(z.string().max(255, '通知对象不能超过255个字符'))
  .nullable()
  .optional();

export const notice = defineCrud({
  name: 'notice',
  base: '/blade-desk/notice',
  title: '通知公告',
  record: NoticeRecord,
  input: z.object({
    id: Id.optional(),
    title: z.string({ error: '请输入通知标题' }).trim().min(1, '请输入通知标题').max(255, '通知标题不能超过255个字符'),
    category: z.coerce.number({ error: '请选择通知类型' }).int('请选择通知类型').min(1, '请选择通知类型').max(INT32_MAX, '请选择通知类型'),
    releaseTime: ReleaseTime,
    content: z.string().max(20000, '通知内容不能超过20000个字符').optional(),
    audienceRoles: AudienceRoles,
  }),
  filters: z.object({
    title: z.string().optional(),
    category: z.string().optional(),
    releaseTime_datege: DateFilterIn,
    releaseTime_datelt: DateFilterIn,
  }),
});
export type Notice = z.infer<typeof NoticeRecord>;

export const NoticeCountInfo = z.object({
  total: z.number(),
  categories: z.array(z.object({ category: z.number(), categoryName: z.string(), count: z.number() })),
});

/** One dashboard figure; modules add theirs through the server's desk-count registry. */
export const DeskCount = z.object({
  key: z.string(),
  title: z.string(),
  count: z.number(),
  /** Menu path to open for details ("" when none). */
  path: z.string(),
});
export type DeskCount = z.infer<typeof DeskCount>;

export const deskEndpoints = {
  noticeCountInfo: endpoint({
    method: 'GET',
    path: '/blade-desk/notice/countinfo',
    summary: '通知公告统计',
    access: 'login',
    data: NoticeCountInfo,
  }),
  countInfo: endpoint({
    method: 'GET',
    path: '/blade-desk/countinfo',
    summary: '工作台统计',
    access: 'login',
    data: z.array(DeskCount),
  }),
  listAllNotice: endpoint({
    method: 'GET',
    path: '/blade-desk/listAllNotice',
    summary: '最新通知公告',
    access: 'login',
    query: z.object({ limit: z.coerce.number({ error: '请求参数类型错误' }).int().min(1).max(50).default(10) }),
    data: z.array(NoticeRecord),
  }),
};
