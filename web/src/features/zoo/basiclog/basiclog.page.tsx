import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { basicLogPage } from './basiclog.crud';
import { TodayRound } from './today-round';
import { AdministrationRound } from '../shared/administration-round';

/** /zoo/basiclog: the keeper's round of today first, every log in the second tab. */
export default function BasicLogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('round');
  // The list remounts when shown again, so logs made in the round appear.
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          key: 'round',
          label: t('basicLog.tabRound'),
          children: (
            <>
              <AdministrationRound />
              <TodayRound />
            </>
          ),
        },
        {
          key: 'list',
          label: t('basicLog.tabList'),
          children: (
            <CrudPage
              def={basicLogPage}
              rowActions={(row) => (
                <>
                  <Button type="link" size="small" onClick={() => void navigate(`/basiclog/detail/${row.id}`)}>
                    {t('basicLog.detail')}
                  </Button>
                  <Button type="link" size="small" onClick={() => void navigate(`/animal/log/${row.animalId}`)}>
                    {t('basicLog.calendar')}
                  </Button>
                </>
              )}
            />
          ),
        },
      ]}
    />
  );
}
