import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { dictInt, optText, reqText } from '../fields';

/** 1 suggestion, 2 problem, 3 complaint, 4 other. */
export const FEEDBACK_TYPES = [1, 2, 3, 4] as const;
/** 1 open, 2 in progress, 3 answered. */
export const FEEDBACK_STATES = [1, 2, 3] as const;

/** 意见反馈: staff feedback on the system or the zoo's work, with the answer given (spec §7 feedback). */
export const feedback = defineCrud({
  name: 'feedback',
  base: '/blade-zoo/feedback',
  title: '意见反馈',
  record: z.object({
    ...TenantRecord,
    feedbackType: z.number().meta({ title: '反馈类型' }),
    title: z.string().meta({ title: '标题' }),
    content: z.string().meta({ title: '反馈内容' }),
    contactName: z.string().meta({ title: '联系人' }),
    contactPhone: z.string().meta({ title: '联系电话' }),
    handleState: z.number().meta({ title: '处理状态' }),
    reply: z.string().meta({ title: '处理答复' }),
    replyUser: z.string(),
    replyUserName: z.string().meta({ title: '答复人' }),
    replyTime: z.string().meta({ title: '答复时间' }),
    createUserName: z.string().meta({ title: '提交人' }),
  }),
  input: z.object({
    id: Id.optional(),
    feedbackType: dictInt('反馈类型', FEEDBACK_TYPES).default(1),
    title: reqText('标题', 100),
    content: reqText('反馈内容', 2000),
    contactName: optText('联系人', 50),
    contactPhone: optText('联系电话', 30).refine((s) => !s || /^[0-9+\- ]{5,30}$/.test(s), '联系电话格式不正确'),
    handleState: dictInt('处理状态', FEEDBACK_STATES).default(1),
    reply: optText('处理答复', 2000),
  }),
  filters: z.object({
    title: z.string().optional(),
    content: z.string().optional(),
    feedbackType_equal: z.string().optional(),
    handleState_equal: z.string().optional(),
    createTime_dategt: z.string().optional(),
    createTime_datelt: z.string().optional(),
  }),
});
