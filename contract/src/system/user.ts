import { z } from 'zod';
import { Id, isDateTimeText, isIdText, TenantRecord } from '../common';
import { phoneField } from '../phone';

const phone = phoneField;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = z
  .string()
  .trim()
  .max(45, '邮箱不能超过45个字符')
  .regex(new RegExp(`^$|${EMAIL_RE.source}`), '邮箱格式不正确');

/** yyyy-MM-dd or yyyy-MM-dd HH:mm:ss; "" clears. */
const birthday = z
  .string()
  .trim()
  .refine((v) => v === '' || isDateTimeText(v), '生日格式不正确')
  .transform((v) => (v === '' ? null : v.length === 10 ? `${v} 00:00:00` : v));

/** Comma-joined id lists (roleId, deptId, postId); forms may send arrays. */
export const IdCsv = (msg: string, required: boolean) =>
  z
    .union([z.string({ error: msg }), z.number(), z.array(z.union([z.string(), z.number()]))], { error: msg })
    .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((x) => x.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().refine(isIdText, 'ID格式不正确'))
        .min(required ? 1 : 0, msg)
        .max(50, '选择过多'),
    )
    .transform((ids) => [...new Set(ids)].join(','));

const optionalCode = (values: readonly number[], msg: string) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => (v === '' || v === -1 || v === '-1' ? null : Number(v)))
    .refine((v) => v === null || values.includes(v), msg);

export const USER_TYPES = [1, 2, 3] as const; // web, app, other
export const SEXES = [1, 2, 3] as const; // 男, 女, 未知

export const UserRecord = z.object({
  ...TenantRecord,
  code: z.string().meta({ title: '用户编号' }),
  userType: z.number().meta({ title: '用户平台' }),
  account: z.string().meta({ title: '登录账号' }),
  name: z.string().meta({ title: '用户昵称' }),
  realName: z.string().meta({ title: '用户姓名' }),
  avatar: z.string().meta({ title: '头像' }),
  email: z.string().meta({ title: '邮箱' }),
  phone: z.string().meta({ title: '手机号码' }),
  birthday: z.string().meta({ title: '生日' }),
  /** -1 when unset (Blade renders a null number as -1). */
  sex: z.number().meta({ title: '性别' }),
  roleId: z.string().meta({ title: '所属角色' }),
  deptId: z.string().meta({ title: '所属部门' }),
  postId: z.string().meta({ title: '所属岗位' }),
  tenantName: z.string().meta({ title: '所属租户' }),
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  sexName: z.string(),
  userTypeName: z.string(),
});
export type UserVO = z.infer<typeof UserRecord>;

export const UserPlatformRecord = UserRecord.extend({ userExt: z.string() });

/** Fields the admin user form edits (submit and update). tenantId is honoured for platform administrators only. */
export const UserFields = z.object({
  tenantId: z
    .string()
    .regex(/^\d{6}$/, '租户ID格式不正确')
    .optional()
    .or(z.literal('')),
  code: z.string().trim().max(12, '用户编号不能超过12个字符').optional(),
  userType: optionalCode(USER_TYPES, '请选择用户平台').optional(),
  account: z
    .string({ error: '请输入登录账号' })
    .trim()
    .min(1, '请输入登录账号')
    .max(45, '登录账号不能超过45个字符')
    .regex(/^[^\s,]+$/, '登录账号不能包含空格或逗号'),
  name: z.string({ error: '请输入用户昵称' }).trim().min(1, '请输入用户昵称').max(20, '用户昵称不能超过20个字符'),
  realName: z.string({ error: '请输入用户姓名' }).trim().min(1, '请输入用户姓名').max(10, '用户姓名不能超过10个字符'),
  avatar: z.string().trim().max(500, '头像地址过长').optional(),
  email: email.optional(),
  phone: phone(false).optional(),
  birthday: birthday.optional(),
  sex: optionalCode(SEXES, '性别不正确').optional(),
  roleId: IdCsv('请选择所属角色', true),
  deptId: IdCsv('请选择所属部门', true),
  postId: IdCsv('请选择所属岗位', false).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

/** Create (no id): the password is plain text here, stored as argon2id(md5(plain)); with an id it updates. */
export const UserSubmit = UserFields.extend({
  id: Id.optional(),
  password: z.string().max(64, '密码不能超过64个字符').optional(),
  password2: z.string().optional(),
});
export const UserUpdate = UserFields.extend({ id: Id });

/** The personal-info page: the user edits their own profile. */
export const UserInfoUpdate = z.object({
  avatar: z.string().trim().max(500, '头像地址过长').optional(),
  name: z.string().trim().min(1, '请输入用户昵称').max(20, '用户昵称不能超过20个字符').optional(),
  realName: z.string().trim().min(1, '请输入用户姓名').max(10, '用户姓名不能超过10个字符').optional(),
  phone: phone(true),
  email: email.optional(),
  sex: optionalCode(SEXES, '性别不正确').optional(),
  birthday: birthday.optional(),
});

const Digest = (msg: string) =>
  z
    .string({ error: msg })
    .min(1, msg)
    .regex(/^[0-9a-fA-F]{32}$/, '密码须经 md5 摘要后提交')
    .transform((s) => s.toLowerCase());

export const PasswordChange = z.object({
  oldPassword: Digest('请输入原密码'),
  newPassword: Digest('请输入新密码'),
  newPassword1: Digest('请输入确认密码'),
});

/** register-guest: every field optional here so the checks run in the spec's order (§5) in the handler. */
export const RegisterGuest = z.object({
  tenantId: z.string().optional(),
  name: z.string().optional(),
  account: z.string().optional(),
  password: z.string().optional(),
  password2: z.string().optional(),
  oauthId: z.string().optional(),
});
export const REGISTER_MSG = {
  tenant: '请先输入租户编号',
  account: '请先输入账号名称',
  password: '请先输入密码',
  mismatch: '两次密码输入不一致',
  closed: '当前系统暂未开启注册功能,请联系管理员!',
  badTenant: '租户信息错误!',
} as const;

export const USER_MSG = {
  quota: '当前租户已到最大账号额度!',
  exists: (account: string) => `当前用户 [${account}] 已存在!`,
  self: '不能删除本账号!',
  confirm: '请输入正确的确认密码!',
  oldWrong: '原密码不正确!',
  password: '请输入密码',
  password2: '两次输入密码不一致!',
} as const;
