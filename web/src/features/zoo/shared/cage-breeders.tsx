import { Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cageBreeder } from '@zoo/contract';
import { CrudPage, defineCrudPage, type ControlProps } from '../../../crud';
import { KeeperSelect } from './keeper-select';

/** The keepers of one cage (cage list dialog and cage detail page). */
export const cageBreederPage = (cageId: string) =>
  defineCrudPage({
    crud: cageBreeder,
    i18n: 'cageBreeder',
    baseQuery: { cageId },
    fields: {
      userId: { widget: 'custom', input: (p: ControlProps) => <KeeperSelect {...p} />, table: false, view: false },
      realName: { form: false },
      account: { form: false },
      remark: { widget: 'textarea', rows: 3 },
    },
    toInput: (values) => ({ ...values, cageId }),
    modalWidth: 640,
  });

/** The keepers of one cage: the keeper screen bound to the cage (also embedded in the cage card). */
export function CageBreeders({ cageId }: { cageId: string }) {
  const def = useMemo(() => cageBreederPage(cageId), [cageId]);
  return <CrudPage def={def} />;
}

export function CageBreedersDialog({ cage, onClose }: { cage: { id: string; cageName: string; cageCode: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={880}
      title={t('cageBreeder.of', { name: `${cage.cageName} (${cage.cageCode})` })}
      onCancel={onClose}
      footer={null}
      mask={{ closable: false }}
    >
      <CageBreeders cageId={cage.id} />
    </Modal>
  );
}
