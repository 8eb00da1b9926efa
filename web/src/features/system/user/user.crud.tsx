import { USER_MSG, USER_PERMS, UserFilters, UserRecord, UserSubmit, userEndpoints } from '@zoo/contract';
import { defineCrudPage, type CrudResource, type FieldDef } from '../../../crud';
import { call } from '../../../lib/request';
import { DeptTree, isPlatformAdmin, PasswordInput, PostSelect, RoleTree, TenantSelect } from './user-widgets';

/**
 * Users have no generic CRUD definition in the contract (page/detail/submit/remove live under /blade-user with
 * extra calls), so the screen's resource is assembled here from the contract's own shapes and endpoints.
 * submit creates (plain password, contract §2.5) or, with an id, updates (needs user_edit).
 */
export const userResource = {
  name: 'user',
  title: '用户',
  record: UserRecord,
  input: UserSubmit,
  filters: UserFilters,
  perms: { add: USER_PERMS.add, edit: USER_PERMS.edit, delete: USER_PERMS.delete, view: USER_PERMS.view },
  endpoints: { list: userEndpoints.page, detail: userEndpoints.detail, submit: userEndpoints.submit, remove: userEndpoints.remove },
} satisfies CrudResource;

/** A password box of the 新增 dialog only (edits never carry passwords); its rule comes from the contract's messages. */
const passwordField = (check: (value: unknown, values: Record<string, unknown>) => string | undefined): FieldDef => ({
  widget: 'custom',
  table: false,
  view: false,
  input: (p) => <PasswordInput {...p} />,
  when: (_v, mode) => mode === 'add',
  required: true,
  check,
});

export const userPage = defineCrudPage({
  crud: userResource,
  i18n: 'user',
  auditTable: 'blade_user',
  modalWidth: 900,
  actionWidth: 200,
  fields: {
    // The platform administrator picks the tenant of a new user (others always create in their own). Elsewhere the
    // field shows nothing but carries the record's tenant, whose roles, departments and posts name its ids.
    tenantId: {
      widget: 'custom',
      table: false,
      input: (p) => <TenantSelect {...p} />,
      when: (_v, mode) => mode === 'add' && isPlatformAdmin(),
    },
    account: { search: true, width: 120 },
    tenantName: { width: 120, form: false },
    name: { width: 100 },
    realName: { search: true, width: 100 },
    password: passwordField((v) => (v ? undefined : USER_MSG.password)),
    password2: { ...passwordField((v, values) => (v === values.password ? undefined : USER_MSG.password2)), dependencies: ['password'] },
    roleId: { widget: 'custom', multiple: true, table: false, input: (p) => <RoleTree {...p} /> },
    roleName: { form: false, view: false, width: 140 },
    deptId: { widget: 'custom', multiple: true, table: false, input: (p) => <DeptTree {...p} /> },
    deptName: { form: false, view: false, width: 140 },
    postId: { widget: 'custom', multiple: true, table: false, input: (p) => <PostSelect {...p} /> },
    phone: { width: 120 },
    email: { table: false },
    sex: { dict: 'sex', table: false },
    birthday: { widget: 'date', table: false },
    userType: { dict: 'user_type', width: 90 },
    code: { table: false },
  },
  // Blade renders an unset sex as -1: the form shows it empty.
  detail: async (id) => {
    const u = await call(userEndpoints.detail, { query: { id } });
    return { ...u, sex: u.sex === -1 ? null : u.sex };
  },
  toInput: (values) => {
    // Blade renders an unset sex or platform as -1; the form leaves them empty.
    const out = { ...values };
    for (const k of ['sex', 'userType'] as const) if (out[k] === '-1' || out[k] === -1) delete out[k];
    return out;
  },
});
