import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { animalPage } from './animal.crud';
import { BreederDialog } from './animal-breeder';
import { AnimalFlagsDialog } from './animal-flags';

type Row = RowOf<typeof animalPage.crud>;

/** /zoo/animal: individuals, with 标识 (flags and versions), 饲养员 (setbreeder), 详情 and 日志 (the keeper-log calendar). */
export default function AnimalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flags = useRowDialog<Row>('animal_flag', t('zooAnimal.flags'), (row, close) => <AnimalFlagsDialog animal={row} onClose={close} />);
  const breeder = useRowDialog<Row>('animal_breeder', t('zooAnimal.breeder'), (row, close) => <BreederDialog animals={[row]} onClose={close} />);
  const [batch, setBatch] = useState<Row[] | null>(null);
  return (
    <>
      <CrudPage
        def={animalPage}
        toolbar={(ctx) =>
          ctx.can('animal_breeder') ? (
            <Button disabled={!ctx.selected.length} onClick={() => setBatch(ctx.selected)}>
              {t('zooAnimal.breeder')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => (
          <>
            {flags.action(row, ctx)}
            {breeder.action(row, ctx)}
            <Button type="link" size="small" onClick={() => navigate(`/animal/detail/${row.id}`)}>
              {t('zooAnimal.detail')}
            </Button>
            {ctx.can('animal_log') ? (
              <Button type="link" size="small" onClick={() => navigate(`/animal/log/${row.id}`)}>
                {t('basicLog.openLog')}
              </Button>
            ) : null}
          </>
        )}
      />
      {flags.dialog}
      {breeder.dialog}
      {batch ? <BreederDialog animals={batch} onClose={() => setBatch(null)} /> : null}
    </>
  );
}
