import { z } from 'zod';
import { reqText } from '../fields';
import { Empty, Id, IntIn, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { TopMenuGrantBody } from './menu-admin';

export const topmenu = defineCrud({
  name: 'topmenu',
  base: '/blade-system/topmenu',
  title: '顶部菜单',
  record: z.object({
    ...TenantRecord,
    code: z.string().meta({ title: '菜单编号' }),
    name: z.string().meta({ title: '菜单名称' }),
    source: z.string().meta({ title: '菜单图标' }),
    path: z.string().meta({ title: '路由地址' }),
    sort: z.number().meta({ title: '菜单排序' }),
  }),
  input: z.object({
    id: Id.optional(),
    code: reqText('菜单编号', 255),
    name: reqText('菜单名称', 255),
    source: z.string().max(255).optional(),
    path: z.string().max(255).optional(),
    sort: IntIn('请输入菜单排序'),
  }),
  filters: z.object({ code: z.string().optional(), name: z.string().optional() }),
  filterMode: 'entity',
  access: { list: { perm: 'topmenu' }, detail: { perm: 'topmenu' } },
});

export const topmenuEndpoints = {
  grant: endpoint({
    method: 'POST',
    path: '/blade-system/topmenu/grant',
    summary: '顶部菜单配置菜单',
    access: { perm: 'topmenu_setting' },
    body: TopMenuGrantBody,
    data: Empty,
  }),
};
