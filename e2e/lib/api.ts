import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { baseURL, captchaCode } from './browser';

/** Setup and checks through the API beside the screens (the token grant with a captcha, as the login page does it). */
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export async function tokenOf(tenantId: string, account: string, password: string): Promise<string> {
  const cap = (await (await fetch(`${baseURL()}/api/blade-auth/oauth/captcha`)).json()) as { key: string };
  const q = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await fetch(`${baseURL()}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': tenantId, 'captcha-key': cap.key, 'captcha-code': await captchaCode(cap.key) },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
export async function api(token: string, path: string, o: { body?: unknown; query?: Record<string, string> } = {}): Promise<any> {
  const res = await fetch(`${baseURL()}/api${path}${o.query ? `?${new URLSearchParams(o.query)}` : ''}`, {
    method: 'POST',
    headers: { ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), authorization: BASIC, 'blade-auth': `bearer ${token}` },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const json = (await res.json()) as { success: boolean; msg: string; data: unknown };
  expect(json.success, `${path}: ${json.msg}`).toBe(true);
  return json.data;
}
