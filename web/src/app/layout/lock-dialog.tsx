import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellUi } from './shell-ui';
import { useLock } from './use-lock';

/** Asks for the lock password ('锁屏密码不能为空'), then locks the screen. */
export function LockDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'lock');
  const close = useShellUi((s) => s.close);
  const { lockWith } = useLock();
  const [form] = Form.useForm<{ passwd: string }>();
  const submit = async () => {
    const { passwd } = await form.validateFields();
    close();
    form.resetFields();
    lockWith(passwd);
  };
  return (
    <Modal
      open={open}
      title={t('shell.lockDialog.title')}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('shell.ok')}
      cancelText={t('shell.cancel')}
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="passwd" label={t('shell.lockDialog.password')} rules={[{ required: true, whitespace: true, message: t('shell.lockDialog.required') }]}>
          <Input.Password autoFocus autoComplete="new-password" onPressEnter={() => void submit().catch(() => undefined)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
