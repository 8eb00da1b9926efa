import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { animalPage } from './animal.crud';
import { BreederDialog } from './animal-breeder';
import { AnimalFlagsDialog } from './animal-flags';
import { canEnroll, EnrollChooser, movementLinks, MovementDialog, type MovementInit } from '../shared/movement-form';
import type { Movement, Permission } from '@zoo/contract';

type Row = RowOf<typeof animalPage.crud>;

/** /zoo/animal: individuals, with 标识 (flags and versions), 饲养员 (setbreeder), 详情 and 日志 (the keeper-log calendar). */
export default function AnimalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flags = useRowDialog<Row>('animal_flag', t('zooAnimal.flags'), (row, close) => <AnimalFlagsDialog animal={row} onClose={close} />);
  const breeder = useRowDialog<Row>('animal_breeder', t('zooAnimal.breeder'), (row, close) => <BreederDialog animals={[row]} onClose={close} />);
  const [batch, setBatch] = useState<Row[] | null>(null);
  const [movement, setMovement] = useState<{ kind: Movement; init?: MovementInit } | null>(null);
  const [choosing, setChoosing] = useState<((c: Permission) => boolean) | null>(null);
  const openMovement = (kind: Movement, init?: MovementInit) => setMovement({ kind, init });
  /** A row's movements: births name it as a parent, the others act on it (only while in stock). */
  const rowInit = (row: Row, kind: Movement): MovementInit =>
    kind === 'born' || kind === 'import'
      ? {
          animalType: 1,
          speciesId: row.speciesId,
          cageId: row.cageId || undefined,
          ...(kind === 'born' ? (row.sex === 1 ? { sireId: row.id } : row.sex === 2 ? { damId: row.id } : {}) : {}),
        }
      : { animalType: 1, speciesId: row.speciesId, animalId: row.id };
  return (
    <>
      <CrudPage
        def={animalPage}
        // New individuals enter the stock through a birth or an import: 新增 asks which (decision 0027).
        add={(ctx) => ({ show: canEnroll(ctx.can), onAdd: () => setChoosing(() => ctx.can) })}
        toolbar={(ctx) => (
          <>
            {ctx.can('animal_breeder') ? (
              <Button disabled={!ctx.selected.length} onClick={() => setBatch(ctx.selected)}>
                {t('zooAnimal.breeder')}
              </Button>
            ) : null}
          </>
        )}
        rowActions={(row, ctx) => (
          <>
            {flags.action(row, ctx)}
            {breeder.action(row, ctx)}
            {movementLinks({
              can: (c) => ctx.can(c) && (row.status === 1 || c === 'stocklog_born' || c === 'stocklog_import'),
              onOpen: (kind) => openMovement(kind, rowInit(row, kind)),
              t,
            })}
            <Button key="detail" type="link" size="small" onClick={() => navigate(`/animal/detail/${row.id}`)}>
              {t('zooAnimal.detail')}
            </Button>
            {ctx.can('animal_log') ? (
              <Button key="log" type="link" size="small" onClick={() => navigate(`/animal/log/${row.id}`)}>
                {t('basicLog.openLog')}
              </Button>
            ) : null}
          </>
        )}
      />
      {choosing ? (
        <EnrollChooser
          can={choosing}
          onClose={() => setChoosing(null)}
          onPick={(kind) => {
            setChoosing(null);
            openMovement(kind, { animalType: 1 });
          }}
        />
      ) : null}
      {flags.dialog}
      {breeder.dialog}
      {movement ? <MovementDialog kind={movement.kind} init={movement.init} onClose={() => setMovement(null)} /> : null}
      {batch ? <BreederDialog animals={batch} onClose={() => setBatch(null)} /> : null}
    </>
  );
}
