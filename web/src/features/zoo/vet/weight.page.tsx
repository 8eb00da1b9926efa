import { Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { AnimalSelect, WeightChart } from './vet-widgets';
import { weightPage } from './vet.crud';

/**
 * /zoo/vet/weight — 体重记录: pick an animal to see its weight curve and only its weighings (a new weighing then
 * defaults to it); without one, every weighing of the zoo.
 */
export default function WeightPage() {
  const { t } = useTranslation();
  const [animalId, setAnimalId] = useState('');
  const def = useMemo(() => (animalId ? { ...weightPage, baseQuery: { animalId }, defaults: { ...weightPage.defaults, animalId } } : weightPage), [animalId]);
  return (
    <CrudPage
      key={animalId}
      def={def}
      header={
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Space wrap>
            <Typography.Text>{t('vetWeight.animalId')}</Typography.Text>
            <AnimalSelect
              label={t('vetWeight.animalId')}
              value={animalId}
              placeholder={t('vetWeight.pickAnimal')}
              onChange={(v) => setAnimalId(String(v ?? ''))}
            />
          </Space>
          {animalId ? <WeightChart animalId={animalId} /> : null}
        </Space>
      }
    />
  );
}
