import { medQuarantine, vetCareEndpoints } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudKeys, useRowDialog, type RowOf } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { quarantinePage } from './vet-care.crud';

type Row = RowOf<typeof quarantinePage.crud>;

/** A vet's release: the day and the conclusion (the server refuses a day before the quarantine's planned end). */
function ReleaseDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ releaseDate: Dayjs; findings: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await call(vetCareEndpoints.release, { body: { id: row.id, releaseDate: v.releaseDate.format('YYYY-MM-DD'), findings: v.findings } });
      toast.success(t('vetQuarantine.released'));
      await queries.invalidateQueries({ queryKey: crudKeys.lists(medQuarantine.name) });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('vetQuarantine.releaseOf', { name: row.animalName })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ releaseDate: dayjs(chinaDay().format('YYYY-MM-DD')) }}>
        <Form.Item label={t('vetQuarantine.endDate')}>{row.endDate}</Form.Item>
        <Form.Item name="releaseDate" label={t('vetQuarantine.releaseDate')} rules={[{ required: true, message: t('vetQuarantine.releaseDateRequired') }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="findings"
          label={t('vetQuarantine.findings')}
          rules={[{ required: true, whitespace: true, message: t('vetQuarantine.findingsRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={1000} data-testid="quarantine-findings" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /zoo/vet/quarantine — 隔离检疫: quarantines in force first by date; 解除隔离 (vet_quarantine_release) ends one. */
export default function QuarantinePage() {
  const { t } = useTranslation();
  const release = useRowDialog<Row>('vet_quarantine_release', t('vetQuarantine.release'), (row, close) => <ReleaseDialog row={row} onClose={close} />);
  return (
    <>
      <CrudPage def={quarantinePage} rowActions={(row, ctx) => (row.quarantineStatus === 1 ? release.action(row, ctx) : null)} />
      {release.dialog}
    </>
  );
}
