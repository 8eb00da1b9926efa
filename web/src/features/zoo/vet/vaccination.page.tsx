import { DUE_SOON_DAYS } from '@zoo/contract';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { vaccinationPage } from './vet.crud';

/** /zoo/vet/vaccination — 疫苗驱虫: every record, or only those whose next dose falls due within DUE_SOON_DAYS. */
export default function VaccinationPage() {
  const { t } = useTranslation();
  const [dueOnly, setDueOnly] = useState(false);
  const def = useMemo(
    () => (dueOnly ? { ...vaccinationPage, baseQuery: { nextDue_datele: chinaDay().add(DUE_SOON_DAYS, 'day').format('YYYY-MM-DD') } } : vaccinationPage),
    [dueOnly],
  );
  return (
    <CrudPage
      key={String(dueOnly)}
      def={def}
      header={
        <Segmented
          style={{ marginBottom: 16 }}
          value={dueOnly ? 'due' : 'all'}
          onChange={(v) => setDueOnly(v === 'due')}
          options={[
            { value: 'all', label: t('vetVaccination.title') },
            { value: 'due', label: t('vetVaccination.dueSoon', { n: DUE_SOON_DAYS }) },
          ]}
        />
      }
    />
  );
}
