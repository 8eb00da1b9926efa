import { userEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ControlSelect, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/** The zoo's users as keeper choices (user/user-list), labelled "real name (account)". */
export function useKeeperOptions() {
  const users = useQuery({ queryKey: ['zoo-keepers'], queryFn: () => call(userEndpoints.userList), staleTime: 60_000 });
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.name ? `${u.realName || u.name} (${u.account})` : u.account }));
  return { options, loading: users.isLoading };
}

/** A user of this zoo as a keeper. */
export function KeeperSelect(control: ControlProps) {
  const { t } = useTranslation();
  const keepers = useKeeperOptions();
  return (
    <ControlSelect
      control={control}
      allowClear
      loading={keepers.loading}
      options={keepers.options}
      placeholder={t('crud.selectPlaceholder', { label: t('cageBreeder.userId') })}
    />
  );
}
