import { md5Hex } from '../src/platform/auth/password';
import type { TestApp } from './harness';

export interface TokenCall {
  username?: string;
  password?: string;
  tenant?: string | null;
  grant?: string;
  captcha?: { key: string; code: string } | null;
  basic?: string;
  extra?: Record<string, string>;
}

/** A call of the token endpoint with the given parts (defaults: platform admin, captcha grant, a fresh captcha). */
export async function tokenCall(t: TestApp, o: TokenCall) {
  const c = o.captcha === undefined ? await t.captcha() : o.captcha;
  const headers: Record<string, string> = {};
  if (o.tenant !== null) headers['tenant-id'] = o.tenant ?? '000000';
  if (c) Object.assign(headers, { 'captcha-key': c.key, 'captcha-code': c.code });
  if (o.basic) headers.authorization = o.basic;
  return t.request({
    method: 'POST',
    url: '/blade-auth/oauth/token',
    headers,
    query: {
      tenantId: o.tenant ?? '000000',
      username: o.username ?? 'admin',
      password: md5Hex(o.password ?? 'admin'),
      grant_type: o.grant ?? 'captcha',
      scope: 'all',
      type: 'account',
      ...o.extra,
    },
  });
}
