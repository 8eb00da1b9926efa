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
  if (body?.error_description || !body?.access_token) {
    toast.error(body?.error_description || t('request.unknownError'));
    return false;
  }
  await loadMenu(body.access_token).catch(() => undefined);
  session().login(body);
  void loadButtonsLater();
  return true;
}
