import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { LoginForm } from './login-form';

/**
 * /login: brand panel and the sign-in card. Plain elements rather than antd Card/Typography: those pull in
 * Tabs, Skeleton, Tooltip and the editable-text code, and this page is the first download (issue 13).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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
        <h2 style={{ color: '#fff', fontSize: token.fontSizeHeading2, fontWeight: 600, margin: '0 0 16px' }}>{t('app.title')}</h2>
        <p style={{ color: 'rgba(255,255,255,.85)', fontSize: 16, margin: 0 }}>{t('login.slogan')}</p>
      </div>
      <section
        aria-label={t('login.heading')}
        style={{ width: 380, maxWidth: '100%', background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary }}
      >
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '16px 24px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <h3 style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, color: token.colorTextHeading }}>{t('login.heading')}</h3>
          <LangSwitch />
        </header>
        <div style={{ padding: 24 }}>
          <LoginForm />
        </div>
      </section>
    </div>
  );
}
