import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { LoginForm } from './login-form';

/** /login: brand panel and the sign-in card. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 64,
        padding: 24,
        flexWrap: 'wrap',
        background: 'linear-gradient(135deg, #1f4e3d 0%, #2f7d5b 55%, #409EFF 100%)',
      }}
    >
      <div style={{ color: '#fff', maxWidth: 420 }}>
        <Typography.Title level={2} style={{ color: '#fff' }}>
          {t('app.title')}
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,.85)', fontSize: 16 }}>{t('login.slogan')}</Typography.Paragraph>
      </div>
      <Card
        style={{ width: 380 }}
        title={t('login.heading')}
        extra={<LangSwitch />}
      >
        <LoginForm />
      </Card>
    </div>
  );
}
