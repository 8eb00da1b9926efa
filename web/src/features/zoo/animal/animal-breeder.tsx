import { animalEndpoints } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudKeys } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { useKeeperOptions } from '../shared/keeper-select';

/** 饲养员: sets (or clears) the keeper of one or more animals through setbreeder. */
export function BreederDialog({ animals, onClose }: { animals: Array<{ id: string; localNo: string; breederId: string }>; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keepers = useKeeperOptions();
  const [breederId, setBreederId] = useState<string | undefined>(animals.length === 1 ? animals[0]!.breederId || undefined : undefined);
  const [saving, run] = useBusy();
  const save = async () => {
    await run(async () => {
      await call(animalEndpoints.setBreeder, { query: { ids: animals.map((a) => a.id).join(','), breederId: breederId ?? '' } });
      toast.success(t('zooAnimal.breederDone'));
      await client.invalidateQueries({ queryKey: crudKeys.lists('animal') });
      onClose();
    });
  };
  return (
    <Modal
      open
      title={`${t('zooAnimal.breeder')} · ${animals.map((a) => a.localNo).join('、')}`}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Form labelCol={{ flex: '120px' }} wrapperCol={{ flex: 1 }}>
        <Form.Item label={t('zooAnimal.breederName')} htmlFor="animal-breeder">
          <Select
            id="animal-breeder"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={keepers.loading}
            value={breederId}
            onChange={(v) => setBreederId(v)}
            placeholder={t('zooAnimal.breederPick')}
            options={keepers.options}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
