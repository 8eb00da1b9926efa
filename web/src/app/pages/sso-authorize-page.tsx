import { federatedEndpoints } from '@zoo/contract';
import { Modal, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../lib/request';
import { useSession } from '../../lib/session';

/**
 * /oauth/authorize: another application sends its user here to sign in with this product (SSO, authorization
 * code with PKCE). Without a session the login page comes first and returns here; with one, the server checks the
 * client and its redirect URI and issues the code; a client that is not first-party needs the user's consent.
 */
export function SsoAuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const [error, setError] = useState('');
  const [modal, holder] = Modal.useModal();
  const started = useRef(false);

  useEffect(() => {
    if (!token) return void navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    if (started.current) return;
    started.current = true;
    const query = Object.fromEntries(new URLSearchParams(search));
    const run = async (approve?: '1') => {
      try {
        const r = await call(federatedEndpoints.authorize, { query: { ...query, ...(approve ? { approve } : {}) } as never });
        if (r.redirect) return window.location.assign(r.redirect);
        const ok = await modal.confirm({
          title: t('sso.consentTitle'),
          content: t('sso.consent', { client: r.consent }),
          okText: t('sso.allow'),
          cancelText: t('sso.deny'),
        });
        if (ok) await run('1');
        else setError(t('sso.denied'));
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    };
    void run();
  }, [token, navigate, pathname, search, modal, t]);

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      {holder}
      {error ? (
        <Result status="warning" title={t('sso.failed')} subTitle={error} />
      ) : (
        <Spin size="large" tip={t('sso.working')}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      )}
    </div>
  );
}
