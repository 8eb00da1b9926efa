import { z } from 'zod';
import { reqText } from '../fields';
import { Empty, Id, IdArray, IdOut, IntIn, ParentIdIn, TreeNode } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

export const RoleRecord = z.object({
  id: IdOut,
  tenantId: z.string().meta({ title: '所属租户' }),
  parentId: z.string().meta({ title: '上级角色' }),
  roleName: z.string().meta({ title: '角色名称' }),
  roleAlias: z.string().meta({ title: '角色别名' }),
  sort: z.number().meta({ title: '角色排序' }),
  isDeleted: z.number(),
  /** "顶级" for roots (Blade's wrapper). */
  parentName: z.string(),
});
export type RoleRecord = z.infer<typeof RoleRecord>;

/** Tenant filter applies for non-000000 users: the platform administrator sees every tenant's roles. */
export const role = defineCrud({
  name: 'role',
  base: '/blade-system/role',
  title: '角色',
  tree: true,
  record: RoleRecord,
  input: z.object({
    id: Id.optional(),
    parentId: ParentIdIn,
    roleName: reqText('角色名称', 255),
    roleAlias: reqText('角色别名', 255),
    sort: IntIn('请输入角色排序'),
  }),
  filters: z.object({ roleName: z.string().optional(), roleAlias: z.string().optional() }),
  access: { list: { perm: 'role' }, detail: 'admin' },
  crossTenant: true,
});

export const RoleGrantBody = z.object({
  roleIds: IdArray.pipe(z.array(z.string()).min(1, '请选择角色')),
  menuIds: IdArray,
  dataScopeIds: IdArray,
  apiScopeIds: IdArray,
});

export const roleEndpoints = {
  tree: endpoint({
    method: 'GET',
    path: '/blade-system/role/tree',
    summary: '角色树',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(TreeNode),
  }),
  treeById: endpoint({
    method: 'GET',
    path: '/blade-system/role/tree-by-id',
    summary: '某角色的子树',
    access: 'login',
    query: z.object({ roleId: Id }),
    data: z.array(TreeNode),
  }),
  select: endpoint({
    method: 'GET',
    path: '/blade-system/role/select',
    summary: '角色下拉 (某用户的角色, 指定角色, 或本租户全部)',
    access: 'login',
    query: z.object({ userId: Id.optional(), roleId: z.string().optional() }),
    data: z.array(RoleRecord),
  }),
  grant: endpoint({
    method: 'POST',
    path: '/blade-system/role/grant',
    summary: '角色授权 (菜单, 数据权限, 接口权限)',
    access: { perm: 'role_grant' },
    body: RoleGrantBody,
    data: Empty,
    /** The platform administrator grants any tenant's roles (the role list shows them all). */
    crossTenant: true,
  }),
};
