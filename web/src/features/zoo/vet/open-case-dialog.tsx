import { medCase, type VetHome } from '@zoo/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';

type Alert = VetHome['keeperAlerts'][number];

/** 开立病例 from a keeper's alert: the case names the keeper log, its complaint starts from the keeper's remark. */
export function OpenCaseDialog({ alert, onClose, onDone }: { alert: Alert; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ complaint: string; diagnosis?: string; temperature?: number | null }>();
  const [busy, run] = useBusy();
  const submit = async () => {
    const v = await form.validateFields();
    const ok = await run(() =>
      call(medCase.endpoints.submit, {
        body: {
          animalId: alert.animalId,
          openDate: chinaDay().format('YYYY-MM-DD'),
          complaint: v.complaint,
          diagnosis: v.diagnosis ?? '',
          temperature: v.temperature ?? null,
          basicLogId: alert.id,
        },
      }),
    );
    if (ok) {
      toast.success(t('vetHome.caseOpened'));
      onDone();
    }
  };
  return (
    <Modal open title={t('vetHome.openCaseOf', { name: alert.animalName })} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ complaint: alert.remark }}>
        <Form.Item name="complaint" label={t('vetHome.complaint')} rules={[{ required: true, whitespace: true, message: t('vetHome.complaintRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="temperature" label={t('vetHome.temperature')}>
          <InputNumber min={20} max={50} step={0.1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="diagnosis" label={t('vetHome.diagnosis')}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
