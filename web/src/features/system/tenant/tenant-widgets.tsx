import { tenantPackageEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/** The package list (package-select); under the tree-picker prefix so package writes refresh it. */
export const packageOptionsQuery = {
  queryKey: ['crud-tree', 'tenant-package-select'],
  queryFn: () => call(tenantPackageEndpoints.select),
  staleTime: 30_000,
};

export function PackageName({ id }: { id: unknown }) {
  const q = useQuery(packageOptionsQuery);
  if (!id) return null;
  return <>{q.data?.find((p) => p.id === id)?.packageName ?? String(id)}</>;
}

export function AccountNumber({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return <>{value === -1 ? t('tenant.unlimited') : String(value ?? '')}</>;
}

export function PackageSelect({ value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery(packageOptionsQuery);
  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      value={(value as string) || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      loading={q.isLoading}
      placeholder={t('crud.selectPlaceholder', { label: t('tenant.packageId') })}
      options={(q.data ?? []).map((p) => ({ value: p.id, label: p.packageName }))}
    />
  );
}
