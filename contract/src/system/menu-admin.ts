import { z } from 'zod';
import { reqText } from '../fields';
import { Id, IdArray, IdList, IdOut, IntIn, ParentIdIn, TreeNode, treeOf } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

/** MenuVO; the *Name fields are filled on the detail call only (contract §3.1). */
export const MenuRecord = z.object({
  id: IdOut,
  parentId: z.string().meta({ title: '上级菜单' }),
  code: z.string().meta({ title: '菜单编号' }),
  name: z.string().meta({ title: '菜单名称' }),
  alias: z.string().meta({ title: '菜单别名' }),
  path: z.string().meta({ title: '路由地址' }),
  source: z.string().meta({ title: '菜单图标' }),
  sort: z.number().meta({ title: '菜单排序' }),
  category: z.number().meta({ title: '菜单类型' }),
  action: z.number().meta({ title: '按钮功能' }),
  isOpen: z.number().meta({ title: '新窗口' }),
  component: z.string(),
  remark: z.string().meta({ title: '菜单备注' }),
  isDeleted: z.number(),
  parentName: z.string().optional(),
  categoryName: z.string().optional(),
  actionName: z.string().optional(),
  isOpenName: z.string().optional(),
});
export type MenuRecord = z.infer<typeof MenuRecord>;

const filters = z.object({ name: z.string().optional(), code: z.string().optional(), alias: z.string().optional() });

/** Menus are platform-wide: every CRUD call is the platform administrator's (contract §2.8). */
export const menu = defineCrud({
  name: 'menu',
  base: '/blade-system/menu',
  title: '菜单',
  tree: true,
  record: MenuRecord,
  input: z.object({
    id: Id.optional(),
    parentId: ParentIdIn,
    code: reqText('菜单编号', 255),
    name: reqText('菜单名称', 255),
    alias: reqText('菜单别名', 255),
    path: z.string().trim().max(255).optional(),
    source: z.string().max(255).optional(),
    sort: IntIn('请输入菜单排序'),
    category: IntIn('请选择菜单类型').pipe(z.number().min(1, '请选择菜单类型').max(2, '请选择菜单类型')),
    action: IntIn('请选择按钮功能').pipe(z.number().min(0, '请选择按钮功能').max(3, '请选择按钮功能')).optional(),
    isOpen: IntIn('请选择新窗口打开').pipe(z.number().min(1, '请选择新窗口打开').max(2, '请选择新窗口打开')).optional(),
    component: z.string().max(255).optional(),
    remark: z.string().max(255).optional(),
  }),
  filters,
  access: { list: 'administrator', detail: 'administrator', submit: 'administrator', remove: 'administrator' },
  submitData: z.object({ id: z.string() }),
});

const MenuLazy = z.array(MenuRecord.extend({ hasChildren: z.boolean() }));
const MenuTree = z.array(treeOf(MenuRecord));
const GrantKeys = z.object({ menu: z.array(z.string()), dataScope: z.array(z.string()), apiScope: z.array(z.string()) });

export const menuEndpoints = {
  lazyList: endpoint({
    method: 'GET',
    path: '/blade-system/menu/lazy-list',
    summary: '菜单懒加载列表 (有筛选条件时跨层级搜索)',
    access: 'administrator',
    query: filters.extend({ parentId: ParentIdIn }).loose(),
    data: MenuLazy,
  }),
  menuList: endpoint({
    method: 'GET',
    path: '/blade-system/menu/menu-list',
    summary: '菜单 (不含按钮) 树形列表',
    access: 'administrator',
    query: filters.loose(),
    data: MenuTree,
  }),
  lazyMenuList: endpoint({
    method: 'GET',
    path: '/blade-system/menu/lazy-menu-list',
    summary: '菜单 (不含按钮) 懒加载列表',
    access: 'administrator',
    query: filters.extend({ parentId: ParentIdIn }).loose(),
    data: MenuLazy,
  }),
  tree: endpoint({
    method: 'GET',
    path: '/blade-system/menu/tree',
    summary: '菜单树 (不含按钮)',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(TreeNode),
  }),
  grantTree: endpoint({
    method: 'GET',
    path: '/blade-system/menu/grant-tree',
    summary: '可授权的菜单, 数据权限, 接口权限树',
    access: 'login',
    data: z.object({ menu: z.array(TreeNode), dataScope: z.array(TreeNode), apiScope: z.array(TreeNode) }),
  }),
  roleTreeKeys: endpoint({
    method: 'GET',
    path: '/blade-system/menu/role-tree-keys',
    summary: '角色已授权的菜单与权限',
    access: { perm: 'role_grant' },
    query: z.object({ roleIds: IdList }),
    data: GrantKeys,
    crossTenant: true,
  }),
  grantTopTree: endpoint({
    method: 'GET',
    path: '/blade-system/menu/grant-top-tree',
    summary: '顶部菜单可配置的菜单树',
    access: { perm: 'topmenu_setting' },
    data: z.object({ menu: z.array(TreeNode) }),
  }),
  topTreeKeys: endpoint({
    method: 'GET',
    path: '/blade-system/menu/top-tree-keys',
    summary: '顶部菜单已配置的菜单',
    access: { perm: 'topmenu_setting' },
    query: z.object({ topMenuIds: IdList }),
    data: z.object({ menu: z.array(z.string()) }),
  }),
};

export const TopMenuGrantBody = z.object({
  topMenuIds: IdArray.pipe(z.array(z.string()).min(1, '请选择顶部菜单')),
  menuIds: IdArray,
});
