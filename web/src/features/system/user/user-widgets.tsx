import { deptEndpoints, postEndpoints, roleEndpoints, tenantEndpoints, type TreeNode } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';
import { session } from '../../../lib/session';
import { commaList } from '../../../lib/comma-list';
import { isAdministrator } from '../../../lib/session';

/** Tenant 000000's administrator: may list every tenant's users and create users in any tenant. */
export const isPlatformAdmin = (): boolean => {
  const u = session().userInfo;
  return u?.tenant_id === '000000' && isAdministrator(u?.role_name);
};

/**
 * The tenant the form works in: the picked one (platform administrator adding a user), the record's own (the
 * platform administrator viewing or editing another tenant's user: its roles, departments and posts are named
 * from that tenant's lists), or the caller's own. `preserve`: the record's tenant is held by the form without a
 * control outside 新增.
 */
function useFormTenant(): string | undefined {
  const form = Form.useFormInstance();
  const tenant = Form.useWatch('tenantId', { form, preserve: true }) as string | undefined;
  return (tenant && isPlatformAdmin() ? tenant : undefined) || undefined;
}

export function TenantSelect({ value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['crud-tree', 'tenant-select'], queryFn: () => call(tenantEndpoints.select), staleTime: 60_000 });
  const form = Form.useFormInstance();
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      value={(value as string) || undefined}
      onChange={(v: string) => {
        onChange?.(v);
        // Roles, departments and posts belong to one tenant: a new tenant starts them afresh.
        form.setFieldsValue({ roleId: [], deptId: [], postId: [] });
      }}
      loading={q.isLoading}
      placeholder={t('crud.selectPlaceholder', { label: t('user.tenantId') })}
      options={(q.data ?? []).map((x) => ({ value: x.tenantId, label: `${x.tenantName} (${x.tenantId})` }))}
    />
  );
}

function TenantTree({ kind, value, onChange, disabled, id }: ControlProps & { kind: 'role' | 'dept' }) {
  const { t } = useTranslation();
  const tenantId = useFormTenant();
  const q = useQuery({
    queryKey: ['crud-tree', `user-${kind}`, tenantId ?? ''],
    queryFn: (): Promise<TreeNode[]> => call(kind === 'role' ? roleEndpoints.tree : deptEndpoints.tree, { query: tenantId ? { tenantId } : {} }),
    staleTime: 30_000,
  });
  return (
    <TreeSelect
      id={id}
      // Each node on its own: picking a department must not pick its parent.
      multiple
      allowClear
      disabled={disabled}
      treeDefaultExpandAll
      value={commaList(value)}
      onChange={(v) => onChange?.(v)}
      treeData={q.data ?? []}
      loading={q.isLoading}
      placeholder={t('crud.selectPlaceholder', { label: t(kind === 'role' ? 'user.roleId' : 'user.deptId') })}
    />
  );
}

export const RoleTree = (p: ControlProps) => <TenantTree kind="role" {...p} />;
export const DeptTree = (p: ControlProps) => <TenantTree kind="dept" {...p} />;

export function PostSelect({ value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const tenantId = useFormTenant();
  const q = useQuery({
    queryKey: ['crud-tree', 'user-post', tenantId ?? ''],
    queryFn: () => call(postEndpoints.select, { query: tenantId ? { tenantId } : {} }),
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled}
      value={commaList(value)}
      onChange={(v) => onChange?.(v)}
      loading={q.isLoading}
      placeholder={t('crud.selectPlaceholder', { label: t('user.postId') })}
      options={(q.data ?? []).map((p) => ({ value: p.id, label: p.postName }))}
    />
  );
}

export function PasswordInput({ value, onChange, disabled, id }: ControlProps) {
  return (
    <Input.Password id={id} autoComplete="new-password" disabled={disabled} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  );
}
