import { z } from 'zod';
import { Empty, Id, IdList, Page, PageQuery } from '../common';
import { endpoint } from '../endpoint';
import { transferEndpoints } from '../spreadsheet';
import { PasswordChange, RegisterGuest, UserInfoUpdate, UserPlatformRecord, UserRecord, UserSubmit, UserUpdate } from './user';

export const USER_PERMS = {
  add: 'user_add',
  edit: 'user_edit',
  delete: 'user_delete',
  view: 'user_view',
  reset: 'user_reset',
  role: 'user_role',
  unlock: 'user_unlock',
  import: 'user_import',
  export: 'user_export',
  platform: 'user_platform',
} as const;

/** Map-style filters of the user page and export; deptId covers the department and all its descendants. */
export const UserFilters = z.object({
  account: z.string().optional(),
  realName: z.string().optional(),
  tenantId: z.string().optional(),
  deptId: z.union([Id, z.literal('')]).optional(),
});

const userIds = z.object({ userIds: IdList });
const base = '/blade-user';

export const userEndpoints = {
  page: endpoint({
    method: 'GET',
    path: `${base}/page`,
    summary: '用户分页',
    access: 'admin',
    query: PageQuery.extend(UserFilters.shape).loose(),
    data: Page(UserRecord),
    crossTenant: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: '用户详情',
    access: 'admin',
    query: z.object({ id: Id }),
    data: UserRecord,
    crossTenant: true,
  }),
  info: endpoint({ method: 'GET', path: `${base}/info`, summary: '当前用户信息', access: 'login', data: UserRecord }),
  userList: endpoint({ method: 'GET', path: `${base}/user-list`, summary: '本租户用户列表', access: 'login', data: z.array(UserRecord) }),
  submit: endpoint({
    method: 'POST',
    path: `${base}/submit`,
    summary: '新增用户',
    access: { perm: USER_PERMS.add },
    body: UserSubmit,
    data: Empty,
    crossTenant: true,
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/update`,
    summary: '修改用户(不改密码)',
    access: { perm: USER_PERMS.edit },
    body: UserUpdate,
    data: Empty,
    crossTenant: true,
  }),
  updateInfo: endpoint({ method: 'POST', path: `${base}/update-info`, summary: '修改个人信息', access: 'login', body: UserInfoUpdate, data: Empty }),
  remove: endpoint({
    method: 'POST',
    path: `${base}/remove`,
    summary: '删除用户',
    access: { perm: USER_PERMS.delete },
    query: z.object({ ids: IdList }),
    data: Empty,
    crossTenant: true,
  }),
  grant: endpoint({
    method: 'POST',
    path: `${base}/grant`,
    summary: '设置用户角色',
    access: { perm: USER_PERMS.role },
    query: z.object({ userIds: IdList, roleIds: IdList }),
    data: Empty,
    crossTenant: true,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: `${base}/reset-password`,
    summary: '重置密码',
    access: { perm: USER_PERMS.reset },
    query: userIds,
    data: Empty,
    crossTenant: true,
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: `${base}/update-password`,
    summary: '修改本人密码(md5)',
    access: 'login',
    query: PasswordChange,
    data: Empty,
  }),
  unlock: endpoint({
    method: 'POST',
    path: `${base}/unlock`,
    summary: '账号解封',
    access: { perm: USER_PERMS.unlock },
    query: userIds,
    data: Empty,
    crossTenant: true,
  }),
  platformDetail: endpoint({
    method: 'GET',
    path: `${base}/platform-detail`,
    summary: '用户平台配置详情',
    access: { perm: USER_PERMS.platform },
    query: z.object({ id: Id }),
    data: UserPlatformRecord,
    crossTenant: true,
  }),
  updatePlatform: endpoint({
    method: 'POST',
    path: `${base}/update-platform`,
    summary: '修改用户平台配置',
    access: { perm: USER_PERMS.platform },
    query: z.object({
      userId: Id,
      userType: z.coerce.number({ error: '请选择用户平台' }).int('请选择用户平台').min(1, '请选择用户平台').max(3, '请选择用户平台'),
      userExt: z.string().max(10000, '用户拓展信息过长').optional(),
    }),
    data: Empty,
    crossTenant: true,
  }),
  registerGuest: endpoint({ method: 'POST', path: `${base}/register-guest`, summary: '用户注册(待审核)', access: 'public', query: RegisterGuest, data: Empty }),
  ...transferEndpoints({ base, slug: 'user', noun: '用户', perms: USER_PERMS, exportFilters: UserFilters.shape, crossTenantExport: true }),
};
