import { phoneProblem, smsEndpoints } from '@zoo/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';

interface Values {
  phones: string;
  params?: string;
}

/** Phones checked as the server does (spec §5 order: empty, length, format), one message per bad number. */
const phonesRule = {
  validator: (_: unknown, v: string | undefined) => {
    const list = (v ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const problem = list.length === 0 ? phoneProblem('', true) : list.map((p) => phoneProblem(p, true)).find(Boolean);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

/** 发送测试短信 through send-message?code=<this configuration>. */
export function SmsSendDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, run] = useBusy();
  const send = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows the messages
    await run(async () => {
      await call(smsEndpoints.sendMessage, { query: { code, phones: v.phones.trim(), ...(v.params?.trim() ? { params: v.params.trim() } : {}) } as never });
      toast.success(t('sms.sent'));
      onClose();
    });
  };
  return (
    <Modal
      open
      title={t('sms.send')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="send" type="primary" loading={busy} onClick={() => void send()}>
          {t('sms.sendButton')}
        </Button>,
      ]}
    >
      <Form form={form} name="sms-send" layout="vertical">
        <Form.Item name="phones" label={t('sms.phones')} rules={[phonesRule]} extra={t('sms.phonesTip')}>
          <Input placeholder="13800138000" />
        </Form.Item>
        <Form.Item name="params" label={t('sms.params')} extra={t('sms.paramsTip')}>
          <Input.TextArea rows={3} placeholder='{"code":"1234"}' />
        </Form.Item>
      </Form>
    </Modal>
  );
}
