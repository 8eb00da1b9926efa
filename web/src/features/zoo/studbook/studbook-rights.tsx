import { STUDBOOK_NO_RE, studbookEndpoints as ep, tenantEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Segmented, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { isAdministrator, session } from '../../../lib/session';
import { useBusy } from '../../../lib/use-busy';

/** Tenant 000000's administrator: the only one who grants the studbook-keeper right (the keepers endpoints). */
export const isPlatformAdmin = (): boolean => {
  const u = session().userInfo;
  return u?.tenant_id === '000000' && isAdministrator(u?.role_name);
};

/**
 * Studbook administration (decision 0037): the platform grants zoos the studbook-keeper right for a species
 * (they then read the species' whole studbook across zoos), and a keeper edits an animal's number in the national
 * or international studbook (SPARKS form; a dropped number is never reused, the server says so).
 */
export function KeepersDialog({ speciesId, speciesName, onClose }: { speciesId: string; speciesName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const keepers = useQuery({ queryKey: ['studbook', 'keepers', speciesId], queryFn: () => call(ep.keepers, { query: { speciesId } }) });
  const zoos = useQuery({ queryKey: ['tenant', 'select'], queryFn: () => call(tenantEndpoints.select) });
  const [value, setValue] = useState<string[] | undefined>();
  const [busy, run] = useBusy();
  // The list edited starts from an answer fetched since the dialog opened, never from the cache: reopened right after
  // a save, the cache still held the list before it, and saving that again would have undone the save.
  useEffect(() => {
    if (keepers.isFetchedAfterMount && keepers.data && value === undefined) setValue(keepers.data.map((k) => k.tenantId));
  }, [keepers.isFetchedAfterMount, keepers.data, value]);
  const save = () =>
    run(async () => {
      await call(ep.setKeepers, { body: { speciesId, tenantIds: value ?? [] } });
      toast.success(t('studbook.keepers.saved'));
      onClose();
    });
  return (
    <Modal
      open
      title={t('studbook.keepers.title', { species: speciesName })}
      width="min(560px, 96vw)"
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('studbook.keepers.save')}
      okButtonProps={{ loading: busy, disabled: value === undefined, 'data-testid': 'keepers-save' } as never}
    >
      <Typography.Paragraph type="secondary">{t('studbook.keepers.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('studbook.keepers.zoos')} htmlFor="studbook-keepers">
          <Select
            id="studbook-keepers"
            mode="multiple"
            allowClear
            loading={(value === undefined && !keepers.isError) || zoos.isLoading}
            value={value}
            onChange={setValue}
            showSearch={{ optionFilterProp: 'label' }}
            options={(zoos.data ?? []).filter((z) => z.tenantId !== '000000').map((z) => ({ value: z.tenantId, label: `${z.tenantName} (${z.tenantId})` }))}
            data-testid="keepers-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function NumberDialog({
  speciesId,
  animal,
  onClose,
  onDone,
}: {
  speciesId: string;
  animal: { id: string; label: string; no: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ scope: 1 | 2; studbookNo: string }>();
  const [busy, run] = useBusy();
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await call(ep.number, { body: { speciesId, animalId: animal.id, scope: v.scope, studbookNo: (v.studbookNo ?? '').trim() } });
      toast.success(t('studbook.number.saved'));
      onDone();
      onClose();
    });
  };
  return (
    <Modal
      open
      title={t('studbook.number.title', { animal: animal.label })}
      width="min(480px, 96vw)"
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ loading: busy, 'data-testid': 'number-save' } as never}
    >
      <Form form={form} layout="vertical" initialValues={{ scope: 1, studbookNo: animal.no }}>
        <Form.Item name="scope" label={t('studbook.number.scope')}>
          <Segmented
            options={[
              { label: t('studbook.import.national'), value: 1 },
              { label: t('studbook.import.international'), value: 2 },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="studbookNo"
          label={t('studbook.number.no')}
          extra={t('studbook.number.hint')}
          rules={[
            { validator: async (_r, v: string) => (!v || STUDBOOK_NO_RE.test(v.trim()) ? undefined : Promise.reject(new Error(t('studbook.number.invalid')))) },
          ]}
        >
          <Input maxLength={10} data-testid="number-input" />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('studbook.number.never')} />
    </Modal>
  );
}

/** The header button of the platform administrator. */
export function KeepersButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onClick} data-testid="studbook-keepers">
      {t('studbook.keepers.button')}
    </Button>
  );
}
