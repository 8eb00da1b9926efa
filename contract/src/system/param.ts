import { z } from 'zod';
import { reqText } from '../fields';
import { BaseRecord, Id } from '../common';
import { defineCrud } from '../resource';

export const param = defineCrud({
  name: 'param',
  base: '/blade-system/param',
  title: '参数',
  record: z.object({
    ...BaseRecord,
    paramName: z.string().meta({ title: '参数名称' }),
    paramKey: z.string().meta({ title: '参数键名' }),
    paramValue: z.string().meta({ title: '参数键值' }),
    remark: z.string().meta({ title: '备注' }),
  }),
  input: z.object({
    id: Id.optional(),
    paramName: reqText('参数名称', 255),
    paramKey: reqText('参数键名', 255),
    paramValue: z.string({ error: '请输入参数键值' }).min(1, '请输入参数键值').max(20000),
    remark: z.string().max(255).optional(),
  }),
  filters: z.object({ paramName: z.string().optional(), paramKey: z.string().optional() }),
  access: { list: 'admin', detail: 'admin' },
});
