import type { Movement } from '@zoo/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, type RowOf } from '../../../crud';
import { MovementButtons, MovementDialog, type MovementInit } from '../shared/movement-form';
import { MovementTimeline } from '../shared/movement-timeline';
import { populationPage } from './population.crud';

type Row = RowOf<typeof populationPage.crud>;

/**
 * /zoo/population: populations with their movements (出生/引进/输出/迁移/死亡/注销), movement timeline and 日志 (the
 * population's keeper-log calendar, for whoever may read keeper logs).
 */
export default function PopulationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [movement, setMovement] = useState<{ kind: Movement; init?: MovementInit } | null>(null);
  const [timeline, setTimeline] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={populationPage}
        // New heads enter through a birth or an import (the registry's 新增 stays for an opening census).
        toolbar={(ctx) => (
          <MovementButtons can={(c) => (c === 'stocklog_born' || c === 'stocklog_import') && ctx.can(c)} onOpen={(kind) => setMovement({ kind, init: { animalType: 2 } })} />
        )}
        rowActions={(row, ctx) => (
          <>
            <MovementButtons
              link
              can={ctx.can}
              init={{ animalType: 2, speciesId: row.speciesId, cageId: row.cageId }}
              onOpen={(kind, init) => setMovement({ kind, init })}
            />
            <Button type="link" size="small" onClick={() => setTimeline(row)}>
              {t('zooStockLog.timeline')}
            </Button>
            {ctx.can('basiclog_view') ? (
              <Button type="link" size="small" onClick={() => void navigate(`/animal/log/${row.id}`)}>
                {t('basicLog.openLog')}
              </Button>
            ) : null}
          </>
        )}
      />
      {movement ? <MovementDialog kind={movement.kind} init={movement.init} onClose={() => setMovement(null)} /> : null}
      {timeline ? (
        <Modal open footer={null} width={720} title={`${t('zooStockLog.timeline')} · ${timeline.speciesName} ${timeline.cageCode}`} onCancel={() => setTimeline(null)}>
          <MovementTimeline populationId={timeline.id} />
        </Modal>
      ) : null}
    </>
  );
}
