import { userEndpoints } from '@zoo/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/feedback';
import { call, RequestError } from '../../lib/request';
import { useSession } from '../../lib/session';
import { LOGIN_PATH } from '../router/route-meta';
import { registerError, type RegisterValues } from './register-form';
import { useShellUi } from './shell-ui';

/** A social sign-in's "not registered" answer, when the dialog opens on the login page. */
export interface SocialIdentity {
  oauthId: string;
  tenantId: string;
  account: string;
  name: string;
}

/**
 * Third-party register (a social login without an account): validation in the order of spec §5,
 * POST register-guest with the oauth id; on success an alert, then logout to /login. Opens in the shell for a
 * session with user_id -1, or on the login page with the identity the social grant answered.
 */
export function RegisterDialog({ social, onClose }: { social?: SocialIdentity; onClose?: () => void } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shellOpen = useShellUi((s) => s.open === 'register');
  const closeShell = useShellUi((s) => s.close);
  const open = social ? true : shellOpen;
  const close = onClose ?? closeShell;
  const user = useSession((s) => s.userInfo);
  const logout = useSession((s) => s.logout);
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const [modal, holder] = Modal.useModal();

  const submit = async () => {
    const values = form.getFieldsValue();
    const error = registerError(values);
    if (error) return toast.warning(t(error));
    setBusy(true);
    try {
      await call(userEndpoints.registerGuest, {
        query: {
          tenantId: values.tenantId?.trim(),
          name: values.name?.trim() || undefined,
          account: values.account?.trim(),
          password: values.password,
          password2: values.password2,
          oauthId: social?.oauthId || user?.oauth_id || undefined,
        },
      });
      // The alert first: on the login page closing the dialog unmounts it, and its alert with it.
      await modal.info({ title: t('layout.tip'), content: t('shell.registerForm.success'), okText: t('shell.ok') });
      close();
      logout();
      navigate(LOGIN_PATH, { replace: true });
    } catch (e) {
      // The request layer toasted a server message; only a silent failure needs '提交失败'.
      if (!(e instanceof RequestError) || e.kind !== 'response') toast.error(t('shell.registerForm.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shell.registerForm.title')}
      onCancel={close}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('shell.ok')}
      cancelText={t('shell.cancel')}
    >
      {holder}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        initialValues={social ? { tenantId: social.tenantId, account: social.account, name: social.name } : { tenantId: user?.tenant_id ?? '' }}
      >
        <Form.Item name="tenantId" label={t('shell.registerForm.tenantId')}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('shell.registerForm.name')}>
          <Input />
        </Form.Item>
        <Form.Item name="account" label={t('shell.registerForm.account')}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('shell.registerForm.password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('shell.registerForm.password2')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
