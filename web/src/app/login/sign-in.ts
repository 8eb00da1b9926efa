import type { TokenResponse } from '@zoo/contract';
import { md5 } from 'js-md5';
import { toast } from '../../lib/feedback';
import { t } from '../../lib/i18n';
import { call } from '../../lib/request';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { loadButtonsLater, loadMenu, session, switchHeaders } from '../../lib/session';
import { website } from '../../lib/website';

export interface SignInInput {
  tenantId: string;
  username: string;
  password: string;
  /** Text typed from the captcha image and the key it came with (captcha mode). */
  code?: string;
  captchaKey?: string;
}

type TokenBody = TokenResponse & { error_description?: string };

/** POST oauth/token with every input in the query string (contract §2.2). */
function requestToken(input: SignInInput): Promise<TokenBody> {
  const headers: Record<string, string> = { 'Tenant-Id': input.tenantId, ...switchHeaders() };
  if (website.captchaMode) {
    headers['Captcha-Key'] = input.captchaKey ?? '';
    headers['Captcha-Code'] = input.code ?? '';
  }
  return call(firstEndpoints.token, {
    query: {
      tenantId: input.tenantId,
      username: input.username,
      password: md5(input.password),
      grant_type: website.captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
  });
}

/** What a social sign-in may end in: signed in, the provider identity not yet bound (register first), or failed. */
export type SocialResult = { kind: 'ok' } | { kind: 'register'; oauthId: string; tenantId: string; account: string; name: string } | { kind: 'failed' };

/**
 * grant_type=social with the source, code and state the callback handed to the login page (spec §7). An identity
 * without an account answers user_id -1 and no token: the third-party register dialog opens instead.
 */
export async function socialSignIn(input: { tenantId: string; source: string; code: string; state: string }): Promise<SocialResult> {
  let body: TokenBody & { user_id: string };
  try {
    body = await call(firstEndpoints.token, {
      query: { tenantId: input.tenantId, source: input.source, code: input.code, state: input.state, grant_type: 'social', scope: 'all' } as never,
      headers: { 'Tenant-Id': input.tenantId },
    });
  } catch {
    return { kind: 'failed' };
  }
  if (body?.user_id === '-1' && body.oauth_id)
    return { kind: 'register', oauthId: body.oauth_id, tenantId: body.tenant_id, account: body.account, name: body.nick_name };
  return (await finish(body)) ? { kind: 'ok' } : { kind: 'failed' };
}

async function finish(body: TokenBody): Promise<boolean> {
  if (body?.error_description || !body?.access_token) {
    toast.error(body?.error_description || t('request.unknownError'));
    return false;
  }
  await loadMenu(body.access_token).catch(() => undefined);
  session().login(body);
  void loadButtonsLater();
  return true;
}

/**
 * Logs in and prepares the session: menu first (with the new token), then the session itself,
 * then the buttons 500 ms later. Resolves false when the login failed (the message is shown).
 */
export async function signIn(input: SignInInput): Promise<boolean> {
  let body: TokenBody;
  try {
    body = await requestToken(input);
  } catch {
    return false; // the request layer already showed the server's message
  }
  return finish(body);
}
