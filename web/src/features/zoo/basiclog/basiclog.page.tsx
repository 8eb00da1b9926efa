import { Spin, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../crud/can';
import { withJitlessZod } from '../../../lib/zod-jitless';
import { readEarly } from './round-reads';
import { TodayRound } from './today-round';

// The round is what a keeper opens, often offline (decision 0046): its first paint compiles neither the contract's
// schemas (zod) nor the list's table. The log list and today's doses (both online reads that validate with the
// contract) come as their own chunks.
const LogList = lazy(withJitlessZod(() => import('./basiclog-list')));
const AdministrationRound = lazy(withJitlessZod(() => import('../shared/administration-round').then((m) => ({ default: m.AdministrationRound }))));

// Opened at this screen (a reload, the installed app): the round's reads start with the code, and the first render
// waits for them (lazy-page.ts), so the shell and the round are drawn in one frame.
export const firstFrame = window.location.pathname === '/zoo/basiclog' ? readEarly() : undefined;

/** /zoo/basiclog: the keeper's round of today first, every log in the second tab. */
export default function BasicLogPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('round');
  // Only roles that give medicines load the doses' card (it shows nothing to the others).
  const canDose = useCan('vet_administration_view');
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
              {canDose ? (
                <Suspense fallback={null}>
                  <AdministrationRound />
                </Suspense>
              ) : null}
              <TodayRound />
            </>
          ),
        },
        {
          key: 'list',
          label: t('basicLog.tabList'),
          children: (
            <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
              <LogList />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
