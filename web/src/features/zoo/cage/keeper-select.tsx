import { userEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

const loadKeepers = () => call(userEndpoints.userList);

/** A user of this zoo as a keeper (user/user-list), shown as "real name (account)". */
export function KeeperSelect(control: ControlProps) {
  const { t } = useTranslation();
  const users = useQuery({ queryKey: ['zoo-keepers'], queryFn: loadKeepers, staleTime: 60_000 });
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName || u.name} (${u.account})` }));
  return (
    <Select
      id={control.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={control.value as string | undefined}
      onChange={(v) => control.onChange?.(v)}
      disabled={control.disabled}
      loading={users.isLoading}
      options={options}
      placeholder={t('crud.selectPlaceholder', { label: t('cageBreeder.userId') })}
    />
  );
}
