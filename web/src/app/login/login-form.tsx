import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { website } from '../../lib/website';
import { CaptchaField } from './captcha-field';
import { signIn } from './sign-in';
import { useCaptcha } from './use-captcha';
import { useDomainTenant } from './use-domain-tenant';
import { afterLogin, SocialLogin } from './social-login';

interface Values {
  tenantId: string;
  username: string;
  password: string;
  captcha?: string;
}

/** Saber's default form (contract §8.13); field names give the inputs stable ids (#username …). */
const initialValues: Values = { tenantId: website.tenantId, username: 'admin', password: 'admin', captcha: '' };

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const domainTenant = useDomainTenant();
  const showTenant = website.tenantMode && !domainTenant;
  const [params] = useSearchParams();
  const typedTenant = Form.useWatch('tenantId', form) as string | undefined;

  const onFinish = async (values: Values) => {
    setBusy(true);
    const ok = await signIn({
      tenantId: domainTenant ?? values.tenantId ?? website.tenantId,
      username: values.username,
      password: values.password,
      code: values.captcha,
      captchaKey: captcha.key,
    });
    setBusy(false);
    if (ok) return void navigate(afterLogin(params), { replace: true });
    form.setFieldValue('captcha', '');
    captcha.refresh();
  };

  const required = (key: string) => [{ required: true, message: t(key) }];
  return (
    <Form form={form} initialValues={initialValues} onFinish={onFinish} size="large" autoComplete="off">
      {showTenant ? (
        <Form.Item name="tenantId" rules={required('login.tenantIdRequired')}>
          <Input prefix={<TeamOutlined />} aria-label={t('login.tenantId')} placeholder={t('login.tenantIdRequired')} />
        </Form.Item>
      ) : null}
      <Form.Item name="username" rules={required('login.usernameRequired')}>
        <Input prefix={<UserOutlined />} aria-label={t('login.username')} placeholder={t('login.usernameRequired')} />
      </Form.Item>
      <Form.Item name="password" rules={required('login.passwordRequired')}>
        <Input.Password prefix={<LockOutlined />} aria-label={t('login.password')} placeholder={t('login.passwordRequired')} />
      </Form.Item>
      {website.captchaMode ? <CaptchaField image={captcha.image} onRefresh={captcha.refresh} /> : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
      <SocialLogin tenantId={domainTenant ?? (typedTenant?.trim() || website.tenantId)} />
    </Form>
  );
}
