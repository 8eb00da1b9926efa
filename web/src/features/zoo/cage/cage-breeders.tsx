import { Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { cageBreederPage } from './cage.crud';

/** The keepers of one cage: the keeper screen bound to the cage (also embedded in the cage card). */
export function CageBreeders({ cageId }: { cageId: string }) {
  const def = useMemo(() => cageBreederPage(cageId), [cageId]);
  return <CrudPage def={def} />;
}

export function CageBreedersDialog({ cage, onClose }: { cage: { id: string; cageName: string; cageCode: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open width={880} title={t('cageBreeder.of', { name: `${cage.cageName} (${cage.cageCode})` })} onCancel={onClose} footer={null} mask={{ closable: false }}>
      <CageBreeders cageId={cage.id} />
    </Modal>
  );
}
