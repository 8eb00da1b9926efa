import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Space } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/feedback';
import { call } from '../../lib/request';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { website } from '../../lib/website';
import type { SocialIdentity } from '../layout/register-dialog';
import { socialSignIn } from './sign-in';

// Only a first-time social sign-in needs the dialog: kept out of the login page's first download.
const RegisterDialog = lazy(() => import('../layout/register-dialog').then((m) => ({ default: m.RegisterDialog })));

/** The tenant a render was started for, read back when the provider returns the browser to /login. */
const TENANT_KEY = 'zoo-social-tenant';

/** Where to go after signing in: a same-site path the SSO authorize page asked for, else home. */
export function afterLogin(params: URLSearchParams): string {
  const r = params.get('redirect') ?? '';
  return r.startsWith('/') && !r.startsWith('//') ? r : '/';
}

/**
 * The enabled identity providers' buttons (render/{source} with state and PKCE happens on the server), and the
 * end of their round trip: /login?source&code&state completes grant_type=social; an identity without an account
 * opens the third-party register dialog (spec §2, §4, §5).
 */
export function SocialLogin({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [register, setRegister] = useState<SocialIdentity>();
  const started = useRef(false);
  const providers = useQuery({
    queryKey: ['login-providers', tenantId],
    queryFn: () => call(firstEndpoints.providers, { query: { tenantId } }),
    staleTime: 60_000,
  });

  useEffect(() => {
    if (started.current) return;
    const error = params.get('social_error');
    const [source, code, state] = [params.get('source'), params.get('code'), params.get('state')];
    if (!error && !(source && code && state)) return;
    started.current = true;
    // The code and state are single use: off the address bar before anything else.
    navigate('/login', { replace: true });
    if (error) return void toast.error(error);
    const tenant = sessionStorage.getItem(TENANT_KEY) || tenantId;
    void socialSignIn({ tenantId: tenant, source: source!, code: code!, state: state! }).then((r) => {
      if (r.kind === 'ok') navigate(sessionStorage.getItem(`${TENANT_KEY}-redirect`) || '/', { replace: true });
      else if (r.kind === 'register') setRegister(r);
    });
  }, [params, navigate, tenantId]);

  const go = (source: string) => {
    sessionStorage.setItem(TENANT_KEY, tenantId);
    sessionStorage.setItem(`${TENANT_KEY}-redirect`, afterLogin(params));
    window.location.assign(`${website.apiPrefix}/blade-auth/oauth/render/${encodeURIComponent(source)}?tenantId=${encodeURIComponent(tenantId)}`);
  };

  const list = providers.data ?? [];
  return (
    <>
      {list.length ? (
        <>
          <Divider plain style={{ margin: '16px 0 12px' }}>
            {t('login.social')}
          </Divider>
          <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
            {list.map((p) => (
              <Button key={p.source} onClick={() => go(p.source)} data-source={p.source}>
                {p.name}
              </Button>
            ))}
          </Space>
        </>
      ) : null}
      {register ? (
        <Suspense fallback={null}>
          <RegisterDialog social={register} onClose={() => setRegister(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
