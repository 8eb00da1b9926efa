import { userEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/request';
import { InfoForm } from './info-form';
import { PasswordForm } from './password-form';

/** /info/index: the signed-in user's own profile and password (spec §3 personal info form). */
export default function InfoPage() {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: ['user-info'], queryFn: () => call(userEndpoints.info), gcTime: 0 });
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          {
            key: 'info',
            label: t('info.tabInfo'),
            children: info.data ? <InfoForm user={info.data} onSaved={() => void info.refetch()} /> : <Spin />,
          },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
