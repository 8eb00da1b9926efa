import { z } from 'zod';
import { reqText } from '../fields';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';

export const attach = defineCrud({
  name: 'attach',
  base: '/blade-resource/attach',
  title: '附件',
  record: z.object({
    ...TenantRecord,
    link: z.string().meta({ title: '附件地址' }),
    domain: z.string().meta({ title: '附件域名' }),
    name: z.string().meta({ title: '附件名称' }),
    originalName: z.string().meta({ title: '附件原名' }),
    extension: z.string().meta({ title: '附件拓展名' }),
    attachSize: z.number().meta({ title: '附件大小' }),
    ossId: z.string(),
  }),
  /**
   * Files arrive through put-file-attach; submit registers an external link or renames. The stored object's
   * name and domain cannot be changed here (remove deletes the object by them).
   */
  input: z.object({
    id: Id.optional(),
    link: reqText('附件地址', 1000),
    originalName: reqText('附件原名', 500),
    extension: z.string().trim().max(12).optional(),
    attachSize: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  filters: z.object({ originalName: z.string().optional(), name: z.string().optional(), extension: z.string().optional() }),
});
