import { z } from 'zod';
import { isIdText } from '../wire';
import { endpoint } from '../endpoint';

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  isDeleted: number;
  hasChildren?: boolean;
  children?: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.number(),
    action: z.number(),
    isOpen: z.number(),
    remark: z.string(),
    isDeleted: z.number(),
    hasChildren: z.boolean().optional(),
    children: z.array(MenuNode).optional(),
  }),
);

export const TopMenu = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string(),
  path: z.string(),
  sort: z.number(),
  tenantId: z.string(),
});
export type TopMenu = z.infer<typeof TopMenu>;

export const menuSessionEndpoints = {
  routes: endpoint({
    method: 'GET',
    path: '/blade-system/menu/routes',
    summary: '当前用户的菜单路由',
    access: 'login',
    query: z.object({
      topMenuId: z
        .string()
        .refine((s) => s === '' || isIdText(s), '请求参数类型错误')
        .optional(),
    }),
    data: z.array(MenuNode),
  }),
  buttons: endpoint({
    method: 'GET',
    path: '/blade-system/menu/buttons',
    summary: '当前用户的按钮权限',
    access: 'login',
    data: z.array(MenuNode),
  }),
  topMenu: endpoint({
    method: 'GET',
    path: '/blade-system/menu/top-menu',
    summary: '顶部菜单',
    access: 'login',
    data: z.array(TopMenu),
  }),
};
