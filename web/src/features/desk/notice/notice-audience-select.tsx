import { roleEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { commaList } from '../../../lib/comma-list';
import { call } from '../../../lib/request';

/**
 * Who a notice is for (decision 0051): roles of the zoo, picked by name and sent as their aliases, comma-joined;
 * none picked means everyone. An alias no role has any more stays shown as itself, so saving keeps it visible.
 */
export function AudienceSelect({ value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['notice-audience-roles'], queryFn: () => call(roleEndpoints.select), staleTime: 60_000 });
  const options = new Map<string, string>();
  for (const r of q.data ?? []) if (r.roleAlias && !options.has(r.roleAlias)) options.set(r.roleAlias, r.roleName);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled}
      loading={q.isLoading}
      value={commaList(value)}
      onChange={(v: string[]) => onChange?.(v.join(','))}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('notice.everyone')}
      options={[...options].map(([alias, name]) => ({ value: alias, label: name }))}
    />
  );
}
