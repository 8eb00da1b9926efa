import { z } from 'zod';
import { reqText } from '../fields';
import { Id, IntIn, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

export const PostRecord = z.object({
  ...TenantRecord,
  category: z.number().meta({ title: '岗位类型' }),
  postCode: z.string().meta({ title: '岗位编号' }),
  postName: z.string().meta({ title: '岗位名称' }),
  sort: z.number().meta({ title: '岗位排序' }),
  remark: z.string().meta({ title: '岗位描述' }),
  /** Label of `category` in dict post_category. */
  categoryName: z.string(),
});

export const post = defineCrud({
  name: 'post',
  base: '/blade-system/post',
  title: '岗位',
  record: PostRecord,
  input: z.object({
    id: Id.optional(),
    category: IntIn('请选择岗位类型'),
    postCode: z.string({ error: '请输入岗位编号' }).trim().min(1, '请输入岗位编号').max(12, '岗位编号最多12个字符'),
    postName: reqText('岗位名称', 64),
    sort: IntIn('请输入岗位排序'),
    remark: z.string().max(255).optional(),
  }),
  filters: z.object({ category: NumFilter, postCode: z.string().optional(), postName: z.string().optional() }),
  filterMode: 'entity',
  access: { list: { perm: 'post' }, detail: { perm: 'post' } },
});

export const postEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-system/post/select',
    summary: '岗位下拉',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(PostRecord),
  }),
};
