import { auditEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';
import { auditTypeName } from './audit-type-name';

/** The audited tables, named by their resource title (数据表 filter of the audit screen). */
export function AuditTableSelect({ value, onChange, id, disabled }: ControlProps) {
  const { t } = useTranslation();
  const tables = useQuery({ queryKey: ['audit-tables'], queryFn: () => call(auditEndpoints.tables), staleTime: 5 * 60_000 });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      loading={tables.isFetching}
      value={value as string | undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={t('crud.selectPlaceholder', { label: t('audit.tableName') })}
      style={{ minWidth: 200 }}
      options={(tables.data ?? []).map((x) => ({ value: x.tableName, label: `${auditTypeName(x.resource, x.title)} (${x.tableName})` }))}
    />
  );
}
