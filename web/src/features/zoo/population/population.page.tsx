import type { Movement, Permission } from '@zoo/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { canEnroll, EnrollChooser, movementLinks, MovementDialog, type MovementInit } from '../shared/movement-form';
import { populationDetailPath } from '../shared/population-detail';
import { populationPage } from './population.crud';

/**
 * /zoo/population: populations with their movements (出生/引进/输出/迁移/死亡/注销), 详情 (registry data, stock,
 * movement timeline, 变更记录) and 日志 (the population's keeper-log calendar, for whoever may read keeper logs).
 */
export default function PopulationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [movement, setMovement] = useState<{ kind: Movement; init?: MovementInit } | null>(null);
  const [choosing, setChoosing] = useState<((c: Permission) => boolean) | null>(null);
  return (
    <>
      <CrudPage
        def={populationPage}
        // A population enters the stock through a birth or an import: 新增 asks which (decision 0027).
        add={(ctx) => ({ show: canEnroll(ctx.can), onAdd: () => setChoosing(() => ctx.can) })}
        rowActions={(row, ctx) => (
          <>
            {movementLinks({
              can: ctx.can,
              init: { animalType: 2, speciesId: row.speciesId, cageId: row.cageId },
              onOpen: (kind, init) => setMovement({ kind, init }),
              t,
            })}
            <Button key="detail" type="link" size="small" onClick={() => void navigate(populationDetailPath(row.id))}>
              {t('zooPopulation.detail')}
            </Button>
            {ctx.can('basiclog_view') ? (
              <Button key="log" type="link" size="small" onClick={() => void navigate(`/animal/log/${row.id}`)}>
                {t('basicLog.openLog')}
              </Button>
            ) : null}
          </>
        )}
      />
      {movement ? <MovementDialog kind={movement.kind} init={movement.init} onClose={() => setMovement(null)} /> : null}
      {choosing ? (
        <EnrollChooser
          can={choosing}
          onClose={() => setChoosing(null)}
          onPick={(kind) => {
            setChoosing(null);
            setMovement({ kind, init: { animalType: 2 } });
          }}
        />
      ) : null}
    </>
  );
}
