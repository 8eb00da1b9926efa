import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { linkIn, optId, optText, reqId } from '../fields';

/** Zoo records an attachment may hang on; each maps to its table and to the edit button that guards it. */
export const BIZ_TYPES = ['park', 'venue', 'cage', 'animal', 'animal_flag', 'population', 'permit'] as const;
export type BizType = (typeof BIZ_TYPES)[number];

export const bizAttach = defineCrud({
  name: 'biz_attach',
  base: '/zoo-biz-attach/bizAttach',
  title: '业务附件',
  record: z.object({
    ...TenantRecord,
    bizType: z.string().meta({ title: '业务类型' }),
    bizId: z.string(),
    attachId: z.string(),
    link: z.string().meta({ title: '链接' }),
    originalName: z.string().meta({ title: '原始文件名' }),
    remark: z.string(),
  }),
  input: z.object({
    id: Id.optional(),
    bizType: z.enum(BIZ_TYPES, { error: `业务类型只能是 ${BIZ_TYPES.join('、')}` }),
    bizId: reqId('业务记录'),
    /** blade_attach row id when the file went through object storage; optional (plain links work). */
    attachId: optId('附件'),
    link: linkIn('附件链接'),
    originalName: optText('原始文件名', 255),
    remark: optText('备注', 500),
  }),
  filters: z.object({ bizType: z.string().optional(), bizId: z.string().optional() }),
  // Writing an attachment needs the edit button of the record it hangs on (checked per bizType by the server).
  access: { submit: 'login', remove: 'login' },
});
