import { InputNumber, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { FemaleSelect, HormoneChart } from './breeding-widgets';
import { oestrusPage } from './breeding.crud';

/**
 * /zoo/breeding/oestrus — 发情观察: pick a female and a season to see her hormone curve with the oestrogen peak and
 * only her observations (a new one then defaults to her); without one, every observation of the season.
 */
export default function OestrusPage() {
  const { t } = useTranslation();
  const [animalId, setAnimalId] = useState('');
  const [year, setYear] = useState<number>(chinaDay().year());
  const def = useMemo(
    () => ({
      ...oestrusPage,
      baseQuery: { year, ...(animalId ? { animalId } : {}) },
      defaults: { ...oestrusPage.defaults, ...(animalId ? { animalId } : {}) },
    }),
    [animalId, year],
  );
  return (
    <CrudPage
      key={`${animalId}-${year}`}
      def={def}
      header={
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Space wrap>
            <Typography.Text>{t('breedOestrus.animalId')}</Typography.Text>
            <FemaleSelect label={t('breedOestrus.animalId')} value={animalId} onChange={(v) => setAnimalId(String(v ?? ''))} />
            <Typography.Text>{t('breedOestrus.year')}</Typography.Text>
            <InputNumber aria-label={t('breedOestrus.year')} min={1900} max={2999} value={year} onChange={(v) => v && setYear(v)} />
          </Space>
          {animalId ? <HormoneChart animalId={animalId} year={year} /> : null}
        </Space>
      }
    />
  );
}
