import { createHash } from 'node:crypto';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * The access token of a tenant's seeded `admin` (password `admin`, sent md5-hashed as the client does) on a server
 * started with CAPTCHA_MODE=off; fails loudly when the sign-in is refused.
 */
export async function adminToken(base: string, tenantId: string): Promise<string> {
  const digest = createHash('md5').update('admin').digest('hex');
  const r = await fetch(`${base}/api/blade-auth/oauth/token?username=admin&password=${digest}&grant_type=password&scope=all`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': tenantId },
  });
  const token = ((await r.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`tenant ${tenantId}: admin/admin cannot sign in`);
  return token;
}
