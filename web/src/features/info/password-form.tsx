import { userEndpoints } from '@zoo/contract';
import { Alert, Button, Form, Input } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback';
import { call } from '../../lib/request';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * 修改密码: all three values md5-digested as at login (api-contract §2.5); the server checks the confirmation
 * and the old password, and its message shows here when it refuses.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState('');
  const required = (key: string) => [{ required: true, whitespace: false, message: t(key) }];

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefused('');
    try {
      await call(userEndpoints.updatePassword, {
        query: { oldPassword: md5(v.oldPassword), newPassword: md5(v.newPassword), newPassword1: md5(v.newPassword1) },
      });
    } catch (e) {
      setRefused(e instanceof Error ? e.message : String(e));
      return;
    } finally {
      setSaving(false);
    }
    form.resetFields();
    toast.success(t('info.passwordSaved'));
  };

  return (
    <Form form={form} name="user-password" labelCol={{ flex: '120px' }} style={{ maxWidth: 640 }}>
      {refused ? <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={required('info.oldPasswordRequired')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('info.newPassword')} rules={required('info.newPasswordRequired')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="newPassword1" label={t('info.newPassword1')} rules={required('info.newPassword1Required')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('info.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
