import { z } from 'zod';
import { reqText } from '../fields';
import { BaseRecord, Id, IntIn, NumFilter } from '../common';
import { defineCrud } from '../resource';

/**
 * A custom data-scope rule (scope type 5) is a typed condition stored as JSON in `scopeValue`, never SQL:
 * `{"column":"status","op":"eq","value":"1"}` or an array of such conditions (all must hold).
 * `column` must be a field of the resource's record; values may use the placeholders `${userId}` / `${deptId}`.
 */
export const DATA_SCOPE_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'notlike', 'in', 'notin', 'null', 'notnull'] as const;
export type DataScopeOp = (typeof DATA_SCOPE_OPS)[number];
const Scalar = z.union([z.string(), z.number()]);
export const DataScopeCondition = z.object({
  column: z.string({ error: '自定义规则缺少字段 column' }).min(1, '自定义规则缺少字段 column'),
  op: z.enum(DATA_SCOPE_OPS, { error: `自定义规则运算符应为 ${DATA_SCOPE_OPS.join('/')}` }),
  value: z.union([Scalar, z.array(Scalar)]).optional(),
});
export type DataScopeCondition = z.infer<typeof DataScopeCondition>;
export const DataScopeRule = z.union([DataScopeCondition, z.array(DataScopeCondition).min(1, '自定义规则不能为空')]);

/** scope_type of data scopes (dict data_scope_type). */
export const DATA_SCOPE_TYPE = { all: 1, own: 2, ownDept: 3, ownDeptAndChildren: 4, custom: 5 } as const;

const ScopeBase = {
  ...BaseRecord,
  menuId: z.string().meta({ title: '菜单' }),
  resourceCode: z.string().meta({ title: '资源编号' }),
  scopeName: z.string().meta({ title: '权限名称' }),
  scopeType: z.number().meta({ title: '权限类型' }),
  remark: z.string().meta({ title: '备注' }),
  scopeTypeName: z.string(),
};

const scopeInput = {
  id: Id.optional(),
  menuId: z.union([z.string(), z.number()], { error: '请选择菜单' }).pipe(Id),
  /** Defaults to the menu's code, which equals the CRUD resource name for resource menus. */
  resourceCode: z.string().trim().max(255).optional(),
  remark: z.string().max(255).optional(),
};

/** The data-scope catalogue is platform-wide (bound to menus): maintained by the platform administrator. */
export const dataScope = defineCrud({
  name: 'data_scope',
  base: '/blade-system/data-scope',
  title: '数据权限',
  record: z.object({
    ...ScopeBase,
    scopeField: z.string().meta({ title: '可见字段' }),
    scopeClass: z.string().meta({ title: '权限类名' }),
    scopeColumn: z.string().meta({ title: '权限字段' }),
    scopeValue: z.string().meta({ title: '规则值' }),
  }),
  input: z
    .object({
      ...scopeInput,
      scopeName: reqText('数据权限名称', 255),
      scopeField: z.string().max(255).optional(),
      scopeClass: z.string().max(500).optional(),
      scopeColumn: z.string().max(255).optional(),
      scopeType: IntIn('请选择数据权限类型').pipe(z.number().min(1, '请选择数据权限类型').max(5, '请选择数据权限类型')),
      scopeValue: z.string().max(4000).optional(),
    })
    .refine((v) => v.scopeType !== DATA_SCOPE_TYPE.custom || Boolean(v.scopeValue?.trim()), {
      message: '请输入自定义规则',
      path: ['scopeValue'],
    }),
  filters: z.object({ menuId: NumFilter, scopeName: z.string().optional(), resourceCode: z.string().optional() }),
  filterMode: 'entity',
  access: { list: 'administrator', detail: 'administrator', submit: 'administrator', remove: 'administrator' },
});

/** Ant-style path pattern: `/blade-system/param/**`, `/blade-desk/notice/list` (an `/api` prefix is allowed). */
export const SCOPE_PATH_RE = /^\/[A-Za-z0-9_\-./*?{}]*$/;

export const apiScope = defineCrud({
  name: 'api_scope',
  base: '/blade-system/api-scope',
  title: '接口权限',
  record: z.object({ ...ScopeBase, scopePath: z.string().meta({ title: '接口路径' }) }),
  input: z.object({
    ...scopeInput,
    scopeName: reqText('接口权限名称', 255),
    scopePath: z
      .string({ error: '请输入接口权限路径' })
      .trim()
      .min(1, '请输入接口权限路径')
      .max(255)
      .regex(SCOPE_PATH_RE, '接口权限路径应以 / 开头, 可使用 * ** ? 通配'),
    scopeType: IntIn('请选择接口权限类型').pipe(z.number().min(1, '请选择接口权限类型').max(2, '请选择接口权限类型')),
  }),
  filters: z.object({ menuId: NumFilter, scopeName: z.string().optional(), resourceCode: z.string().optional() }),
  filterMode: 'entity',
  access: { list: 'administrator', detail: 'administrator', submit: 'administrator', remove: 'administrator' },
});
